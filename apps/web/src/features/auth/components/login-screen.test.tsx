import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError, api } from '../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import { LoginScreen, safeNextPath } from './login-screen.tsx';

describe('login page', () => {
  it.each(['/my-page\n//evil.example', '/my-page\u0000', '/a\tb', '/x\u007f', '//evil.example', '/\\evil.example', 'https://evil.example', '/a\\b'])(
    'refuses %j as the path after sign-in, as the server does',
    (next) => {
      expect(safeNextPath(next)).toBe('/');
    },
  );

  it.each(['/my-page/point-charge', '/artist/group/3?tab=films', '/日本語'])('keeps the same-origin path %j', (next) => {
    expect(safeNextPath(next)).toBe(next);
  });

  it('signed out, shows the providers; the expected 401 of the auth check is not logged as an error', async () => {
    server.use(http.get(api('/auth/me'), () => apiError(401, 'auth.unauthenticated')));
    renderWithProviders(<LoginScreen />, { path: '/login' });
    expect(await screen.findByRole('link', { name: /test account/i })).toHaveAttribute('href', expect.stringContaining('/api/auth/dev/start'));
    // console.error fails the test (test/setup.ts): reaching here means the 401 logged nothing.
  });
});

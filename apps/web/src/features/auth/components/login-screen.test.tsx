import type { Language } from '@orchard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError, api } from '../../../test/handlers/api.ts';
import { translateInto } from '../../../test/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import { LoginScreen } from './login-screen.tsx';

describe('login page', () => {
  it('signed out, shows the providers; the expected 401 of the auth check is not logged as an error', async () => {
    server.use(http.get(api('/auth/me'), () => apiError(401, 'auth.unauthenticated')));
    renderWithProviders(<LoginScreen />, { path: '/login' });
    expect(await screen.findByRole('link', { name: /test account/i })).toHaveAttribute('href', expect.stringContaining('/api/auth/dev/start'));
    // console.error fails the test (test/setup.ts): reaching here means the 401 logged nothing.
  });

  it('sends the provider back to this page with its next, and a new account on to the join carrying it (docs/product.md#accounts)', async () => {
    server.use(http.get(api('/auth/me'), () => apiError(401, 'auth.unauthenticated')));
    const view = renderWithProviders(<LoginScreen />, { path: '/login?next=%2Fproject%2F1' });
    const provider = await screen.findByRole('link', { name: /test account/i });
    expect(new URL(provider.getAttribute('href')!, 'http://x').searchParams.get('returnTo')).toBe('/login?next=%2Fproject%2F1');
    view.unmount();

    const me = { id: 'u1', nickname: 'fan_x', joinState: 'agreements', language: 'en', currency: 'KRW', hasUnreadNotification: false, roles: [] };
    server.use(http.get(api('/auth/me'), () => HttpResponse.json(me)));
    renderWithProviders(<LoginScreen />, { path: '/login?next=%2Fproject%2F1' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/join?next=%2Fproject%2F1'));
  });

  it('links each document the footnote names to that document (docs/product.md#terms)', async () => {
    server.use(http.get(api('/auth/me'), () => apiError(401, 'auth.unauthenticated')));
    renderWithProviders(<LoginScreen />, { path: '/login' });
    await screen.findByRole('link', { name: /test account/i });
    expect(screen.getByRole('link', { name: 'terms of service' })).toHaveAttribute('href', '/terms/service');
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/terms/privacy');
    expect(screen.getByRole('link', { name: 'processing of unique identification information' })).toHaveAttribute('href', '/terms/unique-identification');
  });

  it.each<Language>(['ko', 'zh', 'ja', 'es'])('in %s too, the footnote links the three documents in order', async (language) => {
    await translateInto(language);
    server.use(http.get(api('/auth/me'), () => apiError(401, 'auth.unauthenticated')));
    renderWithProviders(<LoginScreen />, { path: '/login' });
    await screen.findAllByRole('listitem');
    const footnote = document.querySelector<HTMLElement>('.login__terms')!;
    const links = within(footnote).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/terms/service', '/terms/privacy', '/terms/unique-identification']);
    expect(links.every((link) => link.textContent!.trim().length > 0)).toBe(true);
  });
});

import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../lib/stores/language-and-currency.ts';
import { api } from '../../test/handlers/api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import OpsPage from './ops.tsx';

const consoleModule = vi.hoisted(() => ({ loaded: false }));
vi.mock('../../features/operator/components/ops-console.tsx', () => {
  consoleModule.loaded = true;
  return { default: () => <p>operator console content</p> };
});

const me = (roles: string[]) => ({ id: 'u1', nickname: 'fan', joinState: 'joined', language: 'en', currency: 'KRW', hasUnreadNotification: false, roles });

function answerMe(roles: string[]) {
  server.use(http.get(api('/auth/me'), () => HttpResponse.json(me(roles))));
}

describe('/ops: the operator console is for operators only', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
    consoleModule.loaded = false;
  });

  it('a signed-in user without the operator role gets the not-found page and the console code is never fetched', async () => {
    answerMe([]);
    renderWithProviders(<OpsPage />, { path: '/ops' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByText('operator console content')).toBeNull();
    expect(consoleModule.loaded).toBe(false);
  });

  it('an operator gets the console', async () => {
    answerMe(['operator']);
    renderWithProviders(<OpsPage />, { path: '/ops' });
    expect(await screen.findByText('operator console content')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Operator console' })).toBeTruthy();
    expect(consoleModule.loaded).toBe(true);
  });
});

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
  return { default: ({ section }: { section: string }) => <p>operator console content: {section}</p> };
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

  it('an operator gets the console, one section per route', async () => {
    answerMe(['operator']);
    renderWithProviders(<OpsPage />, { path: '/ops/reports', route: '/ops/:section' });
    expect(await screen.findByText('operator console content: reports')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Operator console' })).toBeTruthy();
    expect(consoleModule.loaded).toBe(true);
  });

  it('/ops opens the requests section, replacing the history entry', async () => {
    answerMe(['operator']);
    renderWithProviders(<OpsPage />, { path: '/ops', route: '/ops' });
    await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/ops/requests'));
  });

  it('an unknown section is the not-found page, for operators too', async () => {
    answerMe(['operator']);
    renderWithProviders(<OpsPage />, { path: '/ops/ledger', route: '/ops/:section' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('a section is not found for a non-operator either, and the console code is never fetched', async () => {
    answerMe([]);
    renderWithProviders(<OpsPage />, { path: '/ops/requests', route: '/ops/:section' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(consoleModule.loaded).toBe(false);
  });
});

import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { api } from '../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import MyPageHomePage from './my-page-home.tsx';

const me = (roles: string[]) => ({ id: 'u1', nickname: 'fan', joinState: 'joined', language: 'en', currency: 'KRW', hasUnreadNotification: false, roles });

async function menuLinks(roles: string[]) {
  let answered = false;
  server.use(
    http.get(api('/auth/me'), () => {
      answered = true;
      return HttpResponse.json(me(roles));
    }),
  );
  renderWithProviders(<MyPageHomePage />, { path: '/my-page' });
  const menu = await screen.findByRole('navigation', { name: 'My activity' });
  // The roles arrive with the auth check: read the menu once it has been answered and rendered.
  await vi.waitFor(() => expect(answered).toBe(true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return within(menu)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('my page: the way to the operator console (decision 053)', () => {
  beforeEach(() => useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' }));

  it('is in the menu for an operator', async () => {
    await menuLinks(['operator']);
    expect((await screen.findByRole('link', { name: 'Operator console' })).getAttribute('href')).toBe('/ops');
  });

  it('is not there for anyone else', async () => {
    const links = await menuLinks([]);
    expect(links.length).toBeGreaterThan(0);
    expect(links.map(([, href]) => href)).not.toContain('/ops');
  });
});

import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { api } from '../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import MyProjectListPage from './project-list.tsx';

const names = (en: string, ko: string) => ({ ko, en, zh: en, ja: en, es: en });

describe('My projects: the artist filter (docs/product.md#screens)', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
    server.use(
      http.get(api('/my/projects'), () => HttpResponse.json({ items: [], nextCursor: null })),
      // The fan follows only LUMINA; the projects are with two other artists.
      http.get(api('/users/following-artists'), () => HttpResponse.json({ items: [{ id: 9, type: 'solo', names: names('LUMINA', '루미나'), imageUrl: null, members: [], following: true }] })),
      http.get(api('/my/projects/artists'), () =>
        HttpResponse.json({
          items: [
            { id: 4, names: names('Orbit', '오르빗') },
            { id: 2, names: names('Aria', '아리아') },
          ],
        }),
      ),
    );
  });

  it('offers every artist the fan has a project with, followed or not, by name', async () => {
    renderWithProviders(<MyProjectListPage />);
    const filter = screen.getByRole('combobox', { name: 'Artist' });
    await within(filter).findByRole('option', { name: 'Orbit' });
    expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual(['All artists', 'Aria', 'Orbit']);
  });

  it('names them in the interface language', async () => {
    useLanguageAndCurrencyStore.setState({ language: 'ko', currency: 'KRW' });
    renderWithProviders(<MyProjectListPage />);
    await screen.findByRole('option', { name: '오르빗' });
    expect(screen.getByRole('option', { name: '아리아' })).toBeTruthy();
  });
});

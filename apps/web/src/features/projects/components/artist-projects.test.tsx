import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { projectFixture } from '../../../test/fixtures/project.ts';
import { api } from '../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import { ArtistProjects } from './artist-projects.tsx';

/** Two funding projects the server orders by the sort it is asked for: 1 is newer, 2 has raised more. */
function answerProjects() {
  const asked: URLSearchParams[] = [];
  const newer = projectFixture({ id: 1, title: 'Newer', raised: 100 });
  const richer = projectFixture({ id: 2, title: 'Richer', raised: 9_000 });
  server.use(
    http.get(api('/projects'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      if (params.get('status') !== 'funding') return HttpResponse.json({ items: [], nextCursor: null });
      return HttpResponse.json({ items: params.get('sort') === 'latest' ? [newer, richer] : [richer, newer], nextCursor: null });
    }),
  );
  return asked;
}

const titlesOf = (section: HTMLElement) => within(section).getAllByTestId('project-card').map((card) => within(card).getByText(/Newer|Richer/).textContent);

describe("the artist page's projects (docs/product.md#screens, Artist page)", () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
  });

  it('orders the funding group by the order the fan picked, newest included (issue 32, item 13)', async () => {
    const asked = answerProjects();
    const view = renderWithProviders(<ArtistProjects artistId={7} filter="all" sort="latest" />);
    const funding = await screen.findByRole('region', { name: 'Funding now' });
    expect(titlesOf(funding)).toEqual(['Newer', 'Richer']);
    expect(asked.filter((params) => params.get('status') === 'funding').map((params) => params.get('sort'))).toEqual(['latest']);
    view.unmount();
    renderWithProviders(<ArtistProjects artistId={7} filter="all" sort="raised" />);
    expect(titlesOf(await screen.findByRole('region', { name: 'Funding now' }))).toEqual(['Richer', 'Newer']);
  });
});

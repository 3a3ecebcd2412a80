import type { ProjectMedium, ProjectProof } from '@orchard/shared';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../lib/stores/language-and-currency.ts';
import { projectFixture } from '../../test/fixtures/project.ts';
import { api } from '../../test/handlers/api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import MediaListPage from './media-list.tsx';

const medium = (mediaId: number, name: string): ProjectMedium => ({
  mediaId, name, categoryCode: 'subway', subCategoryCode: 'board', address: `${name} address`, latitude: 37.5, longitude: 127,
  priceUnit: 'day', price: 10_000, duration: 7, amount: 70_000,
});
const media = [medium(1, 'Gangnam station board'), medium(2, 'Bus 470')];

const proof: ProjectProof = {
  dueAt: '2026-12-23T14:59:59.999Z', status: 'due', bookedCount: 2, provenCount: 1,
  media: [
    { mediaId: 1, name: 'Gangnam station board', latitude: 37.5, longitude: 127, status: 'proven', proofs: [] },
    { mediaId: 2, name: 'Bus 470', latitude: 37.5, longitude: 127, status: 'due', proofs: [] },
  ],
  chain: { length: 1, head: 'a'.repeat(64), valid: true },
};

function renderMediaList(status: 'running' | 'funding') {
  const proofReads: string[] = [];
  server.use(
    http.get(api('/projects/7'), () => HttpResponse.json({ project: projectFixture({ id: 7, status, media }) })),
    http.get(api('/projects/7/proof'), ({ request }) => {
      proofReads.push(request.url);
      return HttpResponse.json(proof);
    }),
  );
  renderWithProviders(<MediaListPage />, { path: '/project/7/media', route: '/project/:id/media' });
  return proofReads;
}

const row = (name: string) => screen.getByRole('link', { name }).closest('li')!;

describe("a project's media list (docs/product.md#execution)", () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
  });

  it('marks each medium of a running ad with its proof standing and says what the map highlights', async () => {
    renderMediaList('running');
    expect(await screen.findByText('Media shown in orange on the map are proven.')).toBeInTheDocument();
    expect(within(row('Gangnam station board')).getByText('Proven')).toHaveClass('proof-badge--proven');
    expect(within(row('Bus 470')).getByText('Waiting')).toHaveClass('proof-badge--due');
  });

  it('asks for no proof while the project is still funding, and marks nothing', async () => {
    const proofReads = renderMediaList('funding');
    expect(await screen.findByRole('link', { name: 'Bus 470' })).toBeInTheDocument();
    expect(screen.queryByText('Proven')).toBeNull();
    expect(screen.queryByText('Media shown in orange on the map are proven.')).toBeNull();
    expect(proofReads).toEqual([]);
  });
});

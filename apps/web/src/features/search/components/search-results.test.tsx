import type { Project } from '@orchard/shared';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { ProjectCard } from '../../projects/components/project-card.tsx';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { projectFixture } from '../../../test/fixtures/project.ts';
import { api } from '../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import { useSearch } from '../api/search.ts';
import { SearchResultGroups } from './search-results.tsx';

function Results({ text }: { text: string }) {
  const search = useSearch(text);
  const cards = (projects: Project[]) => projects.map((project) => <ProjectCard key={project.id} project={project} />);
  return <SearchResultGroups search={search} renderArtists={() => null} renderProjects={cards} />;
}

describe('search results (docs/product.md#discovery)', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
  });

  it('lists a project that opens later in its own group, as opening soon with its opening date, not under funding (issue 32, item 18)', async () => {
    const funding = projectFixture({ id: 1, title: 'Funding now' });
    const upcoming = projectFixture({ id: 2, title: 'Opens later', status: 'created', fundingStartDate: '2026-12-28', closesAt: null });
    server.use(http.get(api('/search'), () => HttpResponse.json({ artists: [], projects: [funding, upcoming] })));
    renderWithProviders(<Results text="lumina" />);
    const fundingGroup = await screen.findByRole('region', { name: 'Funding projects' });
    expect(within(fundingGroup).getAllByTestId('project-card').map((card) => card.textContent)).toEqual([expect.stringContaining('Funding now')]);
    const upcomingGroup = screen.getByRole('region', { name: 'Projects opening soon' });
    const card = within(upcomingGroup).getByTestId('project-card');
    expect(within(card).getByText('Opening soon')).toHaveClass('status-badge--created');
    expect(within(card).getByText(/^Opens .*28/)).toBeInTheDocument();
    expect(screen.queryByText('Created')).toBeNull();
  });
});

import type { Artist, Project, ProjectStatus, SearchResult } from '@orchard/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Spinner } from '../../../components/ui/primitives.tsx';
import { RetryNotice } from '../../../components/ui/retry-notice.tsx';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import type { useSearch } from '../api/search.ts';
import './search.css';

/** Statuses whose funding is over: the "ended" group. A project in its funding is in the funding group. */
const endedStatuses: ReadonlySet<ProjectStatus> = new Set(['succeeded', 'failed', 'running', 'awarded', 'cancelled']);

export type SearchGroups = { artists: Artist[]; funding: Project[]; upcoming: Project[]; ended: Project[] };

/**
 * docs/product.md#discovery: artists, funding projects, projects opening later (created, funding
 * from a later day), ended projects, each in the order the server ranked them.
 */
export function groupSearchResults(results: SearchResult): SearchGroups {
  const groupOf = (project: Project): 'funding' | 'upcoming' | 'ended' => (endedStatuses.has(project.status) ? 'ended' : project.status === 'created' ? 'upcoming' : 'funding');
  return {
    artists: results.artists,
    funding: results.projects.filter((project) => groupOf(project) === 'funding'),
    upcoming: results.projects.filter((project) => groupOf(project) === 'upcoming'),
    ended: results.projects.filter((project) => groupOf(project) === 'ended'),
  };
}

function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="search-group" aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * What a search shows: loading, a failure with retry (a list that did not arrive says nothing
 * about what matches), nothing found with a hint, or the groups that have something. While the
 * next search is on its way, the last results stay, marked busy.
 */
export function SearchResultGroups({
  search,
  renderArtists,
  renderProjects,
}: {
  search: ReturnType<typeof useSearch>;
  renderArtists(artists: Artist[]): ReactNode;
  renderProjects(projects: Project[]): ReactNode;
}) {
  const { t } = useTranslation(['search', 'common']);
  if (search.isError) {
    return <RetryNotice message={apiErrorMessage(t, search.error)} retryLabel={t('common:actions.retry')} onRetry={() => void search.refetch()} retrying={search.isFetching} />;
  }
  if (search.isPending) return <Spinner label={t('search:loading')} />;
  const groups = groupSearchResults(search.data);
  const busy = search.isPlaceholderData;
  if (groups.artists.length + groups.funding.length + groups.upcoming.length + groups.ended.length === 0) {
    return (
      <div aria-busy={busy} className={busy ? 'search-results search-results--busy' : 'search-results'}>
        <EmptyState message={t('search:empty.title')} />
        <p className="search-hint">{t('search:empty.hint')}</p>
      </div>
    );
  }
  return (
    <div aria-busy={busy} className={busy ? 'search-results search-results--busy' : 'search-results'}>
      {groups.artists.length > 0 ? (
        <Group id="search-artists" title={t('search:groups.artists')}>
          {renderArtists(groups.artists)}
        </Group>
      ) : null}
      {groups.funding.length > 0 ? (
        <Group id="search-funding" title={t('search:groups.funding')}>
          {renderProjects(groups.funding)}
        </Group>
      ) : null}
      {groups.upcoming.length > 0 ? (
        <Group id="search-upcoming" title={t('search:groups.upcoming')}>
          {renderProjects(groups.upcoming)}
        </Group>
      ) : null}
      {groups.ended.length > 0 ? (
        <Group id="search-ended" title={t('search:groups.ended')}>
          {renderProjects(groups.ended)}
        </Group>
      ) : null}
    </div>
  );
}

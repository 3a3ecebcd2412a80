import type { Project } from '@orchard/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState } from '../../../../components/ui/primitives.tsx';
import { RetryNotice } from '../../../../components/ui/retry-notice.tsx';
import { apiErrorMessage } from '../../../../lib/i18n.ts';
import { useProjects, type PublicListStatus } from '../../api/get-projects.ts';
import { ProjectCard, ProjectCardSkeleton } from './project-card.tsx';
import './artist-projects.css';

/** The orders a fan picks on an artist's page: most points raised, or newest. */
export const artistProjectSorts = ['raised', 'latest'] as const;
export type ArtistProjectSort = (typeof artistProjectSorts)[number];
/** The status filter: every created project, or those of one status (docs/product.md#discovery). */
export const artistProjectFilters = ['all', 'funding', 'succeeded', 'running', 'awarded', 'failed'] as const satisfies readonly ('all' | PublicListStatus)[];
export type ArtistProjectFilter = (typeof artistProjectFilters)[number];

type ProjectsQuery = ReturnType<typeof useProjects>;

function ListLoading() {
  const { t } = useTranslation('artist');
  return (
    <div className="artist-projects__list" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('artist:detail.projects.loading')}
      </span>
      {[0, 1].map((index) => (
        <ProjectCardSkeleton key={index} />
      ))}
    </div>
  );
}

/** A page of cards and "show more" (keyset: the next page continues where this one stopped). */
function ProjectCards({ query, items }: { query: ProjectsQuery; items: Project[] }) {
  const { t } = useTranslation(['artist', 'common']);
  return (
    <>
      <ul className="artist-projects__list">
        {items.map((project) => (
          <li key={project.id}>
            <ProjectCard project={project} />
          </li>
        ))}
      </ul>
      {query.isFetchNextPageError ? (
        <RetryNotice message={apiErrorMessage(t, query.error)} retryLabel={t('common:actions.retry')} onRetry={() => void query.fetchNextPage()} retrying={query.isFetchingNextPage} />
      ) : query.hasNextPage ? (
        <Button variant="secondary" block onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? t('artist:detail.projects.loadingMore') : t('artist:detail.projects.more')}
        </Button>
      ) : null}
    </>
  );
}

function LoadFailed({ query }: { query: ProjectsQuery }) {
  const { t } = useTranslation(['artist', 'common']);
  return <RetryNotice message={apiErrorMessage(t, query.error)} retryLabel={t('common:actions.retry')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
}

const itemsOf = (query: ProjectsQuery) => query.data?.pages.flatMap((page) => page.items) ?? [];

/** One status, in the fan's order. */
function FilteredProjects({ artistId, status, sort }: { artistId: number; status: PublicListStatus; sort: ArtistProjectSort }) {
  const { t } = useTranslation('artist');
  const query = useProjects({ artistId, status, sort });
  if (query.isPending) return <ListLoading />;
  if (query.isError && !query.data) return <LoadFailed query={query} />;
  const items = itemsOf(query);
  if (items.length === 0) return <EmptyState message={t(`artist:detail.projects.empty.${status}`)} />;
  return <ProjectCards query={query} items={items} />;
}

/**
 * Every project: those funding now first, then the others, each group in the fan's order
 * (docs/product.md#screens, Artist page). The list has no "every status but funding", so the second
 * list leaves the funding ones out itself, and asks for its next page when a whole page was funding ones.
 */
function AllProjects({ artistId, sort }: { artistId: number; sort: ArtistProjectSort }) {
  const { t } = useTranslation('artist');
  const funding = useProjects({ artistId, status: 'funding', sort });
  const all = useProjects({ artistId, sort });
  const others = itemsOf(all).filter((project) => project.status !== 'funding');
  const othersExhausted = others.length === 0 && all.hasNextPage && !all.isFetchingNextPage && !all.isFetchNextPageError;
  const { fetchNextPage } = all;
  useEffect(() => {
    if (othersExhausted) void fetchNextPage();
  }, [othersExhausted, fetchNextPage]);

  if (funding.isPending || all.isPending) return <ListLoading />;
  const fundingItems = itemsOf(funding);
  const othersPending = others.length === 0 && all.hasNextPage;
  if (fundingItems.length === 0 && others.length === 0 && !othersPending && !funding.isError && !all.isError) {
    return <EmptyState message={t('artist:detail.projects.empty.all')} />;
  }
  return (
    <>
      {funding.isError && !funding.data ? (
        <LoadFailed query={funding} />
      ) : fundingItems.length > 0 ? (
        <section className="artist-projects__section" aria-labelledby="artist-projects-funding">
          <h2 id="artist-projects-funding" className="section-title">
            {t('artist:detail.projects.fundingNow')}
          </h2>
          <ProjectCards query={funding} items={fundingItems} />
        </section>
      ) : null}
      {all.isError && !all.data ? (
        <LoadFailed query={all} />
      ) : others.length > 0 || othersPending ? (
        <section className="artist-projects__section" aria-labelledby="artist-projects-others">
          <h2 id="artist-projects-others" className="section-title">
            {t('artist:detail.projects.others')}
          </h2>
          {others.length > 0 || all.isFetchNextPageError ? <ProjectCards query={all} items={others} /> : <ListLoading />}
        </section>
      ) : null}
    </>
  );
}

/** An artist's projects (docs/product.md#discovery: the artist page), filtered by status and sorted as the fan chose. */
export function ArtistProjects({ artistId, filter, sort }: { artistId: number; filter: ArtistProjectFilter; sort: ArtistProjectSort }) {
  return (
    <div className="artist-projects">
      {filter === 'all' ? <AllProjects artistId={artistId} sort={sort} /> : <FilteredProjects artistId={artistId} status={filter} sort={sort} />}
    </div>
  );
}

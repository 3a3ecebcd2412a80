import { useDeferredValue, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState } from '../../../../components/ui/primitives.tsx';
import { RetryNotice } from '../../../../components/ui/retry-notice.tsx';
import { apiErrorMessage } from '../../../../lib/i18n.ts';
import { useProjects, type ProjectListParams } from '../../api/get-projects.ts';
import { ProjectCard, ProjectCardSkeleton, type ProjectCardProps } from './project-card.tsx';
import './project-card.css';

/** How far below the screen the next page starts loading, so the fan rarely waits at the end. */
const loadAheadMargin = '600px 0px';

/**
 * Calls `onVisible` whenever the element comes near the screen, and again after each new page
 * (`pages`) if it is still there: an observer only reports changes, and a short page leaves the
 * end in view. Where the browser has no IntersectionObserver the list's "more" button is the way on.
 */
function useNearScreen(onVisible: () => void, active: boolean, pages: number) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  });
  useEffect(() => {
    const element = ref.current;
    if (!active || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    }, { rootMargin: loadAheadMargin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [active, pages]);
  return ref;
}

export type ProjectFeedProps = {
  params: ProjectListParams;
  /** What an empty list says; `emptyAction` may offer a way on. */
  emptyMessage: string;
  emptyAction?: ReactNode;
  /** Projects of these artists are left out (a list "of the others"). */
  excludeArtistIds?: ReadonlySet<number>;
  picture?: ProjectCardProps['picture'];
  /** How many of the first cards load their picture at once (the ones on the first screen). */
  eagerCount?: number;
  /** The heading that names the list, for screen readers. */
  labelledBy?: string;
};

/**
 * A public list of projects as cards, a page at a time (docs/product.md#discovery: lists load more
 * as the fan scrolls): skeletons while the first page loads, a retry when it fails, an empty state
 * of its own, and the next page when the end of the list nears the screen or "more" is pressed.
 */
export function ProjectFeed({ params, emptyMessage, emptyAction, excludeArtistIds, picture, eagerCount = 0, labelledBy }: ProjectFeedProps) {
  const { t } = useTranslation('common');
  const projects = useProjects(params);
  // A page's cards are built in a transition once it arrives: React yields to the browser between
  // them instead of building a whole list in one long task (docs/quality.md#speed-web: TBT).
  const pages = useDeferredValue(projects.data?.pages);
  const canLoadMore = projects.hasNextPage && !projects.isFetchingNextPage && !projects.isFetchNextPageError;
  // The end of the list is watched again once the new page's cards (and the end after them) are on screen.
  const sentinel = useNearScreen(() => {
    if (canLoadMore) void projects.fetchNextPage();
  }, projects.hasNextPage, pages?.length ?? 0);

  if (projects.isError && !projects.data) {
    return <RetryNotice message={apiErrorMessage(t, projects.error)} retryLabel={t('common:actions.retry')} onRetry={() => void projects.refetch()} retrying={projects.isFetching} />;
  }
  if (pages === undefined) {
    return (
      <div className="project-feed" aria-busy="true">
        <span className="visually-hidden" role="status">
          {t('common:projectList.loading')}
        </span>
        {[0, 1, 2].map((index) => (
          <ProjectCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  const items = pages.flatMap((page) => page.items).filter((project) => !excludeArtistIds?.has(project.artistId));
  if (items.length === 0 && !projects.hasNextPage) return <EmptyState message={emptyMessage} action={emptyAction} />;
  return (
    <div className="project-feed-wrap">
      <ul className="project-feed" aria-labelledby={labelledBy}>
        {items.map((project, index) => (
          <li key={project.id}>
            <ProjectCard project={project} picture={picture} eager={index < eagerCount} />
          </li>
        ))}
      </ul>
      {projects.isFetchNextPageError ? (
        <RetryNotice message={apiErrorMessage(t, projects.error)} retryLabel={t('common:actions.retry')} onRetry={() => void projects.fetchNextPage()} retrying={projects.isFetchingNextPage} />
      ) : projects.hasNextPage ? (
        <>
          <div ref={sentinel} className="project-feed__sentinel" aria-hidden="true" />
          <Button variant="secondary" block onClick={() => void projects.fetchNextPage()} disabled={projects.isFetchingNextPage}>
            {projects.isFetchingNextPage ? t('common:projectList.loadingMore') : t('common:projectList.more')}
          </Button>
        </>
      ) : null}
    </div>
  );
}

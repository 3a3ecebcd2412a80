import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { MegaphoneIcon } from '../../../../components/ui/icons.tsx';
import { RetryNotice } from '../../../../components/ui/retry-notice.tsx';
import { apiErrorMessage } from '../../../../lib/i18n.ts';
import { useProjects, type ProjectListParams } from '../../api/get-projects.ts';
import { ProjectCard, ProjectCardSkeleton } from './project-card.tsx';
import './project-card.css';

/** docs/product.md#discovery: the ten funding projects with the most raised in Orange value (an event's Berry ÷ 13). */
export const topProjectsParams: ProjectListParams = { sort: 'orange_value', status: 'funding', limit: 10 };

/** How many cards a 375 px screen shows at once: their pictures load at once, the rest lazily. */
const cardsOnScreen = 2;

/** The Top 10 as a row of compact cards with their rank, scrolled sideways. */
export function TopProjects({ labelledBy, emptyMessage }: { labelledBy: string; emptyMessage: string }) {
  const { t } = useTranslation('common');
  const top = useProjects(topProjectsParams);
  // Built in a transition once the answer arrives, as the feeds' cards are (project-feed.tsx).
  const pages = useDeferredValue(top.data?.pages);
  if (top.isError) {
    return <RetryNotice message={apiErrorMessage(t, top.error)} retryLabel={t('common:actions.retry')} onRetry={() => void top.refetch()} retrying={top.isFetching} />;
  }
  if (pages === undefined) {
    return (
      <div className="top-projects" aria-busy="true">
        <span className="visually-hidden" role="status">
          {t('common:projectList.loading')}
        </span>
        {[0, 1, 2].map((index) => (
          <ProjectCardSkeleton key={index} variant="compact" />
        ))}
      </div>
    );
  }
  const items = pages[0]?.items.slice(0, 10) ?? [];
  // The row keeps its place and height when empty, so the tabs below do not jump when the answer comes.
  if (items.length === 0) {
    return (
      <div className="top-projects">
        <div className="top-projects__empty">
          <span className="empty-state__icon" aria-hidden="true">
            <MegaphoneIcon width={28} height={28} />
          </span>
          <p>{emptyMessage}</p>
        </div>
      </div>
    );
  }
  return (
    <ol className="top-projects" aria-labelledby={labelledBy}>
      {items.map((project, index) => (
        <li key={project.id}>
          <ProjectCard project={project} variant="compact" rank={index + 1} eager={index < cardsOnScreen} />
        </li>
      ))}
    </ol>
  );
}

import type { MyProjectTab, Project } from '@orchard/shared';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, Spinner, Tabs } from '../../../../components/ui/primitives.tsx';
import { formatKstCalendarDay } from '../../../../lib/format.ts';
import { apiErrorMessage } from '../../../../lib/i18n.ts';
import { useLanguageAndCurrencyStore } from '../../../../lib/stores/language-and-currency.ts';
import { useMyProjects } from '../../api/get-my-projects.ts';
import { percentFunded } from '../common/fundraise-rules.ts';
import { usePointsText } from '../../../../lib/points-text.ts';
import { projectLink } from '../common/project-links.ts';
import { StatusBadge } from '../common/status-badge.tsx';
import '../common/project-page.css';
import '../common/projects.css';

export const projectListTabs = ['all', 'participate', 'open', 'event', 'like', 'request'] as const;
export type ProjectListTab = (typeof projectListTabs)[number];
/** Every tab the API lists. */
const listedTabs: readonly string[] = ['all', 'participate', 'open', 'event', 'like', 'request'] satisfies readonly MyProjectTab[];

export function isListedTab(tab: ProjectListTab): tab is ProjectListTab & MyProjectTab {
  return listedTabs.includes(tab);
}

function ProjectCard({ project }: { project: Project }) {
  const { t } = useTranslation(['myPage', 'mediaDetail', 'projectDetail']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  // An event's goal is in Berry.
  const pointsText = usePointsText(project.currency);
  const percent = percentFunded(project.raised, project.goal);
  const artist = project.artistNames[language] || project.artistNames.en;
  return (
    <Link className="project-card" to={projectLink(project)}>
      <StatusBadge status={project.status} />
      <span className="project-card__title">{project.title ?? t('myPage:projects.requestTitle', { artist, package: t(`mediaDetail:packages.${project.packageId}`) })}</span>
      <span className="project-card__meta">
        {t('myPage:projects.meta', { artist, goal: pointsText(project.goal), date: formatKstCalendarDay(project.adStartDate, language) })}
      </span>
      {project.createdAt ? (
        <>
          <span className="project-progress" aria-hidden="true">
            <span className="project-progress__bar" style={{ width: `${Math.min(100, percent)}%` }} />
          </span>
          <span className="project-card__meta">{t('projectDetail:percent', { percent })}</span>
        </>
      ) : null}
    </Link>
  );
}

function ProjectPanel({ tab, artistId }: { tab: MyProjectTab; artistId: number | null }) {
  const { t } = useTranslation(['myPage', 'common']);
  const projects = useMyProjects(tab, artistId);
  if (projects.isPending) return <Spinner label={t('common:loading')} />;
  if (projects.isError) {
    return (
      <p className="notice notice--error" role="alert">
        {apiErrorMessage(t, projects.error)}
      </p>
    );
  }
  const items = projects.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyState message={t(`myPage:projects.empty.${tab}`)} />;
  return (
    <div className="stack">
      <ul className="stack project-cards">
        {items.map((project) => (
          <li key={project.id}>
            <ProjectCard project={project} />
          </li>
        ))}
      </ul>
      {projects.hasNextPage ? (
        <Button variant="secondary" block onClick={() => void projects.fetchNextPage()} disabled={projects.isFetchingNextPage}>
          {t('myPage:projects.more')}
        </Button>
      ) : null}
    </div>
  );
}

/** My page's projects: six tabs and an artist filter; the tab and the artist live in the address. */
export function MyProjectList({ artists }: { artists: readonly { id: number; name: string }[] }) {
  const { t } = useTranslation('myPage');
  const [searchParams, setSearchParams] = useSearchParams();
  const filterId = useId();
  const requestedTab = searchParams.get('tab');
  const tab: ProjectListTab = (projectListTabs as readonly string[]).includes(requestedTab ?? '') ? (requestedTab as ProjectListTab) : 'all';
  const artistParam = Number(searchParams.get('artist'));
  const artistId = Number.isSafeInteger(artistParam) && artistParam > 0 ? artistParam : null;
  const setParam = (key: string, value: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  return (
    <div className="stack">
      <Tabs
        wrap
        label={t('projects.tabsLabel')}
        idPrefix="my-projects"
        items={projectListTabs.map((value) => ({ value, label: t(`projects.tabs.${value}`) }))}
        value={tab}
        onChange={(value) => setParam('tab', value === 'all' ? null : value)}
      />
      <div className="filter-select">
        <label htmlFor={filterId} className="field-label">
          {t('projects.artistFilter')}
        </label>
        <select id={filterId} className="text-field" value={artistId ?? ''} onChange={(event) => setParam('artist', event.target.value || null)}>
          <option value="">{t('projects.allArtists')}</option>
          {artists.map((artist) => (
            <option key={artist.id} value={artist.id}>
              {artist.name}
            </option>
          ))}
        </select>
      </div>
      <div id="my-projects-panel" role="tabpanel" aria-labelledby={`my-projects-tab-${tab}`}>
        {isListedTab(tab) ? <ProjectPanel tab={tab} artistId={artistId} /> : <EmptyState message={t('projects.comingWithFunding')} />}
      </div>
    </div>
  );
}

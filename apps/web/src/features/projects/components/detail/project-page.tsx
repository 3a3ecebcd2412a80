import { projectPictureSizes, projectPictureSrcset, type Project } from '@orchard/shared';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../../lib/paths.ts';
import { EmptyState, Tabs } from '../../../../components/ui/primitives.tsx';
import { formatKstCalendarDay, formatNumber } from '../../../../lib/format.ts';
import { useLanguageAndCurrencyStore } from '../../../../lib/stores/language-and-currency.ts';
import { isSignedIn, useUserInfoStore } from '../../../../lib/stores/user-info.ts';
import { useParticipants } from '../../api/participations.ts';
import { ClosingMoment } from '../common/closing-moment.tsx';
import { SummaryList } from '../common/flow-parts.tsx';
import { FundraiseSheet } from '../participation/fundraise-sheet.tsx';
import { daysUntilClose, percentFunded } from '../common/fundraise-rules.ts';
import { usePointsText } from '../../../../lib/points-text.ts';
import { projectStatusLink } from '../common/project-links.ts';
import { resumedFundraiseAmount } from '../common/resume-after-charge.ts';
import { ShareButton } from '../common/share-button.tsx';
import { ProofSection } from './proof-section.tsx';
import { SettlementSection } from './settlement-section.tsx';
import { YoutubeFacade } from './youtube-facade.tsx';
import { useRenderInstant, useServerRender } from '../../../../lib/server-render.ts';
import { StatusBadge } from '../common/status-badge.tsx';
import '../common/project-page.css';

const projectTabs = ['description', 'info', 'participants', 'policy'] as const;
type ProjectTab = (typeof projectTabs)[number];

/**
 * What other features bring to the page, composed by the route: the community's parts (like,
 * report, comments) and the user's balances for the fundraise sheet.
 */
export type ProjectPageSlots = {
  actions?: ReactNode;
  comments?: ReactNode;
  balances?: { orange: number; berry: number };
  /** Operators still see a hidden project (docs/product.md#reports), marked as hidden. */
  viewerIsOperator?: boolean;
};

/** docs/product.md#screens (Project detail): the summary, four tabs, and the actions of its status. */
export function ProjectPage({ project, slots = {} }: { project: Project; slots?: ProjectPageSlots }) {
  // Every namespace of every tab loads with the page: a tab switch must not suspend the whole page.
  const { t } = useTranslation(['projectDetail', 'myPage', 'mediaDetail', 'requestFunding']);
  const [tab, setTab] = useState<ProjectTab>('description');
  const signedIn = useUserInfoStore(isSignedIn);
  // Back from the charge the sheet sent the fan to: the sheet opens again at the amount chosen (docs/product.md#participation).
  const { state } = useLocation();
  const [resumeAmount] = useState(() => resumedFundraiseAmount(state));
  const [sheetOpen, setSheetOpen] = useState(resumeAmount !== null && signedIn && project.status === 'funding');
  const title = project.title ?? t('projectDetail:untitled');
  if (project.hidden && !slots.viewerIsOperator) return <EmptyState message={t('projectDetail:hidden')} />;
  return (
    <article className="project-page stack" aria-labelledby="project-title">
      {project.hidden ? (
        <p className="notice" role="status">
          {t('projectDetail:hiddenForOperators')}
        </p>
      ) : null}
      {project.thumbnailUrl ? (
        <img
          className="project-page__thumbnail"
          src={project.thumbnailUrl}
          srcSet={projectPictureSrcset(project)}
          sizes={projectPictureSrcset(project) ? projectPictureSizes : undefined}
          alt=""
          width={1200}
          height={900}
        />
      ) : null}
      <ProjectSummary project={project} title={title} />
      <StatusNotice project={project} />
      <ProofSection project={project} />
      <SettlementSection project={project} />
      {project.viewerIsCreator ? (
        <Link className="text-link" to={projectStatusLink(project)}>
          {t('projectDetail:creatorStatus')}
        </Link>
      ) : null}
      <div className="project-page__actions">
        <ShareButton project={project} title={title} />
        {slots.actions}
      </div>
      {project.status === 'funding' ? (
        // Sticky above the tab bar: whole on first paint at any phone height, and always in reach.
        <div className="bottom-action">
          {signedIn ? (
            <button type="button" className="button button--primary button--block" onClick={() => setSheetOpen(true)}>
              {t('projectDetail:fundraise.open')}
            </button>
          ) : (
            <Link className="button button--primary button--block" to={`${paths.login}?next=${encodeURIComponent(paths.project(project.id))}`}>
              {t('projectDetail:fundraise.signIn')}
            </Link>
          )}
        </div>
      ) : null}
      <Tabs label={t('projectDetail:tabsLabel')} idPrefix="project" items={projectTabs.map((value) => ({ value, label: t(`projectDetail:tabs.${value}`) }))} value={tab} onChange={setTab} />
      <div id="project-panel" role="tabpanel" aria-labelledby={`project-tab-${tab}`} className="stack">
        {tab === 'description' ? <DescriptionTab project={project} /> : null}
        {tab === 'info' ? <InfoTab project={project} /> : null}
        {tab === 'participants' ? <TopParticipants project={project} /> : null}
        {tab === 'policy' ? <PolicyTab projectId={project.id} /> : null}
      </div>
      {slots.comments}
      {sheetOpen ? <FundraiseSheet project={project} available={slots.balances?.[project.currency]} initialAmount={resumeAmount ?? undefined} open={sheetOpen} onClose={() => setSheetOpen(false)} /> : null}
    </article>
  );
}

function ProjectSummary({ project, title }: { project: Project; title: string }) {
  const { t } = useTranslation(['projectDetail', 'myPage']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const pointsText = usePointsText(project.currency);
  const percent = percentFunded(project.raised, project.goal);
  const artist = project.artistNames[language] || project.artistNames.en;
  const closesAt = project.closesAt ? new Date(project.closesAt) : null;
  const now = useRenderInstant();
  const serverRender = useServerRender();
  const days = closesAt && project.status === 'funding' ? daysUntilClose(closesAt, now) : null;
  return (
    <header className="stack stack--tight">
      <div className="row-between">
        <StatusBadge status={project.status} />
        {project.kind === 'event' ? <span className="status-badge status-badge--event-kind">{t('projectDetail:event')}</span> : null}
        {days !== null ? (
          <span className="project-page__dday" data-testid="project-dday">
            {days === 0 ? t('projectDetail:dDay') : t('projectDetail:dMinus', { days })}
          </span>
        ) : null}
      </div>
      <h2 id="project-title" className="project-page__title">
        {title}
      </h2>
      <p className="muted">{artist}</p>
      <div className="project-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.min(100, percent)} aria-label={t('projectDetail:progressLabel')}>
        {/* On the server (docs/decisions/110) the width rides in data-percent: the CSP refuses a style attribute in HTML. The render after hydration adds it (decision 113). */}
        <span
          className="project-progress__bar"
          data-percent={`${Math.min(100, percent)}%`}
          style={serverRender ? undefined : { width: `${Math.min(100, percent)}%` }}
        />
      </div>
      <p className="project-page__raised">
        <strong>{t('projectDetail:percent', { percent })}</strong>
        <span>{t('projectDetail:raisedOfGoal', { raised: pointsText(project.raised), goal: pointsText(project.goal) })}</span>
      </p>
      <p className="muted">{t('projectDetail:participantCount', { count: project.participantCount, formatted: formatNumber(project.participantCount, language) })}</p>
      {closesAt && project.status === 'funding' ? <ClosingMoment closesAt={closesAt} /> : null}
    </header>
  );
}

function StatusNotice({ project }: { project: Project }) {
  const { t } = useTranslation('projectDetail');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const day = (value: string) => formatKstCalendarDay(value, language);
  switch (project.status) {
    case 'created':
      return <p className="notice">{t('statusNotice.created', { date: day(project.fundingStartDate) })}</p>;
    case 'succeeded':
      return <p className="notice">{t('statusNotice.succeeded', { date: day(project.adStartDate) })}</p>;
    case 'failed':
      return <p className="notice">{t('statusNotice.failed')}</p>;
    case 'cancelled':
      return <p className="notice">{project.cancellationReason ? t('statusNotice.cancelledWithReason', { reason: project.cancellationReason }) : t('statusNotice.cancelled')}</p>;
    case 'running':
      return <p className="notice">{t('statusNotice.running', { date: day(project.adEndDate) })}</p>;
    case 'awarded':
      return <p className="notice">{t('statusNotice.awarded')}</p>;
    default:
      return null;
  }
}

function DescriptionTab({ project }: { project: Project }) {
  const { t } = useTranslation('projectDetail');
  return (
    <>
      {project.introduction ? <p className="project-page__introduction">{project.introduction}</p> : <EmptyState message={t('empty.introduction')} />}
      {project.youtubeUrl ? <YoutubeFacade url={project.youtubeUrl} /> : null}
      {project.xUrl ? (
        <a className="text-link" href={project.xUrl} target="_blank" rel="noreferrer noopener">
          {t('xLink')}
        </a>
      ) : null}
    </>
  );
}

function InfoTab({ project }: { project: Project }) {
  const { t } = useTranslation(['projectDetail', 'mediaDetail']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const day = (value: string) => formatKstCalendarDay(value, language);
  const range = (from: string, to: string) => t('projectDetail:range', { from: day(from), to: day(to) });
  return (
    <>
      <SummaryList
        rows={[
          [t('projectDetail:info.package'), t(`mediaDetail:packages.${project.packageId}`)],
          [t('projectDetail:info.purpose'), t(`projectDetail:purposes.${project.purpose}`)],
          [t('projectDetail:info.funding'), range(project.fundingStartDate, project.fundingEndDate)],
          [t('projectDetail:info.adPeriod'), range(project.adStartDate, project.adEndDate)],
          [t('projectDetail:info.creator'), project.creator.nickname ?? t('projectDetail:deletedUser')],
          ...(project.creatorXId ? ([[t('projectDetail:info.creatorX'), `@${project.creatorXId}`]] as const) : []),
        ]}
      />
      <h3 className="section-title">{t('projectDetail:info.media', { count: project.media.length })}</h3>
      <ul className="project-media-list">
        {project.media.map((medium) => (
          <li key={medium.mediaId}>
            <Link to={paths.mediaDetail(medium.mediaId)} className="project-media-list__name">
              {medium.name}
            </Link>
            <span className="muted">{medium.address}</span>
          </li>
        ))}
      </ul>
      <Link className="button button--secondary button--block" to={paths.mediaList(project.id)}>
        {t('projectDetail:info.seeOnMap')}
      </Link>
    </>
  );
}

function TopParticipants({ project }: { project: Project }) {
  const { t } = useTranslation('projectDetail');
  const participants = useParticipants(project.id, 'amount', 3);
  const pointsText = usePointsText(project.currency);
  const top = participants.data?.pages[0]?.items ?? [];
  if (participants.isPending) return <p className="muted">{t('loading')}</p>;
  if (top.length === 0) return <EmptyState message={t('empty.participants')} />;
  return (
    <>
      <ol className="participant-list">
        {top.map((participant, index) => (
          <li key={participant.id} className="participant-list__row">
            <span className="participant-list__rank">{index + 1}</span>
            <span className="participant-list__name">{participant.nickname ?? t('deletedUser')}</span>
            <span className="participant-list__amount">{pointsText(participant.amount)}</span>
          </li>
        ))}
      </ol>
      <Link className="text-link" to={paths.fundingList(project.id)}>
        {t('seeAllParticipants')}
      </Link>
    </>
  );
}

function PolicyTab({ projectId }: { projectId: number }) {
  const { t } = useTranslation(['requestFunding', 'support']);
  return (
    <section className="stack stack--tight" aria-labelledby="project-policy-title">
      <h3 id="project-policy-title" className="section-title">
        {t('confirmation.termsTitle')}
      </h3>
      <ul className="policy-list">
        {(['refundWindow', 'noChangeOfMind', 'notAchieved'] as const).map((term) => (
          <li key={term}>{t(`confirmation.terms.${term}`)}</li>
        ))}
      </ul>
      {/* "문의하기": an inquiry about this project, linked to it (docs/product.md#inquiries). */}
      <Link to={`${paths.inquiry}?${new URLSearchParams({ projectId: String(projectId), category: 'FAQC002' }).toString()}`} className="button button--secondary button--block">
        {t('support:entry.askAboutProject')}
      </Link>
    </section>
  );
}

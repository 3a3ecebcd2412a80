import type { Project } from '@orchard/shared';
import { creationDeadlineCause, lastCancellationDayFor } from '@orchard/shared/project-rules';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../../lib/paths.ts';
import { EmptyState, Spinner } from '../../../../components/ui/primitives.tsx';
import { formatKstCalendarDay, formatNumber } from '../../../../lib/format.ts';
import { useLanguageAndCurrencyStore } from '../../../../lib/stores/language-and-currency.ts';
import { useProject } from '../../api/get-project.ts';
import { ClosingMoment } from '../common/closing-moment.tsx';
import { DeadlineCountdown } from '../common/deadline-countdown.tsx';
import { SummaryList } from '../common/flow-parts.tsx';
import { daysUntilClose, percentFunded } from '../common/fundraise-rules.ts';
import { usePointsText } from '../../../../lib/points-text.ts';
import { infoDetailStatusOf, type InfoDetailStatus } from '../common/project-links.ts';
import { StatusBadge } from '../common/status-badge.tsx';
import '../common/project-page.css';
import '../common/projects.css';

/** What the screen says: one text per status, and a cancellation before creation told apart from an operator's after it. */
type StatusScreen = InfoDetailStatus | 'cancelledByOperator';

function screenOf(project: Project): StatusScreen {
  if (project.status === 'cancelled' && project.createdAt !== null) return 'cancelledByOperator';
  return infoDetailStatusOf(project);
}

/** Why a request was cancelled before creation: its funding end, when that was its deadline, names its own text. */
function cancelCause(project: Project, screen: StatusScreen): 'funding_end' | undefined {
  if (screen !== 'cancelled' || !project.creationDeadline) return undefined;
  return creationDeadlineCause(new Date(project.creationDeadline), project.fundingEndDate) === 'funding_end' ? 'funding_end' : undefined;
}

/**
 * The creator's screen for their project at every status of docs/architecture.md#lifecycle:
 * Pending, Rejected (with the operator's reason), Cancelled, Approved with the creation deadline
 * counting down; once created, what the status means for the creator and what comes next
 * (docs/product.md#funding-close, #returns, #cancellation, #execution). The project's own status
 * decides what shows, whatever the address says.
 */
export function ProjectStatusDetail({ projectId }: { projectId: number }) {
  const { t } = useTranslation(['myPage', 'common', 'requestFunding', 'mediaDetail', 'projectDetail']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const project = useProject(projectId);
  const pointsText = usePointsText(project.data?.currency ?? 'orange');
  if (project.isPending && project.fetchStatus !== 'idle') return <Spinner label={t('common:loading')} />;
  if (!project.data) return <EmptyState message={t('myPage:projectStatus.unknown')} />;
  const data = project.data;
  const created = data.createdAt !== null;
  if (created && !data.viewerIsCreator) {
    return (
      <EmptyState
        message={t('myPage:projectStatus.forCreator')}
        action={
          <Link className="button button--primary" to={paths.project(data.id)}>
            {t('myPage:projectStatus.openProject')}
          </Link>
        }
      />
    );
  }
  const screen = screenOf(data);
  const day = (value: string) => formatKstCalendarDay(value, language);
  const range = (from: string, to: string) => t('requestFunding:summary.range', { from: day(from), to: day(to) });
  const artist = data.artistNames[language] || data.artistNames.en;
  const texts = { start: day(data.adStartDate), end: day(data.adEndDate), date: day(data.fundingStartDate), raised: pointsText(data.raised), goal: pointsText(data.goal) };
  return (
    <div className="stack">
      <section className="card stack status-card" aria-labelledby="project-status-title">
        <StatusBadge status={data.status} label={t(`myPage:projectStatus.${screen}.label`)} />
        {created && data.title ? <p className="status-card__project">{data.title}</p> : null}
        <h2 id="project-status-title" className="card__title">
          {t(`myPage:projectStatus.${screen}.headline`, texts)}
        </h2>
        <p className="muted">{t(`myPage:projectStatus.${screen}.body`, { ...texts, context: cancelCause(data, screen) })}</p>
        {screen === 'rejected' && data.rejectionReason ? (
          <p className="notice" data-testid="rejection-reason">
            {t('myPage:projectStatus.reason', { reason: data.rejectionReason })}
          </p>
        ) : null}
        {screen === 'cancelledByOperator' && data.cancellationReason ? (
          <p className="notice" data-testid="cancellation-reason">
            {t('myPage:projectStatus.reason', { reason: data.cancellationReason })}
          </p>
        ) : null}
      </section>
      {screen === 'approved' && data.creationDeadline ? (
        <>
          <DeadlineCountdown deadline={data.creationDeadline} fundingEndDate={data.fundingEndDate} />
          <Link className="button button--primary button--block" to={paths.createProject(data.id)}>
            {t('myPage:projectStatus.create')}
          </Link>
        </>
      ) : null}
      {screen === 'funding' ? <FundingProgress project={data} /> : null}
      {screen === 'succeeded' ? <NextSteps project={data} /> : null}
      {screen === 'failed' || screen === 'cancelledByOperator' ? <ReturnedPoints project={data} /> : null}
      {screen === 'awarded' ? <Photos project={data} /> : null}
      {created ? (
        <Link className="button button--primary button--block" to={paths.project(data.id)}>
          {t('myPage:projectStatus.openProject')}
        </Link>
      ) : null}
      <SummaryList
        rows={[
          [t('requestFunding:summary.artist'), artist],
          [t('requestFunding:summary.package'), t(`mediaDetail:packages.${data.packageId}`)],
          ...(created ? ([[t('requestFunding:summary.fundingPeriod'), range(data.fundingStartDate, data.fundingEndDate)]] as const) : []),
          [t('requestFunding:summary.adPeriod'), range(data.adStartDate, data.adEndDate)],
          [t('requestFunding:summary.goalLabel'), pointsText(data.goal)],
          ...(data.deposit !== null ? ([[t('myPage:projectStatus.deposit'), pointsText(data.deposit)]] as const) : []),
        ]}
      />
      <Link className="text-link" to={paths.mediaList(data.id)}>
        {t('myPage:projectStatus.seeMedia', { count: data.media.length })}
      </Link>
    </div>
  );
}

function StatusSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card stack" aria-labelledby={id}>
      <h3 id={id} className="card__title">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Funding: raised of the goal, the participants, and the days left to the close. */
function FundingProgress({ project }: { project: Project }) {
  const { t } = useTranslation(['myPage', 'projectDetail']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const pointsText = usePointsText(project.currency);
  const percent = percentFunded(project.raised, project.goal);
  const closesAt = project.closesAt ? new Date(project.closesAt) : null;
  const days = closesAt ? daysUntilClose(closesAt, new Date()) : null;
  return (
    <StatusSection id="project-status-progress" title={t('myPage:projectStatus.progressTitle')}>
      <div className="row-between">
        <strong className="project-page__dday">{t('projectDetail:percent', { percent })}</strong>
        {days !== null ? (
          <span className="project-page__dday" data-testid="status-dday">
            {days === 0 ? t('projectDetail:dDay') : t('projectDetail:dMinus', { days })}
          </span>
        ) : null}
      </div>
      <div className="project-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.min(100, percent)} aria-label={t('projectDetail:progressLabel')}>
        <span className="project-progress__bar" style={{ width: `${Math.min(100, percent)}%` }} />
      </div>
      <p data-testid="status-raised">{t('projectDetail:raisedOfGoal', { raised: pointsText(project.raised), goal: pointsText(project.goal) })}</p>
      <p className="muted">{t('projectDetail:participantCount', { count: project.participantCount, formatted: formatNumber(project.participantCount, language) })}</p>
      {closesAt ? <ClosingMoment closesAt={closesAt} /> : null}
    </StatusSection>
  );
}

/** Succeeded: the ad runs from its start; an operator may still cancel it until a month before. */
function NextSteps({ project }: { project: Project }) {
  const { t } = useTranslation('myPage');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const day = (value: string) => formatKstCalendarDay(value, language);
  const values = { start: day(project.adStartDate), end: day(project.adEndDate), date: day(lastCancellationDayFor(project.adStartDate)) };
  return (
    <StatusSection id="project-status-next" title={t('projectStatus.next.title')}>
      <ol className="status-steps">
        <li>{t('projectStatus.next.held', values)}</li>
        <li data-testid="status-cancellable">{t('projectStatus.next.cancellable', values)}</li>
        <li>{t('projectStatus.next.runs', values)}</li>
      </ol>
    </StatusSection>
  );
}

/** Failed or cancelled: every participation went back (docs/product.md#returns), shown in the point history. */
function ReturnedPoints({ project }: { project: Project }) {
  const { t } = useTranslation(['myPage', 'common']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const pointsText = usePointsText(project.currency);
  const reason = t(`myPage:history.reasons.${project.kind === 'event' ? 'event_not_achieved' : 'project_not_achieved'}`);
  return (
    <StatusSection id="project-status-returned" title={t('myPage:projectStatus.returned.title')}>
      <SummaryList
        rows={[
          [
            t('myPage:projectStatus.returned.everyone'),
            t('myPage:projectStatus.returned.everyoneValue', { amount: pointsText(project.raised), count: project.participantCount, formatted: formatNumber(project.participantCount, language) }),
          ],
          [t('myPage:projectStatus.returned.you'), pointsText(project.viewerContribution)],
        ]}
      />
      <p className="muted">{t('myPage:projectStatus.returned.where', { reason })}</p>
      <Link className="button button--secondary button--block" to={paths.pointHistory(project.currency)}>
        {t('myPage:projectStatus.returned.history', { currency: t(`common:points.${project.currency}`) })}
      </Link>
    </StatusSection>
  );
}

/** Awarded: the operator's photos of the ad (docs/product.md#execution). */
function Photos({ project }: { project: Project }) {
  const { t } = useTranslation(['myPage', 'projectDetail']);
  return (
    <StatusSection id="project-status-photos" title={t('myPage:projectStatus.photosTitle')}>
      <div className="project-photos">
        {project.photos.map((url, index) => (
          <a key={url} href={url} target="_blank" rel="noreferrer">
            <img src={url} alt={t('projectDetail:photoAlt', { number: index + 1 })} loading="lazy" width={1200} height={900} />
          </a>
        ))}
      </div>
    </StatusSection>
  );
}

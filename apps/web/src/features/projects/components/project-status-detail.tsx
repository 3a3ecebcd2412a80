import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths.ts';
import { EmptyState, Spinner } from '../../../components/ui/primitives.tsx';
import { formatKstCalendarDay } from '../../../lib/format.ts';
import { useOrangeText } from '../../../lib/media-text.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useProject } from '../api/get-project.ts';
import { DeadlineCountdown } from './deadline-countdown.tsx';
import { SummaryList } from './flow-parts.tsx';
import { infoDetailStatusOf } from './project-links.ts';
import './projects.css';

/**
 * The creator's screen for a project before creation: Pending, Rejected (with the operator's
 * reason), Cancelled, and Approved with the creation deadline counting down. The project's own
 * status decides what shows, whatever the address says.
 */
export function ProjectStatusDetail({ projectId }: { projectId: number }) {
  const { t } = useTranslation(['myPage', 'common', 'requestFunding', 'mediaDetail']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const orangeText = useOrangeText();
  const project = useProject(projectId);
  if (project.isPending && project.fetchStatus !== 'idle') return <Spinner label={t('common:loading')} />;
  if (!project.data) return <EmptyState message={t('myPage:projectStatus.unknown')} />;
  const status = infoDetailStatusOf(project.data);
  if (!status) {
    return (
      <EmptyState
        message={t('myPage:projectStatus.created')}
        action={
          <Link className="button button--primary" to={paths.project(project.data.id)}>
            {t('myPage:projectStatus.openProject')}
          </Link>
        }
      />
    );
  }
  const day = (value: string) => formatKstCalendarDay(value, language);
  const artist = project.data.artistNames[language] || project.data.artistNames.en;
  return (
    <div className="stack">
      <section className="card stack status-card" aria-labelledby="project-status-title">
        <span className={`badge badge--${status}`}>{t(`myPage:projectStatus.${status}.label`)}</span>
        <h2 id="project-status-title" className="card__title">
          {t(`myPage:projectStatus.${status}.headline`)}
        </h2>
        <p className="muted">{t(`myPage:projectStatus.${status}.body`)}</p>
        {status === 'rejected' && project.data.rejectionReason ? (
          <p className="notice" data-testid="rejection-reason">
            {t('myPage:projectStatus.reason', { reason: project.data.rejectionReason })}
          </p>
        ) : null}
      </section>
      {status === 'approved' && project.data.creationDeadline ? (
        <>
          <DeadlineCountdown deadline={project.data.creationDeadline} />
          <Link className="button button--primary button--block" to={paths.createProject(project.data.id)}>
            {t('myPage:projectStatus.create')}
          </Link>
        </>
      ) : null}
      <SummaryList
        rows={[
          [t('requestFunding:summary.artist'), artist],
          [t('requestFunding:summary.package'), t(`mediaDetail:packages.${project.data.packageId}`)],
          [t('requestFunding:summary.adPeriod'), t('requestFunding:summary.range', { from: day(project.data.adStartDate), to: day(project.data.adEndDate) })],
          [t('requestFunding:summary.goalLabel'), orangeText(project.data.goal)],
        ]}
      />
      <Link className="text-link" to={paths.mediaList(project.data.id)}>
        {t('myPage:projectStatus.seeMedia', { count: project.data.media.length })}
      </Link>
    </div>
  );
}

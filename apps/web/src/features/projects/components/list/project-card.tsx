import type { Project } from '@orchard/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../lib/paths.ts';
import { formatKstCalendarDay, formatNumber } from '../../../../lib/format.ts';
import { usePointsText } from '../../../../lib/points-text.ts';
import { useLanguageAndCurrencyStore } from '../../../../lib/stores/language-and-currency.ts';
import { daysUntilClose, percentFunded } from '../common/fundraise-rules.ts';
import { StatusBadge } from '../common/status-badge.tsx';
import { thumbnailHeight, thumbnailWidth } from '../../../../components/ui/thumbnail-image.ts';
import { useRenderInstant } from '../../../../lib/server-render.ts';
import './project-card.css';

/** The last days of a funding, counted as on the project page (D-day), that the card calls closing soon. */
export const closingSoonDays = 3;

export type ProjectCardProps = {
  project: Project;
  /** `row`: a list's full-width line; `compact`: a narrow card for a horizontal scroller. */
  variant?: 'row' | 'compact';
  /** A place in a ranking (the Top 10), shown over the picture. */
  rank?: number;
  /** The picture: the thumbnail, or the first photo of the executed ad (docs/product.md#discovery: Awarded). */
  picture?: 'thumbnail' | 'firstPhoto';
  /** Load the picture at once: for the cards visible on the first screen; the rest wait until scrolled near. */
  eager?: boolean;
};

/** How long a funding has left, in the words of the card: D-n, closing soon, ends today, or closed. */
export function FundingTimeLeft({ closesAt }: { closesAt: string }) {
  const { t } = useTranslation('common');
  const days = daysUntilClose(new Date(closesAt), useRenderInstant());
  if (days === null) return <span className="project-tile__time">{t('common:projectCard.fundingClosed')}</span>;
  // The close is at 00:00 KST, so the last day counts 0; anything less is the same day, never "D--1".
  if (days <= 0) return <span className="project-tile__time project-tile__time--urgent">{t('common:projectCard.endsToday')}</span>;
  return (
    <span className={`project-tile__time${days <= closingSoonDays ? ' project-tile__time--urgent' : ''}`}>
      {t('common:projectCard.daysLeft', { count: days })}
      {days <= closingSoonDays ? <span className="project-tile__soon">{t('common:projectCard.closingSoon')}</span> : null}
    </span>
  );
}

/**
 * A project in a public list (docs/product.md#discovery): its picture, title, artist in the
 * viewer's language, raised of goal with the percent and a bar, the time left while funding, and
 * its status. Its texts are in `common`, so any page can list projects without loading more.
 */
export function ProjectCard({ project, variant = 'row', rank, picture = 'thumbnail', eager = false }: ProjectCardProps) {
  const { t } = useTranslation('common');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  // An event is funded in Berry (docs/product.md#events).
  const pointsText = usePointsText(project.currency);
  const percent = percentFunded(project.raised, project.goal);
  const artist = project.artistNames[language] || project.artistNames.en;
  // A card is a fraction of the screen: the 720-px copy of the thumbnail is plenty (docs/decisions/111).
  const thumbnail = project.thumbnailSmallUrl ?? project.thumbnailUrl;
  const pictureUrl = picture === 'firstPhoto' ? (project.photos[0] ?? thumbnail) : thumbnail;
  // A project opening later says when (docs/product.md#projects: created, funding from a later day).
  const timeLeft =
    project.status === 'funding' && project.closesAt ? (
      <FundingTimeLeft closesAt={project.closesAt} />
    ) : project.status === 'created' ? (
      <span className="project-tile__time">{t('common:projectCard.opensOn', { date: formatKstCalendarDay(project.fundingStartDate, language) })}</span>
    ) : null;
  return (
    <Link className={`project-tile project-tile--${variant}${project.currency === 'berry' ? ' project-tile--berry' : ''}`} to={paths.project(project.id)} data-testid="project-card">
      <span className="project-tile__picture">
        {pictureUrl ? (
          <img src={pictureUrl} alt="" width={thumbnailWidth} height={thumbnailHeight} loading={eager ? 'eager' : 'lazy'} decoding="async" fetchPriority={eager ? 'high' : 'auto'} />
        ) : null}
        {rank !== undefined ? (
          <span className="project-tile__rank">
            <span aria-hidden="true">{rank}</span>
            <span className="visually-hidden">{t('common:projectCard.rank', { rank })}</span>
          </span>
        ) : null}
        {/* A compact card's badge row has room for the status only: the time left sits on the picture. */}
        {variant === 'compact' ? timeLeft : null}
      </span>
      <span className="project-tile__body">
        <span className="project-tile__badges">
          <StatusBadge status={project.status} />
          {project.kind === 'event' ? <span className="status-badge status-badge--event-kind">{t('common:projectCard.event')}</span> : null}
          {variant === 'row' ? timeLeft : null}
        </span>
        <span className="project-tile__title">{project.title}</span>
        <span className="project-tile__artist">{artist}</span>
        <span className="project-tile__progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.min(100, percent)} aria-label={t('common:projectCard.progressLabel')}>
          <span className="project-tile__bar" style={{ width: `${Math.min(100, percent)}%` }} />
        </span>
        <span className="project-tile__figures">
          <strong className="project-tile__percent">{t('common:projectCard.percent', { percent })}</strong>
          <span className="project-tile__raised">{t('common:projectCard.raisedOfGoal', { raised: formatNumber(project.raised, language), goal: pointsText(project.goal) })}</span>
        </span>
      </span>
    </Link>
  );
}

/** A card's shape while its list loads, the same size as the card, so nothing moves when it arrives. */
export function ProjectCardSkeleton({ variant = 'row' }: { variant?: 'row' | 'compact' }) {
  return (
    <span className={`project-tile project-tile--${variant} project-tile--skeleton`} aria-hidden="true">
      <span className="project-tile__picture" />
      <span className="project-tile__body">
        <span className="skeleton-line skeleton-line--short" />
        <span className="skeleton-line" />
        <span className="skeleton-line skeleton-line--short" />
        <span className="project-tile__progress" />
      </span>
    </span>
  );
}

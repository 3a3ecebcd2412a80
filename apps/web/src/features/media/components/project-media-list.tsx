import type { ProjectMedium, ProjectProof } from '@orchard/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { EmptyState } from '../../../components/ui/primitives.tsx';
import { useDurationText } from '../../../lib/media-text.ts';
import { usePointsText } from '../../../lib/points-text.ts';
import { MediaMap } from './media-map.tsx';
import './media.css';

/**
 * A project's media on one map, each with its address, duration and share of the goal; once the ad
 * runs, each with its proof's standing, the proven ones highlighted on the map.
 */
export function ProjectMediaList({ media, proof }: { media: readonly ProjectMedium[]; proof?: ProjectProof }) {
  const { t } = useTranslation(['mediaDetail', 'proof']);
  const durationText = useDurationText();
  const orangeText = usePointsText('orange');
  if (media.length === 0) return <EmptyState message={t('list.empty')} />;
  const places = media.map((medium) => ({ ...medium, id: medium.mediaId }));
  const proofStatus = new Map(proof?.media.map((medium) => [medium.mediaId, medium.status]));
  const proven = new Set(proof?.media.filter((medium) => medium.status === 'proven').map((medium) => medium.mediaId));
  return (
    <div className="stack">
      <MediaMap places={places} selectedIds={proven} />
      {proof ? <p className="muted">{t('proof:mapLegend')}</p> : null}
      <ul className="medium-list" aria-label={t('list.itemsLabel')}>
        {media.map((medium) => (
          <li key={medium.mediaId} className="medium-row">
            <p className="proof-media__name">
              <Link className="medium-row__name text-link" to={paths.mediaDetail(medium.mediaId)}>
                {medium.name}
              </Link>
              {proofStatus.has(medium.mediaId) ? (
                <span className={`proof-badge proof-badge--${proofStatus.get(medium.mediaId)}`}>{t(`proof:mediumStatus.${proofStatus.get(medium.mediaId)}`)}</span>
              ) : null}
            </p>
            <p className="muted medium-row__address">{medium.address}</p>
            <p className="medium-row__meta">
              {durationText(medium.priceUnit, medium.duration)} · {orangeText(medium.amount)}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

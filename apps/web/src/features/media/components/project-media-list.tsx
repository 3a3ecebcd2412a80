import type { ProjectMedium } from '@orchard/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { EmptyState } from '../../../components/ui/primitives.tsx';
import { useDurationText } from '../../../lib/media-text.ts';
import { usePointsText } from '../../../lib/points-text.ts';
import { MediaMap } from './media-map.tsx';
import './media.css';

/** A project's media on one map, each with its address, duration and share of the goal. */
export function ProjectMediaList({ media }: { media: readonly ProjectMedium[] }) {
  const { t } = useTranslation('mediaDetail');
  const durationText = useDurationText();
  const orangeText = usePointsText('orange');
  if (media.length === 0) return <EmptyState message={t('list.empty')} />;
  const places = media.map((medium) => ({ ...medium, id: medium.mediaId }));
  return (
    <div className="stack">
      <MediaMap places={places} />
      <ul className="medium-list" aria-label={t('list.itemsLabel')}>
        {media.map((medium) => (
          <li key={medium.mediaId} className="medium-row">
            <Link className="medium-row__name text-link" to={paths.mediaDetail(medium.mediaId)}>
              {medium.name}
            </Link>
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

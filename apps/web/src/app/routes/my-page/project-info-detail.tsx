import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../shell/page-frame.tsx';

const knownStatuses = ['pending', 'rejected', 'cancelled'] as const;
type KnownStatus = (typeof knownStatuses)[number];

/** spec §4: what the creator sees for a project by status. */
export default function ProjectInfoDetailPage() {
  const { t } = useTranslation('myPage');
  const { status = '' } = useParams();
  const known = (knownStatuses as readonly string[]).includes(status) ? (status as KnownStatus) : null;
  return (
    <PageFrame title={t('projectStatus.title')}>
      {known ? (
        <section className="card status-card" aria-labelledby="project-status-title">
          <span className={`badge badge--${known}`}>{t(`projectStatus.${known}.label`)}</span>
          <h2 id="project-status-title" className="card__title">
            {t(`projectStatus.${known}.headline`)}
          </h2>
          <p className="muted">{t(`projectStatus.${known}.body`)}</p>
        </section>
      ) : (
        <p className="muted">{t('projectStatus.unknown')}</p>
      )}
    </PageFrame>
  );
}

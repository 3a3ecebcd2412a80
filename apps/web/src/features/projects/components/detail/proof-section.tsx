import type { Project, ProjectProof, ProofRecord } from '@orchard/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatKstDate, formatNumber } from '../../../../lib/format.ts';
import { paths } from '../../../../lib/paths.ts';
import { useLanguageAndCurrencyStore } from '../../../../lib/stores/language-and-currency.ts';
import { projectHasProof, useProjectProof } from '../../../../lib/project-proof.ts';
import { deviceIsOnKstTime } from '../common/closing-moment.tsx';
import { useServerRender } from '../../../../lib/server-render.ts';

/**
 * The proof section of a project page (docs/product.md#execution): how many booked media are
 * proven, the due time in KST and the viewer's zone, each medium's records with capture time,
 * distance and flag, and how anyone checks a downloaded file against its hash.
 */
export function ProofSection({ project }: { project: Project }) {
  const { t } = useTranslation('proof');
  const hasProof = projectHasProof(project.status);
  const proof = useProjectProof(project.id, { enabled: hasProof });
  if (!hasProof) return null;
  if (proof.isPending) return <p className="muted">{t('loading')}</p>;
  if (proof.isError) return null;
  return <ProofBody project={project} proof={proof.data} />;
}

function ProofBody({ project, proof }: { project: Project; proof: ProjectProof }) {
  const { t } = useTranslation('proof');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const dueAt = new Date(proof.dueAt);
  // The device's zone comes after a server render's hydration (decision 113).
  const serverRender = useServerRender();
  return (
    <section className="stack stack--tight proof-section" aria-labelledby="proof-title" data-testid="proof-section">
      <h3 id="proof-title" className="section-title">
        {t('title')}
      </h3>
      <p className={`notice${proof.status === 'overdue' ? ' notice--error' : ''}`} data-testid="proof-count">
        <strong>{t('count', { proven: formatNumber(proof.provenCount, language), booked: formatNumber(proof.bookedCount, language) })}</strong>
        <br />
        {t(`status.${proof.status}`)}
      </p>
      <p className="muted">
        {t('dueKst', { date: formatKstDate(dueAt, language, { withTime: true }) })}
        {serverRender || deviceIsOnKstTime(dueAt) ? null : (
          <>
            <br />
            {t('dueLocal', { date: dueAt.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' }) })}
          </>
        )}
      </p>
      <ul className="proof-media">
        {proof.media.map((medium) => (
          <li key={medium.mediaId} className="proof-media__item">
            <p className="proof-media__name">
              <span>{medium.name}</span>
              <span className={`proof-badge proof-badge--${medium.status}`}>{t(`mediumStatus.${medium.status}`)}</span>
            </p>
            {medium.proofs.length === 0 ? null : (
              <ul className="proof-records">
                {medium.proofs.map((record) => (
                  <ProofRecordItem key={record.id} record={record} />
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      <Link className="text-link" to={paths.mediaList(project.id)}>
        {t('seeOnMap')}
      </Link>
      <p className="muted proof-section__chain" data-testid="proof-chain">
        {proof.chain.valid ? t('chain.valid', { count: proof.chain.length }) : t('chain.broken')}
      </p>
      <p className="muted">{t('howToCheck')}</p>
    </section>
  );
}

function ProofRecordItem({ record }: { record: ProofRecord }) {
  const { t } = useTranslation('proof');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  if (record.withdraws !== null) {
    return <li className="proof-record proof-record--withdrawal">{t('withdrawal', { reason: record.reason ?? '', date: formatKstDate(record.postedAt, language, { withTime: true }) })}</li>;
  }
  return (
    <li className={`proof-record${record.withdrawn ? ' proof-record--withdrawn' : ''}`}>
      {record.url && record.kind === 'photo' ? (
        <a href={record.url} target="_blank" rel="noreferrer">
          <img src={record.url} alt={t('photoAlt', { date: formatKstDate(record.capturedAt!, language, { withTime: true }) })} loading="lazy" width={320} height={240} />
        </a>
      ) : null}
      {record.url && record.kind === 'video' ? <video src={record.url} controls preload="none" width={320} height={180} aria-label={t('videoAlt')} /> : null}
      <span>{t(record.capturedAtSource === 'exif' ? 'capturedExif' : 'capturedOperator', { date: formatKstDate(record.capturedAt!, language, { withTime: true }) })}</span>
      {record.distanceMeters === null ? <span className="muted">{t('noPlace')}</span> : <span>{t('distance', { meters: formatNumber(record.distanceMeters, language) })}</span>}
      {record.farFromMedium ? <span className="proof-badge proof-badge--overdue">{t('far')}</span> : null}
      {record.withdrawn ? <span className="proof-badge">{t('withdrawn')}</span> : null}
      {record.sha256 ? (
        <code className="proof-record__hash" title={t('hashLabel')}>
          {t('hash', { hash: record.sha256 })}
        </code>
      ) : null}
    </li>
  );
}

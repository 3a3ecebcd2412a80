import type { Project, ProofRecord } from '@orchard/shared';
import { proofDueAt } from '@orchard/shared/proof-rules';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { ImagePicker } from '../../../components/ui/image-picker.tsx';
import { Button, Card, EmptyState, Spinner } from '../../../components/ui/primitives.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { formatKstCalendarDay, formatKstDate } from '../../../lib/format.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { usePointsText } from '../../../lib/points-text.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useCancellationPreview } from '../api/get-cancellation-preview.ts';
import { useProjectProof } from '../../../lib/project-proof.ts';
import { useCancelProject, usePostProof, useProjectsIn, useWithdrawProof } from '../api/project-outcomes.ts';

const photosMax = 10;

/** What the cancellation will do, from the server's count (docs/product.md#cancellation). */
function CancellationSummary({ projectId, reason }: { projectId: number; reason: string }) {
  const { t } = useTranslation(['operator', 'common']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const preview = useCancellationPreview(projectId, { enabled: true });
  const orangeText = usePointsText('orange');
  const berryText = usePointsText('berry');
  if (preview.isPending) return <Spinner label={t('common:loading')} />;
  if (preview.isError) return <p className="form-message form-message--error">{apiErrorMessage(t, preview.error)}</p>;
  const { cancellable, cancellableThrough, participationCount, participantCount, returnTotal, currency } = preview.data;
  if (!cancellable) return <p data-testid="cancellation-summary">{t('outcomes.cancelConfirm.tooLate', { date: formatKstCalendarDay(cancellableThrough, language) })}</p>;
  return (
    <div className="stack stack--tight" data-testid="cancellation-summary">
      <p>
        {t('outcomes.cancelConfirm.returns', {
          count: participationCount,
          people: t('outcomes.cancelConfirm.people', { count: participantCount }),
          total: currency === 'berry' ? berryText(returnTotal) : orangeText(returnTotal),
        })}
      </p>
      <p>{t('outcomes.cancelConfirm.notice')}</p>
      <blockquote className="ops-quote">{reason}</blockquote>
    </div>
  );
}

function CancelForm({ project }: { project: Project }) {
  const { t } = useTranslation(['operator', 'common']);
  const cancel = useCancelProject();
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const preview = useCancellationPreview(project.id, { enabled: confirming });
  const reasonId = useId();
  const trimmed = reason.trim();
  return (
    <div className="stack stack--tight">
      <label htmlFor={reasonId} className="field-label">
        {t('outcomes.cancelReason')}
      </label>
      <textarea id={reasonId} className="text-field reason-field" maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
      <Button variant="danger" disabled={cancel.isPending || trimmed.length === 0} onClick={() => setConfirming(true)}>
        {t('outcomes.cancel')}
      </Button>
      {cancel.isError ? (
        <p className="notice notice--error" role="alert">
          {apiErrorMessage(t, cancel.error)}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('outcomes.cancelConfirm.title', { title: project.title ?? `#${project.id}` })}
        message={confirming ? <CancellationSummary projectId={project.id} reason={trimmed} /> : null}
        confirmLabel={t('outcomes.cancelConfirm.confirm')}
        cancelLabel={t('outcomes.cancelConfirm.keep')}
        tone="danger"
        confirmDisabled={!preview.data?.cancellable}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          cancel.mutate({ projectId: project.id, reason: trimmed }, { onSuccess: () => showToast({ message: t('outcomes.cancelled') }) });
        }}
      />
    </div>
  );
}

/** A KST wall-clock time from a `datetime-local` input, as ISO 8601 with its +09:00 offset. */
export function kstInstantOf(local: string): string | null {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? `${local}:00+09:00` : null;
}

/** The proof of each booked medium: its standing, a post of photos or a clip, and a withdrawal with a reason. */
function ProofForm({ project }: { project: Project }) {
  const { t } = useTranslation(['operator', 'common', 'proof']);
  const proof = useProjectProof(project.id);
  const post = usePostProof();
  const [mediaId, setMediaId] = useState<number>(project.media[0]?.mediaId ?? 0);
  const [capturedAt, setCapturedAt] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const fieldId = useId();
  const tooMany = files.length > photosMax;
  const submit = () =>
    post.mutate(
      { projectId: project.id, mediaId, capturedAt: kstInstantOf(capturedAt), files },
      { onSuccess: () => { setFiles([]); showToast({ message: t('outcomes.proofPosted') }); } },
    );
  return (
    <div className="stack stack--tight">
      {proof.data ? (
        <>
          <p className="request-card__meta" data-testid="ops-proof-count">{t('proof:count', { proven: proof.data.provenCount, booked: proof.data.bookedCount })}</p>
          <ul className="proof-media">
            {proof.data.media.map((medium) => (
              <li key={medium.mediaId} className="proof-media__item">
                <p className="proof-media__name">
                  <span>{medium.name}</span>
                  <span className={`proof-badge proof-badge--${medium.status}`}>{t(`proof:mediumStatus.${medium.status}`)}</span>
                </p>
                {medium.proofs.filter((record) => record.withdraws === null && !record.withdrawn).map((record) => <WithdrawProof key={record.id} record={record} />)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <label className="field-label" htmlFor={`${fieldId}-medium`}>{t('outcomes.proofMedium')}</label>
      <select id={`${fieldId}-medium`} className="input" value={mediaId} onChange={(event) => setMediaId(Number(event.target.value))}>
        {project.media.map((medium) => (
          <option key={medium.mediaId} value={medium.mediaId}>{medium.name}</option>
        ))}
      </select>
      <label className="field-label" htmlFor={`${fieldId}-captured`}>{t('outcomes.proofCapturedAt')}</label>
      <input id={`${fieldId}-captured`} className="input" type="datetime-local" value={capturedAt} onChange={(event) => setCapturedAt(event.target.value)} />
      <p className="field-help muted">{t('outcomes.proofCapturedAtHelp')}</p>
      <ImagePicker
        files={files}
        columns={2}
        shape="landscape"
        accept="image/jpeg,image/png,image/webp,video/mp4"
        block
        texts={{
          choose: files.length > 0 ? t('outcomes.choosePhotosAgain') : t('outcomes.choosePhotos'),
          list: t('outcomes.photos', { max: photosMax }),
          altOf: (number) => t('outcomes.photoPreview', { number }),
        }}
        onChoose={setFiles}
      />
      {tooMany ? <p className="field-message field-message--error">{t('outcomes.tooMany', { max: photosMax })}</p> : null}
      <Button disabled={post.isPending || files.length === 0 || tooMany || mediaId === 0} onClick={submit}>
        {post.isPending ? t('outcomes.uploading') : t('outcomes.postProof', { count: files.length })}
      </Button>
      {post.isError ? (
        <p className="notice notice--error" role="alert">
          {apiErrorMessage(t, post.error)}
        </p>
      ) : null}
    </div>
  );
}

function WithdrawProof({ record }: { record: ProofRecord }) {
  const { t } = useTranslation(['operator', 'common']);
  const withdraw = useWithdrawProof();
  const [reason, setReason] = useState('');
  const fieldId = useId();
  return (
    <div className="stack stack--tight proof-withdraw">
      <label className="field-label" htmlFor={fieldId}>{t('outcomes.withdrawReason', { id: record.id })}</label>
      <input id={fieldId} className="input" value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
      <Button variant="secondary" disabled={withdraw.isPending || reason.trim() === ''} onClick={() => withdraw.mutate({ proofId: record.id, reason: reason.trim() }, { onSuccess: () => showToast({ message: t('outcomes.withdrawn') }) })}>
        {t('outcomes.withdraw')}
      </Button>
      {withdraw.isError ? <p className="notice notice--error" role="alert">{apiErrorMessage(t, withdraw.error)}</p> : null}
    </div>
  );
}

function OutcomeList({ status }: { status: 'succeeded' | 'running' }) {
  const { t } = useTranslation(['operator', 'common']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const projects = useProjectsIn(status);
  if (projects.isPending) return <Spinner label={t('common:loading')} />;
  if (projects.isError) return <p className="notice notice--error">{apiErrorMessage(t, projects.error)}</p>;
  if (projects.data.length === 0) return <EmptyState message={t(`outcomes.empty.${status}`)} />;
  return (
    <ul className="stack ops-queue">
      {(status === 'running' ? [...projects.data].sort((a, b) => a.adStartDate.localeCompare(b.adStartDate) || a.id - b.id) : projects.data).map((project) => (
        <li key={project.id}>
          <Card className="request-card">
            <Link className="request-card__title" to={paths.project(project.id)}>
              {project.title ?? `#${project.id}`}
            </Link>
            <p className="request-card__meta">{t('outcomes.adStart', { date: formatKstCalendarDay(project.adStartDate, language) })}</p>
            {status === 'running' ? <ProofDue project={project} /> : null}
            {status === 'succeeded' ? <CancelForm project={project} /> : <ProofForm project={project} />}
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** The console's ads: running ads waiting for their photos, and succeeded projects (cancellable up to a month before the ad). */
export function ProjectOutcomes() {
  const { t } = useTranslation('operator');
  return (
    <section className="stack" aria-labelledby="ops-outcomes-title">
      <h2 id="ops-outcomes-title" className="section-title">
        {t('outcomes.running')}
      </h2>
      <OutcomeList status="running" />
      <h2 className="section-title">{t('outcomes.succeeded')}</h2>
      <OutcomeList status="succeeded" />
    </section>
  );
}

/** When a running ad's proof is due, and whether that time has passed: the list shows the earliest first. */
function ProofDue({ project }: { project: Project }) {
  const { t } = useTranslation('operator');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const dueAt = proofDueAt(project.adStartDate);
  const overdue = Date.now() > dueAt.getTime();
  return (
    <p className={overdue ? 'field-message field-message--error' : 'request-card__meta'} data-testid="ops-proof-due">
      {t(overdue ? 'outcomes.proofOverdue' : 'outcomes.proofDue', { date: formatKstDate(dueAt, language, { withTime: true }) })}
    </p>
  );
}

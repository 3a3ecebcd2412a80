import type { Project } from '@orchard/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { ImagePicker } from '../../../components/ui/image-picker.tsx';
import { Button, Card, EmptyState, Spinner } from '../../../components/ui/primitives.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { formatKstCalendarDay } from '../../../lib/format.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { usePointsText } from '../../../lib/points-text.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useCancellationPreview } from '../api/get-cancellation-preview.ts';
import { useCancelProject, usePostPhotos, useProjectsIn } from '../api/project-outcomes.ts';

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

function PhotosForm({ project }: { project: Project }) {
  const { t } = useTranslation(['operator', 'common']);
  const post = usePostPhotos();
  const [files, setFiles] = useState<File[]>([]);
  const tooMany = files.length > photosMax;
  return (
    <div className="stack stack--tight">
      <p className="field-label">{t('outcomes.photos', { max: photosMax })}</p>
      <ImagePicker
        files={files}
        columns={2}
        shape="landscape"
        accept="image/jpeg,image/png,image/webp"
        block
        texts={{
          choose: files.length > 0 ? t('outcomes.choosePhotosAgain') : t('outcomes.choosePhotos'),
          list: t('outcomes.photos', { max: photosMax }),
          altOf: (number) => t('outcomes.photoPreview', { number }),
        }}
        onChoose={setFiles}
      />
      {tooMany ? <p className="field-message field-message--error">{t('outcomes.tooMany', { max: photosMax })}</p> : null}
      <Button disabled={post.isPending || files.length === 0 || tooMany} onClick={() => post.mutate({ projectId: project.id, files })}>
        {post.isPending ? t('outcomes.uploading') : t('outcomes.postPhotos', { count: files.length })}
      </Button>
      {post.isError ? (
        <p className="notice notice--error" role="alert">
          {apiErrorMessage(t, post.error)}
        </p>
      ) : null}
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
      {projects.data.map((project) => (
        <li key={project.id}>
          <Card className="request-card">
            <Link className="request-card__title" to={paths.project(project.id)}>
              {project.title ?? `#${project.id}`}
            </Link>
            <p className="request-card__meta">{t('outcomes.adStart', { date: formatKstCalendarDay(project.adStartDate, language) })}</p>
            {status === 'succeeded' ? <CancelForm project={project} /> : <PhotosForm project={project} />}
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

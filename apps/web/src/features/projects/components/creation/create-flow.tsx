import type { Project } from '@orchard/shared';
import { depositBoundsFor, minimumUnitMaxFor, minimumUnitMin } from '@orchard/shared/project-rules';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../../lib/paths.ts';
import { Button, EmptyState, Spinner } from '../../../../components/ui/primitives.tsx';
import { useActionKey } from '../../../../lib/action-key.ts';
import { formatKstCalendarDay, formatNumber } from '../../../../lib/format.ts';
import { ApiError } from '../../../../lib/http.ts';
import { apiErrorMessage } from '../../../../lib/i18n.ts';
import { useDurationText } from '../../../../lib/media-text.ts';
import { usePointsText } from '../../../../lib/points-text.ts';
import { useLanguageAndCurrencyStore } from '../../../../lib/stores/language-and-currency.ts';
import { useCreateProject } from '../../api/create-project.ts';
import { useProject } from '../../api/get-project.ts';
import { useUploadThumbnail } from '../../api/upload-thumbnail.ts';
import { emptyCreationDraft, useCreationDraftStore, type CreationDraft } from '../../stores/creation-draft.ts';
import {
  creationProblem,
  creationSteps,
  isEmailValid,
  numberedCreationSteps,
  parseWholeNumber,
  problemsShownByTheirField,
  titleMaxLength,
  introductionMaxLength,
  type CreationProblem,
} from '../common/creation-steps.ts';
import { DeadlineCountdown } from '../common/deadline-countdown.tsx';
import { FlowActions, FlowProgress, ResumedNotice, SummaryList } from '../common/flow-parts.tsx';
import { TextBox } from '../../../../components/ui/text-box.tsx';
import { projectLink } from '../common/project-links.ts';
import { ShareButton } from '../common/share-button.tsx';
import { resumeAfterChargeKey } from '../common/resume-after-charge.ts';
import { useStepHistory } from '../common/step-history.ts';
import { ThumbnailPicker } from '../../../../components/ui/thumbnail-picker.tsx';
import { useThumbnailTexts } from '../common/thumbnail-texts.ts';


function HistoryStep({ project }: { project: Project }) {
  const { t } = useTranslation(['createProject', 'requestFunding', 'mediaDetail']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const orangeText = usePointsText('orange');
  const durationText = useDurationText();
  const day = (value: string) => formatKstCalendarDay(value, language);
  return (
    <div className="stack">
      {project.creationDeadline ? <DeadlineCountdown deadline={project.creationDeadline} fundingEndDate={project.fundingEndDate} /> : null}
      <SummaryList
        rows={[
          [t('requestFunding:summary.artist'), project.artistNames[language] || project.artistNames.en],
          [t('requestFunding:summary.purpose'), `${t(`requestFunding:purpose.${project.purpose}.label`)} · ${t(`requestFunding:option.${project.option}.label`)}`],
          [t('requestFunding:summary.package'), t(`mediaDetail:packages.${project.packageId}`)],
          [t('requestFunding:summary.adPeriod'), t('requestFunding:summary.range', { from: day(project.adStartDate), to: day(project.adEndDate) })],
          [t('requestFunding:summary.fundingPeriod'), t('requestFunding:summary.range', { from: day(project.fundingStartDate), to: day(project.fundingEndDate) })],
          [t('requestFunding:summary.goalLabel'), orangeText(project.goal)],
        ]}
      />
      <ul className="summary-media" aria-label={t('requestFunding:summary.media')}>
        {project.media.map((medium) => (
          <li key={medium.mediaId} className="summary-media__item">
            <span>{medium.name}</span>
            <span className="muted">
              {durationText(medium.priceUnit, medium.duration)} · {orangeText(medium.amount)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ThumbnailStep({ project }: { project: Project }) {
  const { t } = useTranslation('createProject');
  const upload = useUploadThumbnail();
  const texts = useThumbnailTexts();
  return (
    <ThumbnailPicker
      layout="step"
      current={project.thumbnailUrl}
      busy={upload.isPending}
      busyLabel={t('thumbnail.uploading')}
      texts={{ ...texts, failureText: (error) => apiErrorMessage(t, error) }}
      onCropped={(image) => upload.mutateAsync({ projectId: project.id, image, language: useLanguageAndCurrencyStore.getState().language })}
    />
  );
}

/** The deposit's own messages, printed under its field (and nowhere else). */
const depositMessages: Partial<Record<CreationProblem, string>> = { depositTooLow: 'deposit.tooLow', depositTooHigh: 'deposit.tooHigh', depositOffUnit: 'deposit.offUnit' };

/** Below the unit itself the product's own wording; between the unit and the minimum deposit, that minimum and the unit (docs/product.md#deposit). */
function depositMessageOf(problem: CreationProblem | null, deposit: number | null, unit: number): string | undefined {
  if (problem === 'depositTooLow' && deposit !== null && deposit < unit) return 'deposit.belowUnit';
  return problem ? depositMessages[problem] : undefined;
}

/**
 * docs/product.md#deposit: both bounds shown, a field and two buttons that fill it with either,
 * whole units only; the amount's problem is printed once, under the field.
 */
function DepositStep({ project, draft, orangeAvailable, problem }: { project: Project; draft: CreationDraft; orangeAvailable: number | undefined; problem: CreationProblem | null }) {
  const { t } = useTranslation('createProject');
  const update = useCreationDraftStore((state) => state.update);
  const orangeText = usePointsText('orange');
  const unit = parseWholeNumber(draft.minimumUnit) ?? minimumUnitMin;
  const bounds = depositBoundsFor(project.goal, unit);
  const message = depositMessageOf(problem, parseWholeNumber(draft.deposit), unit);
  return (
    <div className="stack">
      <p className="muted">{t('deposit.rule', { percent: 5, unit: orangeText(unit) })}</p>
      <SummaryList
        rows={[
          [t('deposit.minimum'), <span data-testid="deposit-minimum">{orangeText(bounds.minimum)}</span>],
          [t('deposit.maximum'), <span data-testid="deposit-maximum">{orangeText(bounds.maximum)}</span>],
        ]}
      />
      <TextBox
        label={t('deposit.label')}
        inputMode="numeric"
        value={draft.deposit}
        onChange={(value) => update({ deposit: value })}
        message={message ? { tone: 'error', text: t(message, { minimum: orangeText(bounds.minimum), maximum: orangeText(bounds.maximum), unit: orangeText(unit) }) } : null}
      />
      <div className="button-pair">
        <Button variant="secondary" onClick={() => update({ deposit: String(bounds.minimum) })}>
          {t('deposit.useMinimum')}
        </Button>
        <Button variant="secondary" onClick={() => update({ deposit: String(bounds.maximum) })}>
          {t('deposit.useMaximum')}
        </Button>
      </div>
      {orangeAvailable !== undefined ? <p className="muted" data-testid="orange-available">{t('deposit.available', { amount: orangeText(orangeAvailable) })}</p> : null}
    </div>
  );
}

function ChargePrompt({ projectId }: { projectId: number }) {
  const { t } = useTranslation('createProject');
  return (
    <div className="notice notice--error stack stack--tight" role="alert">
      <p>{t('deposit.insufficient')}</p>
      <Link className="button button--primary" to={paths.pointCharge} onClick={() => sessionStorage.setItem(resumeAfterChargeKey, paths.createProject(projectId))}>
        {t('deposit.charge')}
      </Link>
    </div>
  );
}

function CreatedView({ project }: { project: Project }) {
  const { t } = useTranslation('createProject');
  return (
    <div className="stack flow-done" role="status">
      <h2 className="page-title">{t('done.title')}</h2>
      <p className="page-lead" data-testid="created-status">
        {t(`done.status.${project.status === 'funding' ? 'funding' : 'created'}`)}
      </p>
      <article className="card stack stack--tight created-preview">
        {project.thumbnailUrl ? <img className="thumbnail-preview" src={project.thumbnailUrl} alt={t('thumbnail.current')} /> : null}
        <h3 className="project-card__title" data-testid="created-title">
          {project.title}
        </h3>
        <p className="media-text" data-testid="created-introduction">
          {project.introduction}
        </p>
      </article>
      <div className="button-pair">
        {/* The project page's own share (docs/product.md#sharing). */}
        <ShareButton project={project} title={project.title ?? ''} />
        <Link className="button button--primary" to={paths.project(project.id)}>
          {t('done.open')}
        </Link>
      </div>
    </div>
  );
}

/** Whether this project can be created now, and if not why (for the creator's screen). */
function unavailableReason(project: Project): 'notCreator' | 'notApproved' | null {
  if (!project.viewerIsCreator) return 'notCreator';
  return project.status === 'approved' ? null : 'notApproved';
}

export type CreateFlowSlots = {
  /** The creator's spendable Orange, when known. */
  orangeAvailable: number | undefined;
};

/** The creation of an approved project: 6 steps, then the deposit from the creator's Orange. */
export function CreateFlow({ projectId, slots }: { projectId: number; slots: CreateFlowSlots }) {
  // requestFunding: the "previous" button's label; a draft resumed at the deposit never showed a step that loads it.
  const { t } = useTranslation(['createProject', 'common', 'myPage', 'requestFunding']);
  const project = useProject(projectId);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const draft = useCreationDraftStore();
  const openDraft = useCreationDraftStore((state) => state.open);
  const create = useCreateProject();
  const { keyFor, settle } = useActionKey();
  const [created, setCreated] = useState<Project | null>(null);
  const [submitError, setSubmitError] = useState<{ message: string; insufficient: boolean } | null>(null);
  useEffect(() => openDraft(projectId), [openDraft, projectId]);
  const { update } = draft;
  const creatable = project.data !== undefined && unavailableReason(project.data) === null;
  const context = project.data
    ? { goal: project.data.goal, hasThumbnail: project.data.thumbnailUrl !== null, orangeAvailable: slots.orangeAvailable }
    : null;
  // Each step is a history entry, as in the request (docs/product.md#requests).
  const steps = useStepHistory({
    flow: `creation-${projectId}`,
    ready: created === null && creatable && draft.projectId === projectId,
    storedStep: draft.step,
    reachable: (wanted) => {
      const requestedStep = Math.min(wanted, creationSteps.length - 1);
      if (!context) return requestedStep;
      // A restored draft resumes no later than its first step that no longer holds.
      const firstProblem = creationSteps.findIndex((name, index) => index < requestedStep && creationProblem(name, draft, context) !== null);
      return firstProblem === -1 ? requestedStep : firstProblem;
    },
    onStep: useCallback((step: number) => update({ step }), [update]),
  });

  if (created) return <CreatedView project={created} />;
  if (project.isPending && project.fetchStatus !== 'idle') return <Spinner label={t('common:loading')} />;
  if (!project.data) return <EmptyState message={t('unavailable.notFound')} />;
  const reason = unavailableReason(project.data);
  if (reason === 'notCreator') return <EmptyState message={t('unavailable.notFound')} />;
  if (reason === 'notApproved') {
    return (
      <EmptyState
        message={t('unavailable.notApproved')}
        action={
          <Link className="button button--secondary" to={projectLink(project.data)}>
            {t('unavailable.status')}
          </Link>
        }
      />
    );
  }
  if (draft.projectId !== projectId) return <Spinner label={t('common:loading')} />;

  const { step } = steps;
  const stepName = creationSteps[step]!;
  const problem = creationProblem(stepName, draft, context!);
  const isLast = step === creationSteps.length - 1;

  const submit = () => {
    const body = {
      minimumUnit: parseWholeNumber(draft.minimumUnit)!,
      title: draft.title.trim(),
      introduction: draft.introduction.trim(),
      ...(draft.youtubeUrl.trim() ? { youtubeUrl: draft.youtubeUrl.trim() } : {}),
      ...(draft.xUrl.trim() ? { xUrl: draft.xUrl.trim() } : {}),
      creatorXId: draft.creatorXId.trim().replace(/^@/, ''),
      creatorEmail: draft.creatorEmail.trim(),
      deposit: parseWholeNumber(draft.deposit)!,
    };
    setSubmitError(null);
    create.mutate(
      { ...body, projectId, idempotencyKey: keyFor(JSON.stringify(body)), language: useLanguageAndCurrencyStore.getState().language },
      {
        onSuccess: (result) => {
          settle(null);
          draft.reset();
          sessionStorage.removeItem(resumeAfterChargeKey);
          setCreated(result);
          steps.backToFirst();
        },
        onError: (error) => {
          settle(error);
          setSubmitError({ message: apiErrorMessage(t, error), insufficient: error instanceof ApiError && error.code === 'points.insufficient' });
        },
      },
    );
  };

  // docs/product.md#deposit: a unit from 10 up to 1,000 and no more than half the goal.
  const unitRange = { min: formatNumber(minimumUnitMin, language), max: formatNumber(minimumUnitMaxFor(project.data.goal), language) };
  const emailMessage = draft.creatorEmail.trim()
    ? isEmailValid(draft.creatorEmail)
      ? { tone: 'ok' as const, text: t('creator.emailValid') }
      : { tone: 'error' as const, text: t('creator.emailInvalid') }
    : null;

  return (
    <section className="stack create-flow">
      {steps.resumed ? (
        <ResumedNotice
          message={t('resumed.message')}
          startOverLabel={t('resumed.startOver')}
          onStartOver={() => {
            update({ ...emptyCreationDraft, projectId });
            steps.backToFirst();
          }}
        />
      ) : null}
      <FlowProgress
        step={Math.min(step, numberedCreationSteps - 1)}
        total={numberedCreationSteps}
        label={stepName === 'deposit' ? t('lastStep') : t('stepOf', { step: step + 1, total: numberedCreationSteps })}
      />
      <h2 id="create-step-title" className="page-title">
        {t(`steps.${stepName}`)}
      </h2>
      {stepName === 'history' ? <HistoryStep project={project.data} /> : null}
      {stepName === 'depositUnit' ? (
        <div className="stack">
          <p className="muted">{t('depositUnit.rule', unitRange)}</p>
          <TextBox label={t('depositUnit.label')} inputMode="numeric" value={draft.minimumUnit} onChange={(value) => update({ minimumUnit: value })} />
        </div>
      ) : null}
      {stepName === 'title' ? <TextBox label={t('titleStep.label')} value={draft.title} maxLength={titleMaxLength} onChange={(value) => update({ title: value })} /> : null}
      {stepName === 'thumbnail' ? <ThumbnailStep project={project.data} /> : null}
      {stepName === 'introduction' ? (
        <div className="stack">
          <TextBox label={t('introduction.label')} multiline fieldClassName="introduction-field" maxLength={introductionMaxLength} value={draft.introduction} onChange={(value) => update({ introduction: value })} />
          <TextBox label={t('introduction.youtube')} type="url" inputMode="url" value={draft.youtubeUrl} onChange={(value) => update({ youtubeUrl: value })} />
          <TextBox label={t('introduction.x')} type="url" inputMode="url" value={draft.xUrl} onChange={(value) => update({ xUrl: value })} />
          <p className="muted">{t('introduction.hosts')}</p>
        </div>
      ) : null}
      {stepName === 'creator' ? (
        <div className="stack">
          <TextBox label={t('creator.xId')} value={draft.creatorXId} maxLength={16} onChange={(value) => update({ creatorXId: value })} />
          <TextBox label={t('creator.email')} type="email" inputMode="email" value={draft.creatorEmail} onChange={(value) => update({ creatorEmail: value })} message={emailMessage} />
        </div>
      ) : null}
      {stepName === 'deposit' ? <DepositStep project={project.data} draft={draft} orangeAvailable={slots.orangeAvailable} problem={problem} /> : null}
      {/* Short of Orange, known before sending or answered by the server: one prompt to charge. */}
      {problem === 'depositShort' || submitError?.insufficient ? <ChargePrompt projectId={projectId} /> : null}
      {submitError && !submitError.insufficient ? (
        <p className="notice notice--error" role="alert">
          {submitError.message}
        </p>
      ) : null}
      <FlowActions
        previousLabel={t('requestFunding:previous')}
        nextLabel={isLast ? t('create') : t('common:actions.next')}
        onPrevious={step > 0 ? steps.previous : undefined}
        onNext={isLast ? submit : steps.next}
        nextDisabled={problem !== null || create.isPending}
        hint={problem && !problemsShownByTheirField.has(problem) ? t(`problems.${problem}`, unitRange) : null}
      />
    </section>
  );
}

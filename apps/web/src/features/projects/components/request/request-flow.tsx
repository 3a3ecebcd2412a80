import type { AdPackage, Medium, ProjectOption, ProjectPurpose } from '@orchard/shared';
import { adEndDateFor, earliestAdStartDate, fundingEndDateFor, kstDateOf } from '@orchard/shared/project-rules';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../../lib/paths.ts';
import { Button, CheckRow, EmptyState, Spinner } from '../../../../components/ui/primitives.tsx';
import { apiErrorMessage } from '../../../../lib/i18n.ts';
import { formatKstCalendarDay } from '../../../../lib/format.ts';
import { useActionKey } from '../../../../lib/action-key.ts';
import { useDurationText } from '../../../../lib/media-text.ts';
import { usePointsText } from '../../../../lib/points-text.ts';
import { useLanguageAndCurrencyStore } from '../../../../lib/stores/language-and-currency.ts';
import { useRequestProject } from '../../api/request-project.ts';
import { useRequestDraftStore, type RequestDraft } from '../../stores/request-draft.ts';
import { ChoiceGroup } from '../../../../components/ui/choice-group.tsx';
import { DateField, FlowActions, FlowProgress, MediumRow, ResumedNotice, SummaryList } from '../common/flow-parts.tsx';
import { draftGoal, firstStepWithProblem, requestSteps, stepProblem, type RequestContext } from '../common/request-steps.ts';
import { useStepHistory } from '../common/step-history.ts';

const purposes = ['limited', 'ongoing'] as const satisfies readonly ProjectPurpose[];
const options = ['image', 'video'] as const satisfies readonly ProjectOption[];

/** What the request needs from other features, composed by its route. */
export type RequestFlowSlots = {
  renderArtistPicker(props: { isSelected(artistId: number): boolean; onToggle(artistId: number, selected: boolean): void }): ReactNode;
  renderArtistName(artistId: number): ReactNode;
  renderMap(props: { places: readonly Medium[]; selectedIds: ReadonlySet<number>; onPlaceClick(mediaId: number): void }): ReactNode;
};

export type RequestCatalogue = { packages: AdPackage[] | undefined; media: Medium[] | undefined; pending: boolean; error: unknown };

function ArtistStep({ slots }: { slots: RequestFlowSlots }) {
  const artistId = useRequestDraftStore((draft) => draft.artistId);
  const update = useRequestDraftStore((draft) => draft.update);
  return slots.renderArtistPicker({ isSelected: (id) => id === artistId, onToggle: (id, selected) => update({ artistId: selected ? id : null }) });
}

function PurposeStep() {
  const { t } = useTranslation('requestFunding');
  const purpose = useRequestDraftStore((draft) => draft.purpose);
  const option = useRequestDraftStore((draft) => draft.option);
  const update = useRequestDraftStore((draft) => draft.update);
  return (
    <div className="stack">
      <ChoiceGroup
        legend={t('purpose.legend')}
        value={purpose}
        onChange={(value) => update({ purpose: value })}
        choices={purposes.map((value) => ({ value, label: t(`purpose.${value}.label`), description: t(`purpose.${value}.description`) }))}
      />
      <ChoiceGroup
        legend={t('option.legend')}
        value={option}
        onChange={(value) => update({ option: value })}
        choices={options.map((value) => ({ value, label: t(`option.${value}.label`), description: t(`option.${value}.description`) }))}
      />
    </div>
  );
}

function PackageStep({ packages }: { packages: AdPackage[] }) {
  const { t } = useTranslation(['requestFunding', 'mediaDetail']);
  const packageId = useRequestDraftStore((draft) => draft.packageId);
  const choosePackage = useRequestDraftStore((draft) => draft.choosePackage);
  return (
    <ChoiceGroup
      legend={t('package.legend')}
      value={packageId}
      onChange={choosePackage}
      choices={packages.map((pkg) => ({
        value: pkg.id,
        label: t('package.label', { name: pkg.name, days: pkg.days }),
        description: t('package.categories', { categories: pkg.categoryCodes.map((code) => t(`mediaDetail:categories.${code}`)).join(', ') }),
      }))}
    />
  );
}

function DraftMediumRow({ medium, pkg }: { medium: Medium; pkg: AdPackage }) {
  const selection = useRequestDraftStore((draft) => draft.media.find((item) => item.mediaId === medium.id));
  const toggleMedium = useRequestDraftStore((draft) => draft.toggleMedium);
  const setDuration = useRequestDraftStore((draft) => draft.setDuration);
  return <MediumRow medium={medium} pkg={pkg} selection={selection} onToggle={() => toggleMedium(medium.id)} onDuration={(duration) => setDuration(medium.id, duration)} />;
}

function MediaStep({ media, pkg, findMedium, slots }: { media: Medium[]; pkg: AdPackage; findMedium: RequestContext['findMedium']; slots: RequestFlowSlots }) {
  const { t } = useTranslation('requestFunding');
  const draft = useRequestDraftStore();
  const orangeText = usePointsText('orange');
  const selectedIds = useMemo(() => new Set(draft.media.map((item) => item.mediaId)), [draft.media]);
  if (media.length === 0) return <EmptyState message={t('media.empty')} />;
  return (
    <div className="stack">
      <p className="muted">{t('media.lead', { name: pkg.name })}</p>
      {slots.renderMap({ places: media, selectedIds, onPlaceClick: draft.toggleMedium })}
      <ul className="medium-list" aria-label={t('media.listLabel')}>
        {media.map((medium) => (
          <DraftMediumRow key={medium.id} medium={medium} pkg={pkg} />
        ))}
      </ul>
      <p className="goal-line" aria-live="polite">
        {t('media.selected', { count: draft.media.length })} · {t('goal', { amount: orangeText(draftGoal(draft, findMedium)) })}
      </p>
    </div>
  );
}

function AdStartStep({ pkg, today }: { pkg: AdPackage; today: string }) {
  const { t } = useTranslation('requestFunding');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const adStartDate = useRequestDraftStore((draft) => draft.adStartDate);
  const chooseAdStart = useRequestDraftStore((draft) => draft.chooseAdStart);
  const earliest = earliestAdStartDate(today);
  return (
    <div className="stack">
      <p className="muted">{t('adStart.rule', { date: formatKstCalendarDay(earliest, language) })}</p>
      <DateField label={t('adStart.label')} value={adStartDate} min={earliest} onChange={chooseAdStart} />
      {adStartDate && adStartDate >= earliest ? (
        <p className="notice" data-testid="ad-period">
          {t('adStart.period', {
            start: formatKstCalendarDay(adStartDate, language),
            end: formatKstCalendarDay(adEndDateFor(adStartDate, pkg.days), language),
            days: pkg.days,
          })}
        </p>
      ) : null}
    </div>
  );
}

function FundingDatesStep({ today }: { today: string }) {
  const { t } = useTranslation('requestFunding');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const adStartDate = useRequestDraftStore((draft) => draft.adStartDate)!;
  const fundingStartDate = useRequestDraftStore((draft) => draft.fundingStartDate);
  const update = useRequestDraftStore((draft) => draft.update);
  const fundingEnd = fundingEndDateFor(adStartDate);
  return (
    <div className="stack">
      <p className="notice" data-testid="funding-end">
        {t('fundingDates.end', { date: formatKstCalendarDay(fundingEnd, language) })}
      </p>
      <DateField label={t('fundingDates.startLabel')} value={fundingStartDate} min={today} max={fundingEnd} onChange={(value) => update({ fundingStartDate: value })} />
      <p className="muted">{t('fundingDates.rule', { from: formatKstCalendarDay(today, language), to: formatKstCalendarDay(fundingEnd, language) })}</p>
      <Button variant="ghost" onClick={() => update({ fundingStartDate: today })}>
        {t('fundingDates.startToday')}
      </Button>
    </div>
  );
}

function ConfirmationStep({ draft, pkg, findMedium, slots }: { draft: RequestDraft; pkg: AdPackage; findMedium: RequestContext['findMedium']; slots: RequestFlowSlots }) {
  const { t } = useTranslation('requestFunding');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const update = useRequestDraftStore((state) => state.update);
  const orangeText = usePointsText('orange');
  const durationText = useDurationText();
  const day = (value: string) => formatKstCalendarDay(value, language);
  const adStart = draft.adStartDate!;
  return (
    <div className="stack">
      <SummaryList
        rows={[
          [t('summary.artist'), slots.renderArtistName(draft.artistId!)],
          [t('summary.purpose'), `${t(`purpose.${draft.purpose!}.label`)} · ${t(`option.${draft.option!}.label`)}`],
          [t('summary.package'), t('package.label', { name: pkg.name, days: pkg.days })],
          [t('summary.adPeriod'), t('summary.range', { from: day(adStart), to: day(adEndDateFor(adStart, pkg.days)) })],
          [t('summary.fundingPeriod'), t('summary.range', { from: day(draft.fundingStartDate!), to: day(fundingEndDateFor(adStart)) })],
        ]}
      />
      <ul className="summary-media" aria-label={t('summary.media')}>
        {draft.media.map((selection) => {
          const medium = findMedium(selection.mediaId);
          if (!medium || selection.duration === null) return null;
          return (
            <li key={selection.mediaId} className="summary-media__item">
              <span>{medium.name}</span>
              <span className="muted">
                {durationText(medium.priceUnit, selection.duration)} · {orangeText(medium.price * selection.duration)}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="goal-total" data-testid="request-goal">
        {t('goal', { amount: orangeText(draftGoal(draft, findMedium)) })}
      </p>
      <p className="muted">{t('confirmation.goalNote')}</p>
      <div className="card terms-card">
        <h2 className="card__title">{t('confirmation.termsTitle')}</h2>
        <ul className="bullet-list">
          <li>{t('confirmation.terms.refundWindow')}</li>
          <li>{t('confirmation.terms.noChangeOfMind')}</li>
          <li>{t('confirmation.terms.notAchieved')}</li>
          <li>{t('confirmation.terms.deadline')}</li>
        </ul>
        <CheckRow emphasis checked={draft.termsAgreed} onChange={(checked) => update({ termsAgreed: checked })} label={t('confirmation.agree')} />
      </div>
    </div>
  );
}

function RequestDone({ onAnother }: { onAnother(): void }) {
  const { t } = useTranslation('requestFunding');
  return (
    <div className="stack flow-done" role="status">
      <h2 className="page-title">{t('done.title')}</h2>
      <p className="page-lead">{t('done.message')}</p>
      <Link className="button button--primary button--block" to={paths.projectList + '?tab=request'}>
        {t('done.myRequests')}
      </Link>
      <Button variant="secondary" block onClick={onAnother}>
        {t('done.another')}
      </Button>
    </div>
  );
}

/**
 * The 7-step request. The draft lives in a small persisted store, so a reload or a trip to the
 * sign-in page resumes where the user was; a stale draft (a date now too soon) resumes at the
 * first step that no longer holds. Each step is a history entry, so Back goes one step back.
 */
export function RequestFlow({ catalogue, slots }: { catalogue: RequestCatalogue; slots: RequestFlowSlots }) {
  const { t } = useTranslation(['requestFunding', 'common']);
  const draft = useRequestDraftStore();
  const pkg = catalogue.packages?.find((item) => item.id === draft.packageId);
  const request = useRequestProject();
  const { keyFor, settle } = useActionKey();
  const [done, setDone] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const today = kstDateOf(new Date());

  const mediaById = useMemo(() => new Map((catalogue.media ?? []).map((medium) => [medium.id, medium])), [catalogue.media]);
  const context: RequestContext = { today, pkg, findMedium: (mediaId) => mediaById.get(mediaId) };
  const { update } = draft;
  const steps = useStepHistory({
    flow: 'request',
    ready: !catalogue.pending && catalogue.packages !== undefined && !done,
    storedStep: draft.step,
    reachable: (wanted) => Math.min(wanted, requestSteps.length - 1, firstStepWithProblem(draft, context)),
    onStep: useCallback((step: number) => update({ step }), [update]),
  });

  if (done) return <RequestDone onAnother={() => setDone(false)} />;
  if (catalogue.error) {
    return (
      <p className="notice notice--error" role="alert">
        {apiErrorMessage(t, catalogue.error)}
      </p>
    );
  }
  if (catalogue.pending || !catalogue.packages) return <Spinner label={t('common:loading')} />;

  const { step } = steps;
  const stepName = requestSteps[step]!;
  const problem = stepProblem(stepName, draft, context);
  const isLast = step === requestSteps.length - 1;

  const submit = () => {
    const body = {
      artistId: draft.artistId!,
      purpose: draft.purpose!,
      option: draft.option!,
      packageId: draft.packageId!,
      media: draft.media.map((item) => ({ mediaId: item.mediaId, duration: item.duration! })),
      adStartDate: draft.adStartDate!,
      fundingStartDate: draft.fundingStartDate!,
    };
    setSubmitError(null);
    request.mutate(
      { ...body, idempotencyKey: keyFor(JSON.stringify(body)) },
      {
        onSuccess: () => {
          settle(null);
          draft.reset();
          setDone(true);
          steps.backToFirst();
        },
        onError: (error) => {
          settle(error);
          setSubmitError(apiErrorMessage(t, error));
        },
      },
    );
  };

  return (
    <section className="stack request-flow">
      {steps.resumed ? (
        <ResumedNotice
          message={t('resumed.message')}
          startOverLabel={t('resumed.startOver')}
          onStartOver={() => {
            draft.reset();
            steps.backToFirst();
          }}
        />
      ) : null}
      <FlowProgress step={step} total={requestSteps.length} label={t('stepOf', { step: step + 1, total: requestSteps.length })} />
      <h2 id="request-step-title" className="page-title">
        {t(`steps.${stepName}`)}
      </h2>
      {stepName === 'artist' ? <ArtistStep slots={slots} /> : null}
      {stepName === 'purpose' ? <PurposeStep /> : null}
      {stepName === 'package' ? <PackageStep packages={catalogue.packages} /> : null}
      {stepName === 'media' && pkg ? <MediaStep media={catalogue.media ?? []} pkg={pkg} findMedium={context.findMedium} slots={slots} /> : null}
      {stepName === 'adStart' && pkg ? <AdStartStep pkg={pkg} today={today} /> : null}
      {stepName === 'fundingDates' ? <FundingDatesStep today={today} /> : null}
      {stepName === 'confirmation' && pkg ? <ConfirmationStep draft={draft} pkg={pkg} findMedium={context.findMedium} slots={slots} /> : null}
      {submitError ? (
        <p className="notice notice--error" role="alert">
          {submitError}
        </p>
      ) : null}
      <FlowActions
        previousLabel={t('previous')}
        nextLabel={isLast ? t('create') : t('common:actions.next')}
        onPrevious={step > 0 ? steps.previous : undefined}
        onNext={isLast ? submit : steps.next}
        nextDisabled={problem !== null || request.isPending}
        hint={problem ? t(`problems.${problem}`) : null}
      />
    </section>
  );
}

import type { AdPackage, Medium, Project } from '@orchard/shared';
import { krwPerOrange } from '@orchard/shared/points-rules';
import { earliestAdStartDate, eventGoalOf, fundingEndDateFor, goalOf, kstDateOf, minimumUnitMax, minimumUnitMin } from '@orchard/shared/project-rules';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Card, EmptyState, Spinner } from '../../../../components/ui/primitives.tsx';
import { useActionKey } from '../../../../lib/action-key.ts';
import { formatKrw, formatNumber } from '../../../../lib/format.ts';
import { apiErrorMessage } from '../../../../lib/i18n.ts';
import { useLanguageAndCurrencyStore } from '../../../../lib/stores/language-and-currency.ts';
import { useCreateEvent } from '../../api/create-event.ts';
import { useUploadThumbnail } from '../../api/upload-thumbnail.ts';
import { emptyEventDraft, eventBodyOf, eventProblem, type EventDraft } from './event-form-rules.ts';
import { ChoiceGroup } from '../../../../components/ui/choice-group.tsx';
import { DateField, MediumRow } from '../common/flow-parts.tsx';
import { TextBox } from '../../../../components/ui/text-box.tsx';
import { projectLink } from '../common/project-links.ts';
import { koreanObjectParticle } from '../../../../lib/korean-particle.ts';
import { usePointsText } from '../../../../lib/points-text.ts';
import { introductionMaxLength, titleMaxLength } from '../common/creation-steps.ts';
import { ThumbnailPicker } from '../../../../components/ui/thumbnail-picker.tsx';
import { useThumbnailTexts } from '../common/thumbnail-texts.ts';

export type EventFormSlots = {
  renderArtistPicker(props: { isSelected(artistId: number): boolean; onToggle(artistId: number, selected: boolean): void }): ReactNode;
};

/** The catalogue of the chosen package, loaded by the route that composes the form. */
export type EventCatalogue = { packages: AdPackage[] | undefined; media: Medium[] | undefined; pending: boolean; error: unknown };

/**
 * An operator's event in one form (docs/product.md#events): the request's choices and the
 * creation's texts, then the thumbnail; the goal is shown in Berry. Sent as one keyed request, then
 * the thumbnail upload; a thumbnail that fails can be sent again without making a second event.
 */
export function EventForm({ catalogue, slots, onPackageChange }: { catalogue: EventCatalogue; slots: EventFormSlots; onPackageChange(packageId: string): void }) {
  const { t } = useTranslation(['operator', 'requestFunding', 'createProject', 'common']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const berryText = usePointsText('berry');
  const orangeText = usePointsText('orange');
  const createEvent = useCreateEvent();
  const uploadThumbnail = useUploadThumbnail();
  const actionKey = useActionKey();
  const thumbnailTexts = useThumbnailTexts();
  const [draft, setDraft] = useState<EventDraft>(emptyEventDraft);
  const [image, setImage] = useState<Blob | null>(null);
  const [made, setMade] = useState<Project | null>(null);
  const [error, setError] = useState<string | null>(null);
  const artistLabelId = useId();
  const update = (change: Partial<EventDraft>) => setDraft((current) => ({ ...current, ...change }));
  const today = kstDateOf(new Date());
  const pkg = catalogue.packages?.find((item) => item.id === draft.packageId);
  const findMedium = (mediaId: number) => catalogue.media?.find((medium) => medium.id === mediaId);
  const context = { today, pkg, findMedium };
  const problem = eventProblem({ ...draft, hasThumbnail: image !== null }, context);
  const goal = goalOf(draft.media.flatMap((selection) => {
    const medium = findMedium(selection.mediaId);
    return medium && selection.duration !== null ? [{ price: medium.price, duration: selection.duration }] : [];
  }));
  const busy = createEvent.isPending || uploadThumbnail.isPending;

  // An event made whose thumbnail did not arrive: sending again only retries the picture.
  const [awaitingThumbnail, setAwaitingThumbnail] = useState<Project | null>(null);

  const submit = async () => {
    setError(null);
    let event = awaitingThumbnail;
    if (!event) {
      const body = eventBodyOf({ ...draft, hasThumbnail: true });
      try {
        event = await createEvent.mutateAsync({ ...body, idempotencyKey: actionKey.keyFor(JSON.stringify(body)), language });
        actionKey.settle(null);
      } catch (createError) {
        actionKey.settle(createError);
        return setError(apiErrorMessage(t, createError));
      }
    }
    try {
      await uploadThumbnail.mutateAsync({ projectId: event.id, image: image!, language });
    } catch (uploadError) {
      setAwaitingThumbnail(event);
      return setError(t('operator:event.thumbnailFailed', { reason: apiErrorMessage(t, uploadError) }));
    }
    setAwaitingThumbnail(null);
    setMade(event);
    setDraft(emptyEventDraft);
    setImage(null);
  };

  if (catalogue.error && !catalogue.packages) return <EmptyState message={apiErrorMessage(t, catalogue.error)} />;
  if (!catalogue.packages) return <Spinner label={t('common:loading')} />;
  const fundingEnd = draft.adStartDate ? fundingEndDateFor(draft.adStartDate) : undefined;
  return (
    <Card className="stack event-form">
      <h2 className="card__title">{t('operator:event.title')}</h2>
      <p className="muted">{t('operator:event.lead')}</p>
      {made ? (
        <p className="notice" role="status">
          {t('operator:event.created', { title: made.title, objectParticle: koreanObjectParticle(made.title ?? '') })}{' '}
          <Link className="text-link" to={projectLink(made)}>
            {t('operator:event.open')}
          </Link>
        </p>
      ) : null}
      {/* A group, not a fieldset: a fieldset is as wide as its widest content, and the artist grid is wide. */}
      <div className="stack stack--tight" role="group" aria-labelledby={artistLabelId}>
        <p id={artistLabelId} className="choice-group__legend">
          {t('requestFunding:summary.artist')}
        </p>
        {slots.renderArtistPicker({ isSelected: (id) => id === draft.artistId, onToggle: (id, selected) => update({ artistId: selected ? id : null }) })}
      </div>
      <ChoiceGroup
        legend={t('requestFunding:purpose.legend')}
        value={draft.purpose}
        onChange={(purpose) => update({ purpose })}
        choices={(['limited', 'ongoing'] as const).map((value) => ({ value, label: t(`requestFunding:purpose.${value}.label`) }))}
      />
      <ChoiceGroup
        legend={t('requestFunding:option.legend')}
        value={draft.option}
        onChange={(option) => update({ option })}
        choices={(['image', 'video'] as const).map((value) => ({ value, label: t(`requestFunding:option.${value}.label`) }))}
      />
      <ChoiceGroup
        legend={t('requestFunding:package.legend')}
        value={draft.packageId}
        onChange={(packageId) => {
          update({ packageId, media: [] });
          onPackageChange(packageId);
        }}
        choices={catalogue.packages.map((item) => ({ value: item.id, label: t('requestFunding:package.label', { name: item.name, days: item.days }) }))}
      />
      {pkg ? (
        catalogue.media ? (
          <ul className="medium-list" aria-label={t('requestFunding:media.listLabel')}>
            {catalogue.media.map((medium) => {
              const selection = draft.media.find((item) => item.mediaId === medium.id);
              return (
                <MediumRow
                  key={medium.id}
                  medium={medium}
                  pkg={pkg}
                  selection={selection}
                  onToggle={() =>
                    update({ media: selection ? draft.media.filter((item) => item !== selection) : [...draft.media, { mediaId: medium.id, duration: null }] })
                  }
                  onDuration={(duration) => update({ media: draft.media.map((item) => (item === selection ? { ...item, duration } : item)) })}
                />
              );
            })}
          </ul>
        ) : (
          <Spinner label={t('common:loading')} />
        )
      ) : null}
      <DateField label={t('requestFunding:adStart.label')} value={draft.adStartDate} min={earliestAdStartDate(today)} onChange={(adStartDate) => update({ adStartDate, fundingStartDate: null })} />
      <DateField
        label={t('requestFunding:fundingDates.startLabel')}
        value={draft.fundingStartDate}
        min={today}
        max={fundingEnd}
        onChange={(fundingStartDate) => update({ fundingStartDate })}
      />
      <TextBox label={t('operator:event.unitLabel')} inputMode="numeric" value={draft.minimumUnit} onChange={(minimumUnit) => update({ minimumUnit })} />
      <TextBox label={t('createProject:titleStep.label')} value={draft.title} maxLength={titleMaxLength} onChange={(title) => update({ title })} />
      <TextBox label={t('createProject:introduction.label')} multiline fieldClassName="introduction-field" maxLength={introductionMaxLength} value={draft.introduction} onChange={(introduction) => update({ introduction })} />
      <TextBox label={t('createProject:introduction.youtube')} type="url" inputMode="url" value={draft.youtubeUrl} onChange={(youtubeUrl) => update({ youtubeUrl })} />
      <TextBox label={t('createProject:introduction.x')} type="url" inputMode="url" value={draft.xUrl} onChange={(xUrl) => update({ xUrl })} />
      <ThumbnailPicker layout="field" current={image} texts={thumbnailTexts} onCropped={setImage} />
      <p className="goal-line" aria-live="polite" data-testid="event-goal">
        {t('operator:event.goal', { amount: berryText(eventGoalOf(goal)) })}
      </p>
      {/* docs/product.md#events: the Berry goal is the media total in Orange × 13; both figures shown. */}
      <p className="muted" data-testid="event-goal-worth">
        {t('operator:event.goalWorth', { orange: orangeText(goal), krw: formatKrw(goal * krwPerOrange, language) })}
      </p>
      {problem ? (
        <p className="bottom-action__hint" aria-live="polite">
          {problem.source === 'request' ? t(`requestFunding:problems.${problem.problem}`) : t(`createProject:problems.${problem.problem}`, { min: formatNumber(minimumUnitMin, language), max: formatNumber(minimumUnitMax, language) })}
        </p>
      ) : null}
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
      <Button block disabled={problem !== null || busy} onClick={() => void submit()}>
        {busy ? t('operator:event.creating') : awaitingThumbnail ? t('operator:event.retryThumbnail') : t('operator:event.create')}
      </Button>
    </Card>
  );
}

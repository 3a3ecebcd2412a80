import type { AgreementKind, JoinAgreements, JoinState } from '@orchard/shared';
import type { LegalDocument } from '@orchard/shared/terms';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { Button, CheckRow } from '../../../components/ui/primitives.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import './join.css';
import { useAgreeToTerms } from '../api/agree-to-terms.ts';
import { useCompleteJoin } from '../api/complete-join.ts';
import { useJoinDraftStore } from '../stores/join-draft.ts';

/** docs/product.md#accounts: service, personal information and unique identification are required. */
const requiredAgreementKinds = ['service', 'privacy', 'uniqueIdentification'] as const satisfies readonly AgreementKind[];
const agreementKinds = [...requiredAgreementKinds, 'marketing'] as const satisfies readonly AgreementKind[];

export function canContinueWithAgreements(agreements: JoinAgreements): boolean {
  return requiredAgreementKinds.every((kind) => agreements[kind]);
}

/** The page each required agreement's text is on. */
const legalDocumentOf: Record<(typeof requiredAgreementKinds)[number], LegalDocument> = {
  service: 'service',
  privacy: 'privacy',
  uniqueIdentification: 'unique-identification',
};

function StepIndicator({ step }: { step: 1 | 2 }) {
  const { t } = useTranslation('join');
  return (
    <div className="step-indicator">
      <p className="step-indicator__label">{t('stepOf', { step, total: 2 })}</p>
      <div className="step-indicator__bar" aria-hidden="true">
        <span className="step-indicator__fill" style={{ width: `${step * 50}%` }} />
      </div>
    </div>
  );
}

function TermsStep({ onAgreed }: { onAgreed(): void }) {
  const { t } = useTranslation(['join', 'common']);
  const agreements = useJoinDraftStore((draft) => draft.agreements);
  const setAgreements = useJoinDraftStore((draft) => draft.setAgreements);
  const agree = useAgreeToTerms();
  const allAgreed = agreementKinds.every((kind) => agreements[kind] === true);
  const submit = () =>
    agree.mutate(agreements, {
      onSuccess: onAgreed,
      onError: (error) => showToast({ message: apiErrorMessage(t, error) }),
    });
  return (
    <section className="stack" aria-labelledby="join-terms-title">
      <StepIndicator step={1} />
      <h1 id="join-terms-title" className="page-title">
        {t('join:terms.title')}
      </h1>
      <p className="page-lead">{t('join:terms.lead')}</p>
      <div className="card card--flush">
        <CheckRow
          emphasis
          checked={allAgreed}
          onChange={(checked) => setAgreements(() => ({ service: checked, privacy: checked, uniqueIdentification: checked, marketing: checked }))}
          label={t('join:terms.allAgree')}
        />
        <hr className="divider" />
        {agreementKinds.map((kind) => (
          <div key={kind} className="check-row-with-link">
            <CheckRow
              checked={agreements[kind] ?? false}
              onChange={(checked) => setAgreements((current) => ({ ...current, [kind]: checked }))}
              label={t(`join:terms.kinds.${kind}`)}
              badge={kind === 'marketing' ? t('join:terms.optional') : t('join:terms.required')}
            />
            {kind === 'marketing' ? null : (
              <Link to={paths.terms(legalDocumentOf[kind])} className="check-row-with-link__view" aria-label={t('join:terms.viewLabel', { document: t(`join:terms.kinds.${kind}`) })}>
                {t('join:terms.view')}
              </Link>
            )}
          </div>
        ))}
      </div>
      <div className="bottom-action">
        <Button block disabled={!canContinueWithAgreements(agreements) || agree.isPending} onClick={submit}>
          {t('common:actions.next')}
        </Button>
      </div>
    </section>
  );
}

export type ArtistPickerSlot = (props: { isSelected(artistId: number): boolean; onToggle(artistId: number, selected: boolean): void }) => ReactNode;

/**
 * The nickname, asked at join as the profile asks it (docs/product.md#accounts), composed by the route
 * from the users feature: its field, and what the join sends.
 */
export type NicknameSlot = {
  field: ReactNode;
  /** The nickname to send, undefined to keep the account's, or null when the field stops the join (it then says why). */
  take(): string | undefined | null;
};

function ArtistsStep({ renderArtistPicker, nickname, onJoined }: { renderArtistPicker: ArtistPickerSlot; nickname: NicknameSlot; onJoined(): void }) {
  const { t } = useTranslation(['join', 'common']);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // "At least one" is an error only once the fan tried to finish without one (docs/product.md#accounts).
  const [triedWithoutArtist, setTriedWithoutArtist] = useState(false);
  const complete = useCompleteJoin();
  const submit = () => {
    const chosenNickname = nickname.take();
    if (selected.size === 0) setTriedWithoutArtist(true);
    if (chosenNickname === null || selected.size === 0) return;
    complete.mutate(
      { artistIds: [...selected], nickname: chosenNickname },
      {
        onSuccess: onJoined,
        onError: (error) => showToast({ message: apiErrorMessage(t, error) }),
      },
    );
  };
  return (
    <section className="stack" aria-labelledby="join-artists-title">
      <StepIndicator step={2} />
      <div className="card join-nickname">
        <p className="join-nickname__lead">{t('join:nickname.lead')}</p>
        {nickname.field}
      </div>
      <h1 id="join-artists-title" className="page-title">
        {t('join:artists.title')}
      </h1>
      <p className="page-lead">{t('join:artists.lead')}</p>
      {/* In the flow, not in the sticky footer: text there would sit over the last row of artists. */}
      <p
        className={selected.size === 0 && triedWithoutArtist ? 'join-artists__count join-artists__count--error' : 'join-artists__count'}
        aria-live="polite"
        data-testid="join-selection"
      >
        {selected.size > 0 ? t('join:artists.selectedCount', { count: selected.size }) : triedWithoutArtist ? t('join:artists.atLeastOne') : null}
      </p>
      {renderArtistPicker({
        isSelected: (artistId) => selected.has(artistId),
        onToggle: (artistId, isNowSelected) =>
          setSelected((current) => {
            const next = new Set(current);
            if (isNowSelected) next.add(artistId);
            else next.delete(artistId);
            return next;
          }),
      })}
      <div className="bottom-action">
        <Button block disabled={complete.isPending} onClick={submit}>
          {t('join:artists.complete')}
        </Button>
      </div>
    </section>
  );
}

/** docs/product.md#accounts (join): step 1 terms, then step 2 favourite artists (at least one). */
export function JoinFlow({
  joinState,
  renderArtistPicker,
  nickname,
  onAgreed,
  onJoined,
}: {
  joinState: Exclude<JoinState, 'joined'>;
  renderArtistPicker: ArtistPickerSlot;
  nickname: NicknameSlot;
  onAgreed(): void;
  onJoined(): void;
}) {
  const resetDraft = useJoinDraftStore((draft) => draft.reset);
  const [step, setStep] = useState<1 | 2>(joinState === 'agreements' ? 1 : 2);
  if (step === 1) {
    return (
      <TermsStep
        onAgreed={() => {
          setStep(2);
          onAgreed();
        }}
      />
    );
  }
  return (
    <ArtistsStep
      renderArtistPicker={renderArtistPicker}
      nickname={nickname}
      onJoined={() => {
        resetDraft();
        onJoined();
      }}
    />
  );
}

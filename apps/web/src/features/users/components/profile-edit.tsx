import type { UserProfile } from '@orchard/shared';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Button, Card, Spinner } from '../../../components/ui/primitives.tsx';
import { RetryNotice } from '../../../components/ui/retry-notice.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { countryCodes } from '@orchard/shared/countries';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { intlLocaleOf } from '../../../lib/locale.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useCheckNickname } from '../api/check-nickname.ts';
import { useUserProfile } from '../api/get-user-profile.ts';
import { useSaveProfile } from '../api/save-profile.ts';
import { useProfileDraft, type ProfileDraft } from '../hooks/use-profile-draft.ts';
import { ConsentsCard } from './consents-card.tsx';
import { DeleteAccountAction, type PointsAtStake } from './delete-account-action.tsx';
import { NicknameField } from './nickname-field.tsx';
import { ProfilePictureField } from './profile-picture-field.tsx';
import { XLinkCard } from './x-link-card.tsx';
import './users.css';

function useCountryOptions() {
  const language = useLanguageAndCurrencyStore((state) => state.language);
  return useMemo(() => {
    const names = new Intl.DisplayNames([intlLocaleOf[language]], { type: 'region' });
    const collator = new Intl.Collator(intlLocaleOf[language]);
    return countryCodes.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
  }, [language]);
}

export type ProfileEditProps = {
  canLinkX: boolean;
  returnPath: string;
  pointsAtStake: PointsAtStake;
  onLogout(): void;
  onLogoutEverywhere(): void;
  onDone(): void;
  onAccountDeleted(): void;
};

function ProfileForm({ profile, canLinkX, returnPath, pointsAtStake, onLogout, onLogoutEverywhere, onDone, onAccountDeleted }: ProfileEditProps & { profile: UserProfile }) {
  const { t } = useTranslation(['myPage', 'common']);
  const { draft, update, shownPicture, checkedNickname, nicknameBlocker, recordNicknameCheck, changes } = useProfileDraft(profile);
  const [triedToSave, setTriedToSave] = useState(false);
  const [confirming, setConfirming] = useState<'cancel' | 'logoutEverywhere' | null>(null);
  const checkNickname = useCheckNickname();
  const save = useSaveProfile();
  const countryOptions = useCountryOptions();
  const countryId = useId();

  const runNicknameCheck = () => {
    setTriedToSave(false);
    const nickname = draft.nickname;
    checkNickname.mutate(nickname, {
      onSuccess: (result) => recordNicknameCheck(nickname, result),
      onError: (error) => showToast({ message: apiErrorMessage(t, error) }),
    });
  };

  const submit = () => {
    if (nicknameBlocker) {
      setTriedToSave(true);
      return;
    }
    save.mutate(changes(), {
      onSuccess: () => {
        showToast({ message: t('myPage:profile.saved') });
        onDone();
      },
      onError: (error) => showToast({ message: apiErrorMessage(t, error) }),
    });
  };

  return (
    <div className="stack">
      <ProfilePictureField shownPicture={shownPicture} picture={draft.picture} hasSavedPicture={profile.profileImageUrl !== null} onChange={(picture) => update('picture', picture)} />

      <Card>
        <NicknameField
          value={draft.nickname}
          onChange={(nickname) => {
            update('nickname', nickname);
            setTriedToSave(false);
          }}
          onCheck={runNicknameCheck}
          checking={checkNickname.isPending}
          checked={checkedNickname}
          blocker={triedToSave ? nicknameBlocker : null}
        />

        <label htmlFor={countryId} className="field-label">
          {t('myPage:profile.country.label')}
        </label>
        <select id={countryId} className="text-field" value={draft.country ?? ''} onChange={(event) => update('country', event.target.value === '' ? null : (event.target.value as ProfileDraft['country']))}>
          <option value="">{t('myPage:profile.country.none')}</option>
          {countryOptions.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
      </Card>

      <XLinkCard xAccount={profile.xAccount} canLinkX={canLinkX} returnPath={returnPath} />

      <ConsentsCard draft={draft} onChange={update} />

      <div className="link-list">
        <button type="button" className="link-list__item" onClick={onLogout}>
          {t('myPage:profile.logout')}
        </button>
        <button type="button" className="link-list__item" onClick={() => setConfirming('logoutEverywhere')}>
          {t('myPage:profile.logoutEverywhere.action')}
        </button>
        <DeleteAccountAction pointsAtStake={pointsAtStake} onDeleted={onAccountDeleted} />
      </div>

      <div className="bottom-action bottom-action--split">
        <Button variant="secondary" onClick={() => setConfirming('cancel')}>
          {t('common:actions.cancel')}
        </Button>
        <Button onClick={submit} disabled={save.isPending}>
          {t('common:actions.save')}
        </Button>
      </div>

      <ConfirmDialog
        open={confirming === 'cancel'}
        title={t('myPage:profile.cancelConfirm.title')}
        message={t('myPage:profile.cancelConfirm.message')}
        confirmLabel={t('myPage:profile.cancelConfirm.discard')}
        cancelLabel={t('myPage:profile.cancelConfirm.keepEditing')}
        onConfirm={() => {
          setConfirming(null);
          onDone();
        }}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'logoutEverywhere'}
        title={t('myPage:profile.logoutEverywhere.title')}
        message={t('myPage:profile.logoutEverywhere.message')}
        confirmLabel={t('myPage:profile.logoutEverywhere.confirm')}
        cancelLabel={t('common:actions.cancel')}
        onConfirm={() => {
          setConfirming(null);
          onLogoutEverywhere();
        }}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}

/** The profile edit screen: every field, applied only on save (docs/product.md#accounts). */
export function ProfileEdit(props: ProfileEditProps) {
  const { t } = useTranslation('common');
  const profile = useUserProfile();
  if (profile.isPending) return <Spinner label={t('loading')} />;
  if (profile.isError) return <RetryNotice message={apiErrorMessage(t, profile.error)} retryLabel={t('actions.retry')} onRetry={() => void profile.refetch()} retrying={profile.isFetching} />;
  return <ProfileForm profile={profile.data} {...props} />;
}

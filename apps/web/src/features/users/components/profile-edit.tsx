import type { UpdateUserProfile, UserProfile } from '@orchard/shared';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { CameraIcon, SearchIcon } from '../../../components/ui/icons.tsx';
import { Button, Card, Spinner, Switch } from '../../../components/ui/primitives.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { countryCodes } from '@orchard/shared/countries';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { intlLocaleOf } from '../../../lib/locale.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import {
  useCheckNickname,
  useDeleteAccount,
  useSaveProfile,
  useUnlinkX,
  useUserProfile,
  xLinkUrl,
  type NicknameAvailability,
  type ProfileChanges,
} from '../api/users.ts';
import { ProfileAvatar } from './profile-avatar.tsx';
import './users.css';

type NicknameCheck = { nickname: string; result: NicknameAvailability } | null;

type Draft = {
  nickname: string;
  country: UserProfile['country'];
  adInfoConsent: boolean;
  nightNotificationConsent: boolean;
  marketingConsent: boolean;
  picture: ProfileChanges['picture'];
};

function draftFrom(profile: UserProfile): Draft {
  return {
    nickname: profile.nickname ?? '',
    country: profile.country,
    adInfoConsent: profile.adInfoConsent,
    nightNotificationConsent: profile.nightNotificationConsent,
    marketingConsent: profile.marketingConsent,
    picture: { kind: 'keep' },
  };
}

/** What the save sends: only the fields that changed. */
export function changedFields(profile: UserProfile, draft: Draft): UpdateUserProfile {
  const fields: UpdateUserProfile = {};
  if (draft.nickname !== (profile.nickname ?? '')) fields.nickname = draft.nickname;
  if (draft.country !== profile.country) fields.country = draft.country;
  if (draft.adInfoConsent !== profile.adInfoConsent) fields.adInfoConsent = draft.adInfoConsent;
  if (draft.nightNotificationConsent !== profile.nightNotificationConsent) fields.nightNotificationConsent = draft.nightNotificationConsent;
  if (draft.marketingConsent !== profile.marketingConsent) fields.marketingConsent = draft.marketingConsent;
  return fields;
}

function useCountryOptions() {
  const language = useLanguageAndCurrencyStore((state) => state.language);
  return useMemo(() => {
    const names = new Intl.DisplayNames([intlLocaleOf[language]], { type: 'region' });
    const collator = new Intl.Collator(intlLocaleOf[language]);
    return countryCodes.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
  }, [language]);
}

function ProfileForm({
  profile,
  canLinkX,
  returnPath,
  onLogout,
  onDone,
  onAccountDeleted,
}: {
  profile: UserProfile;
  canLinkX: boolean;
  returnPath: string;
  onLogout(): void;
  onDone(): void;
  onAccountDeleted(): void;
}) {
  const { t } = useTranslation(['myPage', 'common']);
  const [draft, setDraft] = useState<Draft>(() => draftFrom(profile));
  const [nicknameCheck, setNicknameCheck] = useState<NicknameCheck>(null);
  const [nicknameHint, setNicknameHint] = useState<'pressSearch' | null>(null);
  const [confirming, setConfirming] = useState<'cancel' | 'delete' | 'unlinkX' | null>(null);
  const checkNickname = useCheckNickname();
  const save = useSaveProfile();
  const unlinkX = useUnlinkX();
  const deleteAccount = useDeleteAccount();
  const countryOptions = useCountryOptions();
  const nicknameId = useId();
  const nicknameMessageId = useId();
  const countryId = useId();
  const pictureInputId = useId();

  const previewUrl = useMemo(() => (draft.picture.kind === 'upload' ? URL.createObjectURL(draft.picture.file) : null), [draft.picture]);
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);
  const shownPicture = draft.picture.kind === 'default' ? null : (previewUrl ?? profile.profileImageUrl);

  const nicknameChanged = draft.nickname !== (profile.nickname ?? '');
  const checkedThisNickname = nicknameCheck?.nickname === draft.nickname ? nicknameCheck.result : null;

  const update = <Key extends keyof Draft>(key: Key, value: Draft[Key]) => setDraft((current) => ({ ...current, [key]: value }));

  const runNicknameCheck = () => {
    setNicknameHint(null);
    const nickname = draft.nickname;
    checkNickname.mutate(nickname, {
      onSuccess: (result) => setNicknameCheck({ nickname, result }),
      onError: (error) => showToast({ message: apiErrorMessage(t, error) }),
    });
  };

  const submit = () => {
    // spec §5: a changed nickname must be checked with the search button before saving.
    if (nicknameChanged && !checkedThisNickname?.available) {
      setNicknameHint('pressSearch');
      return;
    }
    save.mutate(
      { fields: changedFields(profile, draft), picture: draft.picture },
      {
        onSuccess: () => {
          showToast({ message: t('myPage:profile.saved') });
          onDone();
        },
        onError: (error) => showToast({ message: apiErrorMessage(t, error) }),
      },
    );
  };

  let nicknameMessage: { tone: 'ok' | 'error'; text: string } | null = null;
  if (nicknameHint === 'pressSearch') nicknameMessage = { tone: 'error', text: t('myPage:profile.nickname.pressSearch') };
  else if (checkedThisNickname?.available) nicknameMessage = { tone: 'ok', text: t('myPage:profile.nickname.available') };
  else if (checkedThisNickname?.problem) nicknameMessage = { tone: 'error', text: t(`myPage:profile.nickname.problems.${checkedThisNickname.problem}`) };

  return (
    <div className="stack">
      <div className="profile-picture">
        <ProfileAvatar imageUrl={shownPicture} size={96} />
        <div className="profile-picture__actions">
          <input
            id={pictureInputId}
            className="visually-hidden"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) update('picture', { kind: 'upload', file });
              event.target.value = '';
            }}
          />
          <label htmlFor={pictureInputId} className="button button--secondary button--small">
            <CameraIcon width={18} height={18} />
            <span>{t('myPage:profile.picture.change')}</span>
          </label>
          <Button variant="ghost" className="button--small" onClick={() => update('picture', { kind: 'default' })} disabled={draft.picture.kind === 'default' || (!profile.profileImageUrl && draft.picture.kind === 'keep')}>
            {t('myPage:profile.picture.useDefault')}
          </Button>
        </div>
      </div>

      <Card>
        <label htmlFor={nicknameId} className="field-label">
          {t('myPage:profile.nickname.label')}
        </label>
        <div className="field-with-button">
          <input
            id={nicknameId}
            className="text-field"
            value={draft.nickname}
            maxLength={32}
            autoComplete="nickname"
            aria-describedby={nicknameMessage ? nicknameMessageId : undefined}
            aria-invalid={nicknameMessage?.tone === 'error' ? true : undefined}
            onChange={(event) => {
              update('nickname', event.target.value);
              setNicknameHint(null);
            }}
          />
          <Button variant="secondary" onClick={runNicknameCheck} disabled={checkNickname.isPending || draft.nickname.trim() === ''} aria-label={t('myPage:profile.nickname.search')}>
            <SearchIcon width={18} height={18} />
            <span aria-hidden="true">{t('myPage:profile.nickname.searchShort')}</span>
          </Button>
        </div>
        {nicknameMessage ? (
          <p id={nicknameMessageId} className={`form-message form-message--${nicknameMessage.tone}`} role="status">
            {nicknameMessage.text}
          </p>
        ) : (
          <p className="form-hint">{t('myPage:profile.nickname.rules')}</p>
        )}

        <label htmlFor={countryId} className="field-label">
          {t('myPage:profile.country.label')}
        </label>
        <select id={countryId} className="text-field" value={draft.country ?? ''} onChange={(event) => update('country', event.target.value === '' ? null : (event.target.value as Draft['country']))}>
          <option value="">{t('myPage:profile.country.none')}</option>
          {countryOptions.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
      </Card>

      <Card>
        <h2 className="card__title">{t('myPage:profile.x.title')}</h2>
        <div className="row-between">
          <p className="muted">{profile.xAccount ? t('myPage:profile.x.connectedAs', { username: profile.xAccount.username ?? '' }) : t('myPage:profile.x.notConnected')}</p>
          {profile.xAccount ? (
            <Button variant="secondary" className="button--small" onClick={() => setConfirming('unlinkX')} disabled={unlinkX.isPending}>
              {t('myPage:profile.x.disconnect')}
            </Button>
          ) : canLinkX ? (
            <a className="button button--secondary button--small" href={xLinkUrl(returnPath)}>
              {t('myPage:profile.x.connect')}
            </a>
          ) : null}
        </div>
      </Card>

      <Card>
        <Switch checked={draft.adInfoConsent} onChange={(value) => update('adInfoConsent', value)} label={t('myPage:profile.consents.adInfo')} description={t('myPage:profile.consents.adInfoDescription')} />
        <Switch
          checked={draft.nightNotificationConsent}
          onChange={(value) => update('nightNotificationConsent', value)}
          label={t('myPage:profile.consents.night')}
          description={t('myPage:profile.consents.nightDescription')}
        />
        <Switch checked={draft.marketingConsent} onChange={(value) => update('marketingConsent', value)} label={t('myPage:profile.consents.marketing')} />
      </Card>

      <div className="link-list">
        <button type="button" className="link-list__item" onClick={onLogout}>
          {t('myPage:profile.logout')}
        </button>
        <button type="button" className="link-list__item link-list__item--danger" onClick={() => setConfirming('delete')}>
          {t('myPage:profile.deleteAccount.action')}
        </button>
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
        open={confirming === 'unlinkX'}
        title={t('myPage:profile.x.disconnectConfirm')}
        confirmLabel={t('myPage:profile.x.disconnect')}
        cancelLabel={t('common:actions.cancel')}
        onConfirm={() => {
          setConfirming(null);
          unlinkX.mutate(undefined, { onError: (error) => showToast({ message: apiErrorMessage(t, error) }) });
        }}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        tone="danger"
        title={t('myPage:profile.deleteAccount.title')}
        message={
          <ul className="warning-list">
            <li>{t('myPage:profile.deleteAccount.points')}</li>
            <li>{t('myPage:profile.deleteAccount.profile')}</li>
            <li>{t('myPage:profile.deleteAccount.creator')}</li>
          </ul>
        }
        confirmLabel={t('myPage:profile.deleteAccount.confirm')}
        cancelLabel={t('common:actions.cancel')}
        onConfirm={() => {
          setConfirming(null);
          deleteAccount.mutate(undefined, {
            onSuccess: onAccountDeleted,
            onError: (error) => showToast({ message: apiErrorMessage(t, error), manualClose: true }),
          });
        }}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}

/** spec §2 Profile edit: every field, applied only on save. */
export function ProfileEdit(props: { canLinkX: boolean; returnPath: string; onLogout(): void; onDone(): void; onAccountDeleted(): void }) {
  const { t } = useTranslation('common');
  const profile = useUserProfile();
  if (profile.isPending) return <Spinner label={t('loading')} />;
  if (profile.isError) return <p className="form-message form-message--error">{apiErrorMessage(t, profile.error)}</p>;
  return <ProfileForm profile={profile.data} {...props} />;
}

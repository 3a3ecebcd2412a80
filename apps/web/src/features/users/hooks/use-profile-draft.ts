import type { UpdateUserProfile, UserProfile } from '@orchard/shared';
import { useEffect, useMemo, useState } from 'react';
import type { NicknameAvailability } from '../api/check-nickname.ts';
import type { ProfileChanges } from '../api/save-profile.ts';

export type ProfileDraft = {
  nickname: string;
  country: UserProfile['country'];
  adInfoConsent: boolean;
  nightNotificationConsent: boolean;
  marketingConsent: boolean;
  picture: ProfileChanges['picture'];
};

export function draftFrom(profile: UserProfile): ProfileDraft {
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
export function changedFields(profile: UserProfile, draft: ProfileDraft): UpdateUserProfile {
  const fields: UpdateUserProfile = {};
  if (draft.nickname !== (profile.nickname ?? '')) fields.nickname = draft.nickname;
  if (draft.country !== profile.country) fields.country = draft.country;
  if (draft.adInfoConsent !== profile.adInfoConsent) fields.adInfoConsent = draft.adInfoConsent;
  if (draft.nightNotificationConsent !== profile.nightNotificationConsent) fields.nightNotificationConsent = draft.nightNotificationConsent;
  if (draft.marketingConsent !== profile.marketingConsent) fields.marketingConsent = draft.marketingConsent;
  return fields;
}

/** Why the draft's nickname cannot be saved yet, if it cannot. */
export type NicknameBlocker = 'required' | 'pressCheck' | null;

/**
 * A changed nickname must be checked with the check button before saving (docs/product.md#nicknames);
 * an empty one has nothing to check. `checked` is the last check's answer for exactly this text.
 */
export function nicknameBlockerOf(nickname: string, saved: string, checked: NicknameAvailability | null): NicknameBlocker {
  if (nickname === saved) return null;
  if (nickname.trim() === '') return 'required';
  return checked?.available ? null : 'pressCheck';
}

/**
 * The edit screen's draft: nothing reaches the server until save. Holds the result of the last
 * nickname check (valid only for the exact text checked) and a preview of a chosen picture.
 */
export function useProfileDraft(profile: UserProfile) {
  const [draft, setDraft] = useState<ProfileDraft>(() => draftFrom(profile));
  const [nicknameCheck, setNicknameCheck] = useState<{ nickname: string; result: NicknameAvailability } | null>(null);

  const update = <Key extends keyof ProfileDraft>(key: Key, value: ProfileDraft[Key]) => setDraft((current) => ({ ...current, [key]: value }));

  const previewUrl = useMemo(() => (draft.picture.kind === 'upload' ? URL.createObjectURL(draft.picture.file) : null), [draft.picture]);
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);
  const shownPicture = draft.picture.kind === 'default' ? null : (previewUrl ?? profile.profileImageUrl);

  const checkedNickname = nicknameCheck?.nickname === draft.nickname ? nicknameCheck.result : null;
  const nicknameBlocker = nicknameBlockerOf(draft.nickname, profile.nickname ?? '', checkedNickname);

  return {
    draft,
    update,
    shownPicture,
    checkedNickname,
    nicknameBlocker,
    recordNicknameCheck: (nickname: string, result: NicknameAvailability) => setNicknameCheck({ nickname, result }),
    changes: (): ProfileChanges => ({ fields: changedFields(profile, draft), picture: draft.picture }),
  };
}

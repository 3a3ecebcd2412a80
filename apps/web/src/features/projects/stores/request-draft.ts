import type { ProjectOption, ProjectPurpose } from '@orchard/shared';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { accountDraftStorage, followAccount, type OwnedDraft } from './account-draft.ts';

export type DraftMedium = { mediaId: number; duration: number | null };

export type RequestDraft = {
  step: number;
  artistId: number | null;
  purpose: ProjectPurpose | null;
  option: ProjectOption | null;
  packageId: string | null;
  media: DraftMedium[];
  adStartDate: string | null;
  fundingStartDate: string | null;
  termsAgreed: boolean;
};

export const emptyRequestDraft: RequestDraft = {
  step: 0,
  artistId: null,
  purpose: null,
  option: null,
  packageId: null,
  media: [],
  adStartDate: null,
  fundingStartDate: null,
  termsAgreed: false,
};

type RequestDraftStore = RequestDraft & OwnedDraft & {
  update(change: Partial<RequestDraft>): void;
  /** A different package allows other categories and another ad period: the media are chosen again. */
  choosePackage(packageId: string): void;
  toggleMedium(mediaId: number): void;
  setDuration(mediaId: number, duration: number | null): void;
  /** A different ad start moves the funding end, so the funding start is chosen again. */
  chooseAdStart(adStartDate: string): void;
  reset(): void;
};

/**
 * Decision 089: in localStorage under the account's id, so the draft survives a reload, the round
 * trip through the sign-in provider and a new tab, and no other account on the browser sees it.
 */
export const requestDraftStorageKey = 'orchard:request-draft';

export const useRequestDraftStore = create<RequestDraftStore>()(
  persist(
    (set) => ({
      ...emptyRequestDraft,
      owner: null,
      update: (change) => set(change),
      choosePackage: (packageId) => set((draft) => (draft.packageId === packageId ? draft : { packageId, media: [] })),
      toggleMedium: (mediaId) =>
        set((draft) => ({
          media: draft.media.some((medium) => medium.mediaId === mediaId)
            ? draft.media.filter((medium) => medium.mediaId !== mediaId)
            : [...draft.media, { mediaId, duration: null }],
        })),
      setDuration: (mediaId, duration) =>
        set((draft) => ({ media: draft.media.map((medium) => (medium.mediaId === mediaId ? { ...medium, duration } : medium)) })),
      chooseAdStart: (adStartDate) => set((draft) => (draft.adStartDate === adStartDate ? draft : { adStartDate, fundingStartDate: null })),
      reset: () => set(emptyRequestDraft),
    }),
    {
      name: requestDraftStorageKey,
      storage: accountDraftStorage(),
      partialize: ({ owner, step, artistId, purpose, option, packageId, media, adStartDate, fundingStartDate, termsAgreed }) => ({
        owner,
        step,
        artistId,
        purpose,
        option,
        packageId,
        media,
        adStartDate,
        fundingStartDate,
        termsAgreed,
      }),
    },
  ),
);

followAccount(useRequestDraftStore, emptyRequestDraft);

import type { JoinAgreements } from '@orchard/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const noAgreements: JoinAgreements = { service: false, privacy: false, uniqueIdentification: false, marketing: false };

type JoinDraftStore = {
  agreements: JoinAgreements;
  setAgreements(change: (current: JoinAgreements) => JoinAgreements): void;
  reset(): void;
};

/**
 * The join's ticks, in sessionStorage as the request drafts were (decision 051): reading a term opens
 * its own page, and coming back must find the ticks as they were (docs/product.md#accounts).
 */
export const joinDraftStorageKey = 'orchard:join-draft';

export const useJoinDraftStore = create<JoinDraftStore>()(
  persist(
    (set) => ({
      agreements: noAgreements,
      setAgreements: (change) => set((draft) => ({ agreements: change(draft.agreements) })),
      reset: () => set({ agreements: noAgreements }),
    }),
    {
      name: joinDraftStorageKey,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ agreements }) => ({ agreements }),
    },
  ),
);

import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { accountDraftStorage, followAccount, type OwnedDraft } from './account-draft.ts';

export type CreationDraft = {
  projectId: number | null;
  step: number;
  minimumUnit: string;
  title: string;
  introduction: string;
  youtubeUrl: string;
  xUrl: string;
  creatorXId: string;
  creatorEmail: string;
  deposit: string;
};

export const emptyCreationDraft: CreationDraft = {
  projectId: null,
  step: 0,
  minimumUnit: '',
  title: '',
  introduction: '',
  youtubeUrl: '',
  xUrl: '',
  creatorXId: '',
  creatorEmail: '',
  deposit: '',
};

type CreationDraftStore = CreationDraft & OwnedDraft & {
  /** Starts (or resumes) the draft of one project; another project's draft is dropped. */
  open(projectId: number): void;
  update(change: Partial<CreationDraft>): void;
  reset(): void;
};

/** Like the request's draft (decision 089): survives a reload, a trip to charge Orange and a new tab, for its account only. */
export const creationDraftStorageKey = 'orchard:creation-draft';

export const useCreationDraftStore = create<CreationDraftStore>()(
  persist(
    (set) => ({
      ...emptyCreationDraft,
      owner: null,
      open: (projectId) => set((draft) => (draft.projectId === projectId ? draft : { ...emptyCreationDraft, projectId })),
      update: (change) => set(change),
      reset: () => set(emptyCreationDraft),
    }),
    {
      name: creationDraftStorageKey,
      storage: accountDraftStorage(),
      partialize: ({ open: _open, update: _update, reset: _reset, ...draft }) => draft,
    },
  ),
);

followAccount(useCreationDraftStore, emptyCreationDraft);

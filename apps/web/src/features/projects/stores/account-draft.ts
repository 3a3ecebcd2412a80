import type { PersistStorage, StorageValue } from 'zustand/middleware';
import { useUserInfoStore } from '../../../lib/stores/user-info.ts';

/**
 * Decision 089: the request and creation drafts live in localStorage under the account's id, so a
 * new tab (or a browser started again) resumes them, another account on the same browser never
 * sees them, and a draft left alone for `draftKeepDays` is dropped.
 */
export const draftKeepDays = 7;
const draftKeepMs = draftKeepDays * 86_400_000;

/** A draft names the account it belongs to (null: nobody signed in, nothing is kept). */
export type OwnedDraft = { owner: string | null };

type StoredDraft<State> = StorageValue<State> & { savedAt: number };

/** The localStorage key of one account's draft. */
export function accountDraftKey(name: string, userId: string): string {
  return `${name}:${userId}`;
}

/** The persist storage of a draft: read for the signed-in account, written under the draft's own owner. */
export function accountDraftStorage<State extends OwnedDraft>(): PersistStorage<State> {
  return {
    getItem: (name) => {
      const userId = useUserInfoStore.getState().id;
      if (userId === null) return null;
      const key = accountDraftKey(name, userId);
      const raw = localStorage.getItem(key);
      if (raw === null) return null;
      try {
        const stored = JSON.parse(raw) as StoredDraft<State>;
        if (stored.state.owner === userId && Date.now() - stored.savedAt <= draftKeepMs) return { state: stored.state, version: stored.version };
      } catch {
        // Not ours to read (written by hand, or cut short): dropped below like an expired one.
      }
      localStorage.removeItem(key);
      return null;
    },
    setItem: (name, value) => {
      const owner = value.state.owner;
      if (owner === null) return;
      localStorage.setItem(accountDraftKey(name, owner), JSON.stringify({ ...value, savedAt: Date.now() } satisfies StoredDraft<State>));
    },
    removeItem: (name) => {
      const userId = useUserInfoStore.getState().id;
      if (userId !== null) localStorage.removeItem(accountDraftKey(name, userId));
    },
  };
}

type DraftStore<State extends OwnedDraft> = {
  getState(): State;
  setState(change: Partial<State>): void;
  persist: { rehydrate(): Promise<void> | void };
};

/**
 * Keeps a draft store with the signed-in account: at start and whenever the account changes, the
 * account's own draft is read, or, when it has none, the store is emptied for it, so the draft of
 * the account before never shows (nor is written under the new one).
 */
export function followAccount<State extends OwnedDraft>(store: DraftStore<State>, empty: Partial<State>) {
  const follow = (userId: string | null) => {
    // localStorage answers at once, so the account's draft (if any) is in the store when this returns.
    void store.persist.rehydrate();
    if (store.getState().owner !== userId) store.setState({ ...empty, owner: userId });
  };
  follow(useUserInfoStore.getState().id);
  useUserInfoStore.subscribe((state, previous) => {
    if (state.id !== previous.id) follow(state.id);
  });
}

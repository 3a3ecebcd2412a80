import { artistSearchMaxLength } from '@orchard/shared/input-limits';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** docs/product.md#discovery: recent searches stay on the device, newest first, at most this many. */
export const recentSearchesLimit = 10;

/** Two searches are the same when they differ only in case or width (ＬＵＭＩＮＡ is lumina). */
const sameSearch = (text: string) => text.normalize('NFKC').toLocaleLowerCase();

/** The list with `search` first, an earlier copy of it gone, and nothing past the limit. */
export function withRecentSearch(searches: readonly string[], search: string): string[] {
  const text = search.trim();
  if (text === '' || text.length > artistSearchMaxLength) return [...searches];
  const key = sameSearch(text);
  return [text, ...searches.filter((earlier) => sameSearch(earlier) !== key)].slice(0, recentSearchesLimit);
}

type RecentSearchesStore = {
  searches: string[];
  add(search: string): void;
  remove(search: string): void;
  clear(): void;
};

export const recentSearchesStorageKey = 'orchard:recent-searches';

export const useRecentSearchesStore = create<RecentSearchesStore>()(
  persist(
    (set) => ({
      searches: [],
      add: (search) => set((state) => ({ searches: withRecentSearch(state.searches, search) })),
      remove: (search) => set((state) => ({ searches: state.searches.filter((earlier) => earlier !== search) })),
      clear: () => set({ searches: [] }),
    }),
    {
      name: recentSearchesStorageKey,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ searches }) => ({ searches }),
      // A hand-edited or outdated value must not break the screen: keep only what add() could have written.
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as { searches?: unknown };
        const strings = Array.isArray(saved.searches) ? saved.searches.filter((item): item is string => typeof item === 'string') : [];
        return { ...current, searches: strings.reduceRight<string[]>((list, search) => withRecentSearch(list, search), []) };
      },
    },
  ),
);

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type DisplayField = 'language' | 'currency';

type UnsentChoicesStore = {
  fields: DisplayField[];
  mark(field: DisplayField): void;
  clear(): void;
};

/**
 * Which display settings were chosen while signed out, so the sign-in can send them
 * (docs/product.md#accounts). The values themselves are the device's setting; only the marks live here.
 */
export const unsentChoicesStorageKey = 'orchard:unsent-display-choices';

export const useUnsentChoicesStore = create<UnsentChoicesStore>()(
  persist(
    (set) => ({
      fields: [],
      mark: (field) => set((state) => (state.fields.includes(field) ? state : { fields: [...state.fields, field] })),
      clear: () => set({ fields: [] }),
    }),
    { name: unsentChoicesStorageKey, storage: createJSONStorage(() => localStorage), partialize: ({ fields }) => ({ fields }) },
  ),
);

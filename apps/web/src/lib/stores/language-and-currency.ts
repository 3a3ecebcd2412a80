import type { Currency, Language } from '@orchard/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { defaultCurrency, defaultLanguage, isCurrency, isLanguage } from '../locale.ts';

type LanguageAndCurrencyStore = {
  language: Language;
  currency: Currency;
  setLanguage(language: Language): void;
  setCurrency(currency: Currency): void;
};

/** docs/architecture.md#web: persisted in localStorage under exactly `languageAndCurrency`. */
export const languageAndCurrencyStorageKey = 'languageAndCurrency';

export const useLanguageAndCurrencyStore = create<LanguageAndCurrencyStore>()(
  persist(
    (set) => ({
      language: defaultLanguage,
      currency: defaultCurrency,
      setLanguage: (language) => set({ language }),
      setCurrency: (currency) => set({ currency }),
    }),
    {
      name: languageAndCurrencyStorageKey,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ language, currency }) => ({ language, currency }),
      // A hand-edited or outdated value must not break the interface: keep only known codes.
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<Record<'language' | 'currency', unknown>>;
        return {
          ...current,
          language: isLanguage(saved.language) ? saved.language : current.language,
          currency: isCurrency(saved.currency) ? saved.currency : current.currency,
        };
      },
    },
  ),
);

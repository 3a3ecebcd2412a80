import type { Language } from '@orchard/shared/locale-codes';

// Zod-free, so importing them at run time keeps the schemas out of the entry chunk (docs/quality.md#speed-web: entry ≤ 110 KB).
export { currencies, defaultCurrency, defaultLanguage, isCurrency, isLanguage, languages } from '@orchard/shared/locale-codes';

/** docs/product.md#languages: the translation fallback is en while the persisted setting defaults to ko. */
export const fallbackLanguage: Language = 'en';

/** BCP 47 tags for Intl formatting of each interface language. */
export const intlLocaleOf: Record<Language, string> = {
  ko: 'ko-KR',
  en: 'en-US',
  zh: 'zh-CN',
  ja: 'ja-JP',
  es: 'es-ES',
};

/**
 * Shown before any translation has loaded (docs/product.md#screens: "/" shows "Loading..."), so it cannot come
 * from an i18next namespace.
 */
export const bootLoadingLabel: Record<Language, string> = {
  ko: '불러오는 중...',
  en: 'Loading...',
  zh: '加载中...',
  ja: '読み込み中...',
  es: 'Cargando...',
};

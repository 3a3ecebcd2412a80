import type { Currency, Language } from '@orchard/shared';

/**
 * The interface languages and display currencies (spec §1). Declared here rather than imported
 * from @orchard/shared because a runtime import of the shared package brings zod into the entry
 * chunk (QUALITY.md: entry ≤ 110 KB); the type checks below keep both lists exactly in step.
 */
export const languages = ['ko', 'en', 'zh', 'ja', 'es'] as const satisfies readonly Language[];
export const currencies = ['KRW', 'USD', 'JPY'] as const satisfies readonly Currency[];

type SameMembers<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const languagesMatchShared: SameMembers<(typeof languages)[number], Language> = true;
const currenciesMatchShared: SameMembers<(typeof currencies)[number], Currency> = true;
void languagesMatchShared;
void currenciesMatchShared;

export const defaultLanguage: Language = 'ko';
export const defaultCurrency: Currency = 'KRW';
/** spec §1: the translation fallback is en while the persisted setting defaults to ko. */
export const fallbackLanguage: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (currencies as readonly string[]).includes(value);
}

/** BCP 47 tags for Intl formatting of each interface language. */
export const intlLocaleOf: Record<Language, string> = {
  ko: 'ko-KR',
  en: 'en-US',
  zh: 'zh-CN',
  ja: 'ja-JP',
  es: 'es-ES',
};

/**
 * Shown before any translation has loaded (spec §2: "/" shows "Loading..."), so it cannot come
 * from an i18next namespace.
 */
export const bootLoadingLabel: Record<Language, string> = {
  ko: '불러오는 중...',
  en: 'Loading...',
  zh: '加载中...',
  ja: '読み込み中...',
  es: 'Cargando...',
};

import type { Language } from '@orchard/shared/locale-codes';

/**
 * The shipped font that draws each language (docs/decisions/042-web-fonts.md): Pretendard for
 * Korean and the Latin-script languages, Noto Sans JP for Japanese and Noto Sans SC for Chinese, so
 * kanji and hanzi take their own language's shapes. Each stylesheet only declares unicode-range
 * slices (`font-display: optional`, apps/web/vite.config.ts); the browser downloads the slices the
 * page's text uses. Loaded after the first paint, never ahead of it.
 */
const fontStylesheets: Record<Language, () => Promise<unknown>> = {
  ko: () => import('../styles/fonts/pretendard.css'),
  en: () => import('../styles/fonts/pretendard.css'),
  es: () => import('../styles/fonts/pretendard.css'),
  ja: () => import('../styles/fonts/noto-sans-jp.css'),
  zh: () => import('../styles/fonts/noto-sans-sc.css'),
};

/** A failed download leaves the system font in place: type still reads, so nothing is retried. */
export function loadFontsFor(language: Language): Promise<void> {
  return fontStylesheets[language]().then(
    () => undefined,
    () => undefined,
  );
}

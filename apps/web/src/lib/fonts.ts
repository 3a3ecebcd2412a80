import type { Language } from '@orchard/shared/locale-codes';

/**
 * The shipped font that draws each language (docs/decisions/042-web-fonts.md): Pretendard for
 * Korean and the Latin-script languages, Noto Sans JP for Japanese and Noto Sans SC for Chinese, so
 * kanji and hanzi take their own language's shapes. Each stylesheet only declares unicode-range
 * slices (`font-display: optional`, apps/web/vite.config.ts); the browser downloads the slices the
 * page's text uses. Loaded after the first paint, never ahead of it. The build reads this map too
 * (scripts/prerender.ts), to name the slices a prerendered page's text uses.
 */
export const fontStylesheetOf = { ko: 'pretendard', en: 'pretendard', es: 'pretendard', ja: 'noto-sans-jp', zh: 'noto-sans-sc' } as const satisfies Record<Language, string>;

const fontStylesheets: Record<(typeof fontStylesheetOf)[Language], () => Promise<unknown>> = {
  pretendard: () => import('../styles/fonts/pretendard.css'),
  'noto-sans-jp': () => import('../styles/fonts/noto-sans-jp.css'),
  'noto-sans-sc': () => import('../styles/fonts/noto-sans-sc.css'),
};

/** A failed download leaves the system font in place: type still reads, so nothing is retried. */
export function loadFontsFor(language: Language): Promise<void> {
  return fontStylesheets[fontStylesheetOf[language]]().then(
    () => undefined,
    () => undefined,
  );
}

/** Which face this tab's pages show: the shipped font, or the platform's own (kept for the session). */
type SessionFace = 'shipped' | 'system';

/** What a session remembers of its face; sessionStorage by default, absent where storage is refused. */
export type FaceMemory = { get(): SessionFace | null; set(face: SessionFace): void };

const faceKey = 'orchard-font-face';
const sessionFaceMemory: FaceMemory = {
  get() {
    try {
      const face = sessionStorage.getItem(faceKey);
      return face === 'shipped' || face === 'system' ? face : null;
    } catch {
      return null;
    }
  },
  set(face) {
    try {
      sessionStorage.setItem(faceKey, face);
    } catch {
      // Storage refused (a private mode): each page decides alone, as before.
    }
  },
};

type FontStart = { load?: (language: Language) => Promise<void>; fetch?: typeof fetch; servedFromCache?: (url: string) => boolean; memory?: FaceMemory };

/** Whether the browser's last request for `url` was answered by its cache (Resource Timing: nothing transferred, a body decoded). */
function servedFromCache(url: string): boolean {
  const entries = performance.getEntriesByName(new URL(url, window.location.href).href, 'resource') as PerformanceResourceTiming[];
  const last = entries.at(-1);
  return last !== undefined && last.transferSize === 0 && last.decodedBodySize > 0;
}

/**
 * The font once the app has started (main.tsx). `firstScreenSlices` are the font files the
 * prerendered page's text uses, named by the build (scripts/prerender.ts); they are fetched
 * first. If the browser had them cached from an earlier visit, the stylesheet follows and the
 * font shows. On a first visit the font could not show anyway (`font-display: optional` gives it
 * about 100 ms from the text's first use, and the stylesheet comes after start-up), while applying
 * the stylesheet re-styles and lays out the whole page again (docs/decisions/044-web-main-thread-at-start.md):
 * so that visit only puts the slices in the cache, for the next one. Without a list (a page that
 * was not prerendered for this device) the stylesheet loads as before.
 *
 * The face a session's first prerendered page settled on is kept for the rest of the session
 * (`memory`): a page loaded anew later in the same tab (back from the payment gateway, a reload)
 * would otherwise find the slices cached by then and switch the whole app, the header's pill
 * first, to the other face midway through a visit.
 */
export async function startFontsFor(language: Language, firstScreenSlices: readonly string[], options: FontStart = {}): Promise<void> {
  const { load = loadFontsFor, fetch = globalThis.fetch, servedFromCache: cached = servedFromCache, memory = sessionFaceMemory } = options;
  const warm = () => Promise.allSettled(firstScreenSlices.map((slice) => fetch(slice, { priority: 'low' }).then((response) => response.blob())));
  const remembered = memory.get();
  if (remembered === 'shipped') return load(language);
  if (remembered === 'system') {
    await warm();
    return;
  }
  const [first] = firstScreenSlices;
  if (first === undefined) return load(language);
  await warm();
  const face = cached(first) ? 'shipped' : 'system';
  memory.set(face);
  if (face === 'shipped') await load(language);
}

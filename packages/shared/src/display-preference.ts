import type { LandingPageName } from './spa-paths.ts';
import { defaultCurrency, defaultLanguage, isCurrency, isLanguage, type Currency, type Language } from './locale-codes.ts';

/**
 * The device's language and currency, mirrored from the `languageAndCurrency` store into a cookie
 * so the server can answer the first request with the landing page already rendered in them
 * (docs/decisions/012-prerendered-first-paint.md). Not a secret and not a session: the client
 * writes it, the server only picks a file with it.
 */
export const displayPreferenceCookie = 'orchard-display';

export type DisplayPreference = { language: Language; currency: Currency };

export const defaultDisplayPreference: DisplayPreference = { language: defaultLanguage, currency: defaultCurrency };

export function formatDisplayPreference({ language, currency }: DisplayPreference): string {
  return `${language}.${currency}`;
}

/** Anything but a known language and currency (missing, hand-edited, hostile) is the default. */
export function parseDisplayPreference(value: string | undefined): DisplayPreference {
  const [language, currency, ...rest] = (value ?? '').split('.');
  if (rest.length > 0 || !isLanguage(language) || !isCurrency(currency)) return defaultDisplayPreference;
  return { language, currency };
}

/** The landing paths the web build prerenders and the API answers with the prerendered page. */
export const prerenderedPaths: readonly string[] = ['/', '/login'];

/** The built file (beside the prerendered pages) every other path is answered with: index.html without the landing pages' preloads. */
export const appShellFileName = 'app-shell.html';

/**
 * The pages the API renders for each request, with their data (docs/decisions/110): by the route
 * module the web build bundles them in. Each has a shell beside the prerendered pages.
 */
export const serverRenderedPages = {
  project: 'src/app/routes/project-detail.tsx',
  artist: 'src/app/routes/artist-detail.tsx',
  film: 'src/app/routes/film.tsx',
} as const satisfies Record<LandingPageName, string>;
export type ServerRenderedPage = keyof typeof serverRenderedPages;

/** The built shell of a page the API renders per request: the prerendered pages' head, an empty root. */
export function serverShellFileName(page: ServerRenderedPage): string {
  return `server-shell.${page}.html`;
}

/** The built font stylesheets' text by language (JSON), for the font files a rendered page's text uses. */
export const fontStylesheetsFileName = 'font-stylesheets.json';

/** The built file holding a landing path's first screen in one language and currency. */
export function prerenderedFileName(pathname: string, preference: DisplayPreference): string {
  const page = pathname === '/' ? 'home' : pathname.replace(/^\//, '').replaceAll('/', '-');
  return `${page}.${formatDisplayPreference(preference)}.html`;
}

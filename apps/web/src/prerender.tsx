import { prerenderToNodeStream } from 'react-dom/static';
import { createInstance, type Resource } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { StaticRouter } from 'react-router';
import type { DisplayPreference } from '@orchard/shared/display-preference';
import { AppContent } from './app/app.tsx';
import { preloadPagesFor } from './app/app-routes.tsx';
import { appQueryClient } from './app/query-client-instance.ts';
import { firstScreenNamespaces } from './app/first-screen.ts';
import { fallbackLanguage } from './lib/locale.ts';
import { loadNamespace } from './lib/i18n.ts';
import { useLanguageAndCurrencyStore } from './lib/stores/language-and-currency.ts';

/**
 * The HTML of a landing path's first screen as a signed-out visitor with this language and
 * currency sees it (docs/decisions/012-prerendered-first-paint.md). Run at build time by
 * `scripts/prerender.ts`; it waits for the lazy page, so the HTML holds the page, not a spinner.
 */
export async function renderFirstScreen(pathname: string, preference: DisplayPreference, signal?: AbortSignal): Promise<string> {
  // A store read during a server render gives its initial state (zustand's server snapshot of
  // useSyncExternalStore), so the preference goes into that object too.
  Object.assign(useLanguageAndCurrencyStore.getInitialState(), preference);
  useLanguageAndCurrencyStore.setState(preference);
  const namespaces = firstScreenNamespaces(pathname);
  const resources: Resource = {};
  for (const language of new Set([preference.language, fallbackLanguage])) {
    resources[language] = Object.fromEntries(await Promise.all(namespaces.map(async (namespace) => [namespace, await loadNamespace(language, namespace)] as const)));
  }
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: preference.language,
    fallbackLng: fallbackLanguage,
    resources,
    ns: namespaces,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });
  await preloadPagesFor(pathname);
  const { prelude } = await prerenderToNodeStream(
    <I18nextProvider i18n={i18n}>
      <StaticRouter location={pathname}>
        <AppContent />
      </StaticRouter>
    </I18nextProvider>,
    // React moves a finished Suspense boundary larger than this (12,800 bytes by default) out of
    // line, behind its fallback, with an inline script to swap it in: the CSP refuses inline
    // script (docs/quality.md#s7), so the page would stay on "Loading...". Every boundary stays in place.
    { progressiveChunkSize: Number.POSITIVE_INFINITY, signal },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  // Each page starts from an empty cache, and no query's 5-minute clean-up timer outlives the build.
  appQueryClient.clear();
  return Buffer.concat(chunks).toString('utf8');
}

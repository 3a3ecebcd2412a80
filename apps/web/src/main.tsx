// Zod's settings before anything loads Zod (lib/zod-jitless.ts).
import './lib/zod-jitless.ts';
// The base stylesheets first, so component and feature styles come after them in the cascade.
import './styles/tokens.css';
import './styles/common.css';
import { startTransition, StrictMode, useEffect } from 'react';
import { App, BootLoading } from './app/app.tsx';
import { preloadPagesFor } from './app/app-routes.tsx';
import { createRoot, hydrateRoot } from './app/react-dom-client.ts';
import { firstScreenNamespaces } from './app/first-screen.ts';
import { afterIdle, nextTask } from './lib/start-up.ts';
import { isPrerenderedFor, writeDisplayPreferenceCookie } from './lib/display-preference-cookie.ts';
import { startEarlyReads } from './lib/early-reads.ts';
import { setServerRenderInstant } from './lib/server-render.ts';
import { loadFontsFor, startFontsFor } from './lib/fonts.ts';
import { registerServiceWorkerAfterLoad } from './lib/service-worker.ts';
import { i18next, initI18n } from './lib/i18n.ts';
import { useLanguageAndCurrencyStore } from './lib/stores/language-and-currency.ts';

// docs/quality.md#speed-web (TBT): the app starts in short steps, each its own task, so the
// main thread never stays busy for long after a prerendered page's first paint
// (docs/decisions/044-web-main-thread-at-start.md).

const { pathname, search } = window.location;
const rootElement = document.getElementById('root')!;
const displayPreference = () => {
  const { language, currency } = useLanguageAndCurrencyStore.getState();
  return { language, currency };
};
const preference = displayPreference();
writeDisplayPreferenceCookie(preference);
// The document's language follows the chosen one, so the browser picks the right CJK glyphs
// and fonts (`:lang(ja)`, `:lang(zh)`) and screen readers the right voice.
document.documentElement.lang = preference.language;

// A landing page the server sent already rendered in this device's language and currency is
// hydrated: React adopts its DOM instead of building and laying out a second copy (decision 044).
// The prerendered page knows no query string (`/login?error=…` shows a message it lacks), so such
// an address is rendered afresh. Anything else shows "Loading..." at once (docs/product.md#screens).
// A page the API rendered for this request (a shared link's, decision 110) is hydrated too, from
// the same in-page answers, its times against the instant it was rendered at (decision 113); the
// API renders it only for an address whose query changes nothing on its first screen.
const prerenderedForDevice = isPrerenderedFor(rootElement, preference);
const renderedForRequest = rootElement.dataset.serverRendered !== undefined;
const hydratesPrerenderedPage = prerenderedForDevice && (search === '' || renderedForRequest);
if (hydratesPrerenderedPage && renderedForRequest) setServerRenderInstant(Number(rootElement.dataset.renderedAt) || null);
const firstScreenFontSlices = prerenderedForDevice ? (rootElement.dataset.fontSlices ?? '').split(' ').filter(Boolean) : [];
const root = hydratesPrerenderedPage ? null : createRoot(rootElement);
root?.render(
  <StrictMode>
    <BootLoading />
  </StrictMode>,
);

/**
 * Runs once the app's first screen has committed: the prerendered page (if any) now takes taps
 * (app/shell/app-shell.css), and the shipped font starts when the browser is idle (lib/fonts.ts,
 * `startFontsFor`). It is never on the first paint's path (docs/decisions/042-web-fonts.md).
 */
function StartedApp() {
  useEffect(() => {
    rootElement.removeAttribute('data-prerendered');
    afterIdle(() => {
      // A language chosen in the meantime has already loaded its own font (below).
      if (useLanguageAndCurrencyStore.getState().language === preference.language) void startFontsFor(preference.language, firstScreenFontSlices);
    });
  }, []);
  return <App />;
}

async function start() {
  startEarlyReads(pathname, window.location.search, preference.language);
  await nextTask();
  const pagesReady = preloadPagesFor(pathname);
  await nextTask();
  const translationsReady = initI18n(preference.language).then(() => i18next.loadNamespaces(firstScreenNamespaces(pathname)));
  useLanguageAndCurrencyStore.subscribe((state) => {
    if (state.language !== document.documentElement.lang) void loadFontsFor(state.language);
    document.documentElement.lang = state.language;
    if (state.language !== i18next.language) void i18next.changeLanguage(state.language);
    writeDisplayPreferenceCookie(displayPreference());
  });

  // docs/product.md#screens: the first screen renders once its page and translations have arrived, in one
  // commit, as a transition so React yields to the browser every few milliseconds instead of
  // blocking the main thread (docs/decisions/010-web-start-up.md). A failed download renders anyway: the route shows it.
  await Promise.allSettled([pagesReady, translationsReady]);
  await nextTask();
  const app = (
    <StrictMode>
      <StartedApp />
    </StrictMode>
  );
  if (root) {
    startTransition(() => root.render(app));
    return;
  }
  // While hydrating, a store hook reads its server snapshot, the store's initial state
  // (zustand): the preference goes there too, as it did for the prerender (src/prerender.tsx).
  // `userInfo` keeps its signed-out initial state, which is what the page was rendered with; a
  // signed-in visitor's tab bar and bell follow in the render right after hydration.
  Object.assign(useLanguageAndCurrencyStore.getInitialState(), preference);
  startTransition(() => {
    hydrateRoot(rootElement, app);
  });
}

void start();
// The offline page's worker, after the load event and when idle (docs/decisions/063-offline.md).
registerServiceWorkerAfterLoad(import.meta.env.PROD);

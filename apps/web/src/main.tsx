// The base stylesheets first, so component and feature styles come after them in the cascade.
import './styles/tokens.css';
import './styles/common.css';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App, BootLoading } from './app/app.tsx';
import { preloadPagesFor } from './app/app-routes.tsx';
import { firstScreenNamespaces } from './app/first-screen.ts';
import { isPrerenderedFor, writeDisplayPreferenceCookie } from './lib/display-preference-cookie.ts';
import { loadFontsFor } from './lib/fonts.ts';
import { i18next, initI18n } from './lib/i18n.ts';
import { useLanguageAndCurrencyStore } from './lib/stores/language-and-currency.ts';

const { pathname } = window.location;
const pagesReady = preloadPagesFor(pathname);
const translationsReady = initI18n(useLanguageAndCurrencyStore.getState().language).then(() => i18next.loadNamespaces(firstScreenNamespaces(pathname)));
const displayPreference = () => {
  const { language, currency } = useLanguageAndCurrencyStore.getState();
  return { language, currency };
};
writeDisplayPreferenceCookie(displayPreference());
// The document's language follows the chosen one, so the browser picks the right CJK glyphs
// and fonts (`:lang(ja)`, `:lang(zh)`) and screen readers the right voice.
document.documentElement.lang = useLanguageAndCurrencyStore.getState().language;
// docs/product.md#screens (language sheet): a language choice switches the interface at once.
// The entry runs after a prerendered page's first paint, so the font never holds that paint back.
void loadFontsFor(useLanguageAndCurrencyStore.getState().language);
useLanguageAndCurrencyStore.subscribe((state) => {
  if (state.language !== document.documentElement.lang) void loadFontsFor(state.language);
  document.documentElement.lang = state.language;
  if (state.language !== i18next.language) void i18next.changeLanguage(state.language);
  writeDisplayPreferenceCookie(displayPreference());
});

// docs/product.md#screens: "Loading..." until the first screen's page and translations have arrived; then the
// whole first screen renders in one commit, as a transition so React yields to the browser
// every few milliseconds instead of blocking the main thread (docs/quality.md#speed-web: LCP, TBT;
// docs/decisions/010-web-start-up.md). A failed download renders anyway: the route shows it.
// A landing page the server sent already rendered in this device's language and currency stays
// on screen instead, until the app's identical first commit replaces it (decision 012).
const rootElement = document.getElementById('root')!;
const root = createRoot(rootElement);
if (!isPrerenderedFor(rootElement, displayPreference())) {
  root.render(
    <StrictMode>
      <BootLoading />
    </StrictMode>,
  );
}

/** The prerendered page takes no taps (app/shell/app-shell.css) until the app's own page has replaced it. */
function TakeOverFromPrerenderedPage() {
  useEffect(() => rootElement.removeAttribute('data-prerendered'), []);
  return null;
}

void Promise.allSettled([pagesReady, translationsReady]).then(() => {
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
        <TakeOverFromPrerenderedPage />
      </StrictMode>,
    );
  });
});

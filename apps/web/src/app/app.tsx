import { Suspense } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import { bootLoadingLabel } from '../lib/locale.ts';
import { useLanguageAndCurrencyStore } from '../lib/stores/language-and-currency.ts';
import { appRoutes } from './app-routes.tsx';

function AppRoutes() {
  return useRoutes(appRoutes);
}

/** The routes under whichever router holds the location (the browser's, or the prerender's). */
export function AppContent() {
  return (
    <Suspense fallback={<BootLoading />}>
      <AppRoutes />
    </Suspense>
  );
}

/** Shown until the first translations arrive (docs/product.md#screens: "/" shows "Loading..." while loading). */
export function BootLoading() {
  const language = useLanguageAndCurrencyStore((state) => state.language);
  return (
    <div className="boot-loading" role="status">
      {bootLoadingLabel[language]}
    </div>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppContent />
    </BrowserRouter>
  );
}

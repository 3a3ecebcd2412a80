import { afterIdle } from './start-up.ts';

/**
 * Registers the offline page's service worker (docs/decisions/063-offline.md) once the page has
 * loaded and the browser is idle, so it never competes with the first paint or the app's start.
 * Only in a built app: the development server has no worker to serve.
 */
export function registerServiceWorkerAfterLoad(enabled: boolean) {
  if (!enabled || !('serviceWorker' in navigator)) return;
  const register = () =>
    afterIdle(() => {
      navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('[offline] service worker not registered', error));
    });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

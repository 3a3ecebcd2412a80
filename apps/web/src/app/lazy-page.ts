import { createElement, lazy, type ComponentType } from 'react';

/** Holds the deployment a failed chunk last reloaded the page for, so the next failure of that deployment does not reload again. */
export const chunkReloadMarkerKey = 'orchard:chunk-reload';

/** A page chunk that did not arrive because the browser is offline: the app says so, it does not reload. */
export class OfflineChunkError extends Error {
  constructor(cause: unknown) {
    super('A page could not be loaded while offline', { cause });
    this.name = 'OfflineChunkError';
  }
}

export type ChunkReloadEnvironment = {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload(): void;
  isOnline(): boolean;
  /** Names the running build: the URL of this module, whose hashed file name changes with every deployment. */
  deploymentId: string;
};

// Outside a browser (the build's prerender, decision 012) a failed chunk is simply an error.
const withoutBrowser: ChunkReloadEnvironment = { storage: { getItem: () => 'no reload', setItem() {} }, reload() {}, isOnline: () => true, deploymentId: 'no reload' };

const browserEnvironment = (): ChunkReloadEnvironment =>
  typeof window === 'undefined'
    ? withoutBrowser
    : { storage: window.sessionStorage, reload: () => window.location.reload(), isOnline: () => navigator.onLine, deploymentId: new URL(import.meta.url).pathname };

/**
 * A lazily loaded module that fails to load reloads the page: a new deployment replaced its
 * hashed file (docs/architecture.md#web). Only when online (offline, a reload only trades the
 * app for the browser's own error page: `OfflineChunkError` lets the app show its message
 * instead), and once per deployment: if the chunk fails again after that reload, the error
 * reaches the route's error boundary instead of reloading forever.
 */
export function importWithReloadOnce<Module>(load: () => Promise<Module>, environment: ChunkReloadEnvironment = browserEnvironment()): Promise<Module> {
  return load().catch((error: unknown) => {
    if (!environment.isOnline()) throw new OfflineChunkError(error);
    if (environment.storage.getItem(chunkReloadMarkerKey) === environment.deploymentId) throw error;
    environment.storage.setItem(chunkReloadMarkerKey, environment.deploymentId);
    environment.reload();
    // The page is going away; never settle so nothing renders an error in the meantime.
    return new Promise<Module>(() => {});
  });
}

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

let retryGeneration = 0;

/**
 * Lets every page whose chunk failed to load try again on its next render (the offline
 * message's retry). Until then a failed page stays failed: trying again on every render would,
 * inside a navigation transition, suspend anew each time and keep the old screen up forever.
 */
export function retryFailedPages() {
  retryGeneration += 1;
}

/**
 * A route page as its own lazy chunk. `preload` starts the download before the route renders.
 * Once the module has arrived, React gets it synchronously (a thenable that calls back at once)
 * instead of suspending for a microtask and showing the fallback: a page preloaded at boot
 * renders in the same commit as the shell (docs/decisions/010-web-start-up.md). React keeps a
 * failed `lazy` failed, so after `retryFailedPages()` a fresh one replaces it.
 */
export function lazyPage(load: PageLoader) {
  let pending: Promise<PageModule> | null = null;
  let loaded: PageModule | null = null;
  let failedInGeneration: number | null = null;
  const loadOnce = () => {
    pending ??= importWithReloadOnce(load).then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = null;
        failedInGeneration = retryGeneration;
        throw error;
      },
    );
    return pending;
  };
  const lazyComponent = () =>
    lazy(() => {
      const module = loaded;
      return module ? ({ then: (resolve: (value: PageModule) => void) => resolve(module) } as Promise<PageModule>) : loadOnce();
    });
  let current = lazyComponent();
  const Page = () => {
    if (failedInGeneration !== null && failedInGeneration < retryGeneration) {
      failedInGeneration = null;
      current = lazyComponent();
    }
    return createElement(current);
  };
  return Object.assign(Page, { preload: loadOnce });
}

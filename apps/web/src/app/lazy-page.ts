import { lazy, type ComponentType } from 'react';

/** Set while a reload triggered by a failed chunk is under way, so a second failure does not loop. */
export const chunkReloadMarkerKey = 'orchard:chunk-reload';

export type ChunkReloadEnvironment = {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload(): void;
};

// Outside a browser (the build's prerender, decision 012) a failed chunk is simply an error.
const withoutBrowser: ChunkReloadEnvironment = { storage: { getItem: () => 'no reload', setItem() {}, removeItem() {} }, reload() {} };

const browserEnvironment = (): ChunkReloadEnvironment =>
  typeof window === 'undefined' ? withoutBrowser : { storage: window.sessionStorage, reload: () => window.location.reload() };

/**
 * spec §8: a lazily loaded page module that fails to load reloads the page (a new deployment
 * replaced its hashed file). Once only: if the chunk fails again after that reload, the error
 * reaches the route's error boundary instead of reloading forever.
 */
export function importWithReloadOnce<Module>(load: () => Promise<Module>, environment: ChunkReloadEnvironment = browserEnvironment()): Promise<Module> {
  return load().then(
    (module) => {
      environment.storage.removeItem(chunkReloadMarkerKey);
      return module;
    },
    (error: unknown) => {
      if (environment.storage.getItem(chunkReloadMarkerKey) === null) {
        environment.storage.setItem(chunkReloadMarkerKey, String(Date.now()));
        environment.reload();
        // The page is going away; never settle so nothing renders an error in the meantime.
        return new Promise<Module>(() => {});
      }
      environment.storage.removeItem(chunkReloadMarkerKey);
      throw error;
    },
  );
}

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/**
 * A route page as its own lazy chunk. `preload` starts the download before the route renders.
 * Once the module has arrived, React gets it synchronously (a thenable that calls back at once)
 * instead of suspending for a microtask and showing the fallback: a page preloaded at boot
 * renders in the same commit as the shell (QUALITY.md: LCP; docs/decisions/010-web-start-up.md).
 */
export function lazyPage(load: PageLoader) {
  let pending: Promise<PageModule> | null = null;
  let loaded: PageModule | null = null;
  const loadOnce = () => {
    pending ??= importWithReloadOnce(load).then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const Page = lazy(() => {
    const module = loaded;
    return module ? ({ then: (resolve: (value: PageModule) => void) => resolve(module) } as Promise<PageModule>) : loadOnce();
  });
  return Object.assign(Page, { preload: loadOnce });
}

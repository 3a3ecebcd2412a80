import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { spaPaths } from '@orchard/shared/spa-paths';
import { isOfflineFailure, isTransientFailure, isUnauthorized } from './http.ts';

/** docs/product.md#retries. */
export const queryRetryLimit = 3;
export const mutationRetryLimit = 2;
export const firstRetryDelayMs = 1000;
export const maxRetryDelayMs = 30_000;
export const queryCacheLifetimeMs = 5 * 60 * 1000;

/** docs/product.md#retries: 1 s doubling up to 30 s; `failureCount` is 0 before the first retry. */
export function retryDelayMs(failureCount: number): number {
  return Math.min(firstRetryDelayMs * 2 ** failureCount, maxRetryDelayMs);
}

/**
 * Only a failure that may go differently next time is retried (`isTransientFailure`): a 404, 409,
 * 413 or 415 is the answer, and asking again only costs the user data and time
 * (docs/product.md#retries). Anything that is not an ApiError (a bug in a query function) is not
 * retried either.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return isTransientFailure(error) && failureCount < queryRetryLimit;
}

export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  return isTransientFailure(error) && !isOfflineFailure(error) && failureCount < mutationRetryLimit;
}

export type QueryClientHooks = {
  /** Opens the redirect-to-login dialog and resets `userInfo` (docs/architecture.md#web). */
  onUnauthorized(): void;
  /** The current path: a query's 401 on /login is expected and opens nothing. */
  currentPath(): string;
};

export const loginPath = spaPaths.login;

const signOutsUnderWay = new WeakMap<QueryClient, number>();

/**
 * Runs a sign-out: every 401 answered while it is under way (the logout call itself, the auth
 * check that follows, a query still on screen) is the one the user asked for, so it never opens
 * the "please log in" dialog.
 */
export async function whileSigningOut<Result>(client: QueryClient, work: () => Promise<Result>): Promise<Result> {
  signOutsUnderWay.set(client, (signOutsUnderWay.get(client) ?? 0) + 1);
  try {
    return await work();
  } finally {
    signOutsUnderWay.set(client, (signOutsUnderWay.get(client) ?? 1) - 1);
  }
}

function isSigningOut(client: QueryClient): boolean {
  return (signOutsUnderWay.get(client) ?? 0) > 0;
}

/**
 * The query client's online state follows the browser's, read afresh whenever it starts listening.
 * TanStack's own listener keeps the last event it heard: while no client is mounted (the query layer
 * unmounts when a page fails to load offline) it hears nothing, so a connection that came back in
 * the meantime left every query paused until the next `online` event.
 */
export function followBrowserOnlineState() {
  // The prerender (prerender.tsx) builds the client where there is no browser.
  if (typeof window === 'undefined') return;
  onlineManager.setEventListener((setOnline) => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    update();
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  });
}

/** The app's query client: the retry, cache and offline rules of docs/architecture.md#web. */
export function createAppQueryClient(hooks: QueryClientHooks): QueryClient {
  followBrowserOnlineState();
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error) && !isSigningOut(client) && hooks.currentPath() !== loginPath) hooks.onUnauthorized();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isUnauthorized(error) && !isSigningOut(client)) hooks.onUnauthorized();
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: retryDelayMs,
        gcTime: queryCacheLifetimeMs,
        // docs/product.md#retries: fetching pauses while offline and resumes when the connection returns.
        networkMode: 'online',
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: shouldRetryMutation,
        retryDelay: retryDelayMs,
        // Decision 063: a write runs at once, online or not, and offline fails clearly (no spinner
        // that waits for the network, nothing sent later behind the fan's back). A write that may
        // wait (a like) opts into 'online' and shows itself as waiting.
        networkMode: 'always',
      },
    },
  });
  return client;
}

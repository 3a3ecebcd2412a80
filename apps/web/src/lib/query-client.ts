import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorized } from './http.ts';

/** spec §7 and §9. */
export const queryRetryLimit = 3;
export const mutationRetryLimit = 2;
export const firstRetryDelayMs = 1000;
export const maxRetryDelayMs = 30_000;
export const queryCacheLifetimeMs = 5 * 60 * 1000;

/** spec §7: 1 s doubling up to 30 s; `failureCount` is 0 before the first retry. */
export function retryDelayMs(failureCount: number): number {
  return Math.min(firstRetryDelayMs * 2 ** failureCount, maxRetryDelayMs);
}

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return !isUnauthorized(error) && failureCount < queryRetryLimit;
}

export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  return !isUnauthorized(error) && failureCount < mutationRetryLimit;
}

export type QueryClientHooks = {
  /** Opens the redirect-to-login dialog and resets `userInfo` (spec §4). */
  onUnauthorized(): void;
  /** The current path: a query's 401 on /login is expected and opens nothing (spec §4). */
  currentPath(): string;
};

export const loginPath = '/login';

/** The query client exactly as spec §7 and ARCHITECTURE §6 describe it. */
export function createAppQueryClient(hooks: QueryClientHooks): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error) && hooks.currentPath() !== loginPath) hooks.onUnauthorized();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isUnauthorized(error)) hooks.onUnauthorized();
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: retryDelayMs,
        gcTime: queryCacheLifetimeMs,
        // spec §7: fetching pauses while offline and resumes when the connection returns.
        networkMode: 'online',
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: shouldRetryMutation,
        retryDelay: retryDelayMs,
        networkMode: 'online',
      },
    },
  });
}

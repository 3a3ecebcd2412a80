import type { ProviderId } from '@orchard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { authQueryKeys } from './query-keys.ts';

type AuthProvidersResponse = { providers: { id: ProviderId }[] };

export function getAuthProvidersQueryOptions() {
  return queryOptions({
    queryKey: authQueryKeys.providers,
    queryFn: ({ signal }) => apiRequest<AuthProvidersResponse>('/auth/providers', { signal }),
    staleTime: 5 * 60 * 1000,
  });
}

export function useAuthProviders() {
  return useQuery(getAuthProvidersQueryOptions());
}

/** Sign-in is a full-page navigation: the provider's pages cannot run inside the SPA. */
export function signInUrl(provider: ProviderId, returnTo: string): string {
  return `/api/auth/${provider}/start?returnTo=${encodeURIComponent(returnTo)}`;
}

import type { Me } from '@orchard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import type { UserInfo } from '../../../lib/stores/user-info.ts';
import { authQueryKeys } from './query-keys.ts';

export const meQueryKey = authQueryKeys.me;

export function fetchMe(signal?: AbortSignal): Promise<Me> {
  return apiRequest<Me>('/auth/me', { signal });
}

/** docs/product.md#retries: the auth check is not retried and is refetched on mount with zero staleness. */
export function getMeQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    retry: false,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useMe(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getMeQueryOptions(), enabled: options.enabled ?? true });
}

export function userInfoFromMe(me: Me): UserInfo {
  return { isActive: true, id: me.id, hasUnreadNotification: me.hasUnreadNotification };
}

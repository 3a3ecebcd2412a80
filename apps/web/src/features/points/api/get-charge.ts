import type { Charge } from '@orchard/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/http.ts';
import { shouldRetryQuery } from '../../../lib/query-client.ts';
import { pointsQueryKeys } from './query-keys.ts';

/** How often, and how many times, a still-pending payment is asked about again. */
export const pendingPollIntervalMs = 1500;
export const pendingPollLimit = 5;

export function getCharge(chargeId: string, signal?: AbortSignal): Promise<Charge> {
  return apiRequest<Charge>(`/points/charges/${encodeURIComponent(chargeId)}`, { signal });
}

export function getChargeQueryOptions(chargeId: string) {
  return queryOptions({
    queryKey: pointsQueryKeys.charge(chargeId),
    queryFn: ({ signal }) => getCharge(chargeId, signal),
    // An unknown or another user's charge (404) or a malformed id (400) will not change by asking again.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && shouldRetryQuery(failureCount, error),
  });
}

/**
 * The Completed-charge screen's charge. A pending payment (the gateway's confirmation or webhook
 * not in yet) is polled a few times; after that the screen offers to check again.
 */
export function useCharge(chargeId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...getChargeQueryOptions(chargeId),
    enabled: options.enabled ?? true,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount <= pendingPollLimit ? pendingPollIntervalMs : false,
  });
}

/** Whether the pending polls are used up: the screen then says so and offers to check again. */
export function usePendingPollsExhausted(chargeId: string, query: ReturnType<typeof useCharge>): boolean {
  const queryClient = useQueryClient();
  // Read so that every poll re-renders the screen, even when the answer is unchanged.
  void query.dataUpdatedAt;
  const polls = queryClient.getQueryState(pointsQueryKeys.charge(chargeId))?.dataUpdateCount ?? 0;
  return query.data?.status === 'pending' && !query.isFetching && polls > pendingPollLimit;
}

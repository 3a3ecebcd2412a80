import type { PointBalances } from '@orchard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { pointsQueryKeys } from './query-keys.ts';

export function getBalances(signal?: AbortSignal): Promise<PointBalances> {
  return apiRequest<PointBalances>('/points/balances', { signal });
}

export function getBalancesQueryOptions() {
  return queryOptions({ queryKey: pointsQueryKeys.balances, queryFn: ({ signal }) => getBalances(signal) });
}

/** Orange (purchased + bonus "additional earned") and Berry of the signed-in user. */
export function useBalances({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getBalancesQueryOptions(), enabled });
}

import type { HistoryEntry } from '@orchard/shared';
import type { HistoryTabOf, PointCurrency } from '@orchard/shared/points-rules';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { pointsQueryKeys } from './query-keys.ts';

/** Any tab of either currency's history (docs/decisions/009-points-history-tabs.md: Berry has no refund tab). */
export type HistoryTab = HistoryTabOf<'orange'>;

export type HistoryPage = { items: HistoryEntry[]; nextCursor: string | null };
export const historyPageSize = 20;

export function getHistoryPage(currency: PointCurrency, tab: HistoryTab, cursor: string | null, signal?: AbortSignal): Promise<HistoryPage> {
  return apiRequest<HistoryPage>('/points/history', { query: { currency, tab, cursor: cursor ?? undefined, limit: historyPageSize }, signal });
}

export function getHistoryQueryOptions(currency: PointCurrency, tab: HistoryTab) {
  return infiniteQueryOptions({
    queryKey: pointsQueryKeys.history(currency, tab),
    queryFn: ({ pageParam, signal }) => getHistoryPage(currency, tab, pageParam, signal),
    initialPageParam: null as string | null,
    // Keyset paging: the next page starts after the last entry of this one.
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useHistory(currency: PointCurrency, tab: HistoryTab) {
  return useInfiniteQuery(getHistoryQueryOptions(currency, tab));
}

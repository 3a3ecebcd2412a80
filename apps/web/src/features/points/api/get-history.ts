import type { HistoryEntry, PointCurrency } from '@orchard/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { pointsQueryKeys } from './query-keys.ts';

/** spec §2 Point history; decision 009: Berry has no refund tab. */
export const historyTabsOf = { orange: ['all', 'charge', 'spend', 'refund'], berry: ['all', 'charge', 'spend'] } as const;
export type HistoryTabOf<Currency extends PointCurrency> = (typeof historyTabsOf)[Currency][number];
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

import type { OperatorReport } from '@orchard/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { communityQueryKeys } from './query-keys.ts';

export type ReportStatus = 'open' | 'handled';
export type ReportsPage = { items: OperatorReport[]; nextCursor: string | null };

export function getReports(status: ReportStatus, cursor: string | null, signal?: AbortSignal): Promise<ReportsPage> {
  return apiRequest<ReportsPage>('/operator/reports', { query: { status, cursor: cursor ?? undefined }, signal });
}

export function getReportsQueryOptions(status: ReportStatus) {
  return infiniteQueryOptions({
    queryKey: communityQueryKeys.reports(status),
    queryFn: ({ pageParam, signal }) => getReports(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The operator's reports queue, open or handled, one page at a time. */
export function useReportQueue(status: ReportStatus) {
  return useInfiniteQuery(getReportsQueryOptions(status));
}

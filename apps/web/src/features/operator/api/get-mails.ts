import type { OperatorMailsPage } from '@orchard/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { operatorQueryKeys } from './query-keys.ts';

export function getMails(beforeId: number | null, signal?: AbortSignal): Promise<OperatorMailsPage> {
  return apiRequest<OperatorMailsPage>('/operator/mails', { query: { beforeId: beforeId ?? undefined }, signal });
}

export function getMailsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: operatorQueryKeys.mails,
    queryFn: ({ pageParam, signal }) => getMails(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (lastPage) => lastPage.nextBeforeId,
  });
}

/** The latest mails of the outbox, newest first (docs/architecture.md#mail-outbox). */
export function useMails() {
  return useInfiniteQuery(getMailsQueryOptions());
}

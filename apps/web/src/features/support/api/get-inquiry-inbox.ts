import type { OperatorInquiry } from '@orchard/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { supportQueryKeys } from './query-keys.ts';

export type InquiryInboxPage = { items: OperatorInquiry[]; nextCursor: string | null };

export function useInquiryInbox(status: 'open' | 'answered') {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: supportQueryKeys.inbox(status),
      queryFn: ({ pageParam, signal }) =>
        apiRequest<InquiryInboxPage>('/operator/inquiries', { query: { status, cursor: pageParam ?? undefined }, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
  );
}

import type { Inquiry } from '@orchard/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { supportQueryKeys } from './query-keys.ts';

export type MyInquiriesPage = { items: Inquiry[]; nextCursor: string | null };

export function useMyInquiries() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: supportQueryKeys.mine,
      queryFn: ({ pageParam, signal }) => apiRequest<MyInquiriesPage>('/inquiries', { query: { cursor: pageParam ?? undefined }, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
  );
}

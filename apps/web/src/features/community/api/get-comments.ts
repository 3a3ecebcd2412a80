import type { Comment } from '@orchard/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { communityQueryKeys } from './query-keys.ts';

export type CommentsPage = { items: Comment[]; nextCursor: string | null };

export function getComments(projectId: number, cursor: string | null, signal?: AbortSignal): Promise<CommentsPage> {
  return apiRequest<CommentsPage>(`/projects/${encodeURIComponent(String(projectId))}/comments`, { query: { cursor: cursor ?? undefined }, signal });
}

export function getCommentsQueryOptions(projectId: number) {
  return infiniteQueryOptions({
    queryKey: communityQueryKeys.comments(projectId),
    queryFn: ({ pageParam, signal }) => getComments(projectId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** A project's comments, newest first, one "load more" page at a time. */
export function useComments(projectId: number) {
  return useInfiniteQuery(getCommentsQueryOptions(projectId));
}

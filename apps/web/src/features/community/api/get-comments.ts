import type { Comment } from '@orchard/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { communityQueryKeys, targetPath, type CommunityTarget } from './query-keys.ts';

export type CommentsPage = { items: Comment[]; nextCursor: string | null };

export function getComments(target: CommunityTarget, cursor: string | null, signal?: AbortSignal): Promise<CommentsPage> {
  return apiRequest<CommentsPage>(`${targetPath(target)}/comments`, { query: { cursor: cursor ?? undefined }, signal });
}

export function getCommentsQueryOptions(target: CommunityTarget) {
  return infiniteQueryOptions({
    queryKey: communityQueryKeys.comments(target),
    queryFn: ({ pageParam, signal }) => getComments(target, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** A project's, film's or post's comments, newest first, one "load more" page at a time. */
export function useComments(target: CommunityTarget) {
  return useInfiniteQuery(getCommentsQueryOptions(target));
}

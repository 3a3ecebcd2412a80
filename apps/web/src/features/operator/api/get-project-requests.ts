import type { Project } from '@orchard/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { operatorQueryKeys } from './query-keys.ts';

export type ProjectRequestItem = { project: Project; waitedSeconds: number };
export type ProjectRequestsPage = { items: ProjectRequestItem[]; nextCursor: string | null };

export function getProjectRequests(cursor: string | null, signal?: AbortSignal): Promise<ProjectRequestsPage> {
  return apiRequest<ProjectRequestsPage>('/operator/project-requests', { query: { cursor: cursor ?? undefined }, signal });
}

export function getProjectRequestsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: operatorQueryKeys.requests,
    queryFn: ({ pageParam, signal }) => getProjectRequests(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** Requests waiting for the inventory check, oldest first. */
export function useProjectRequests() {
  return useInfiniteQuery(getProjectRequestsQueryOptions());
}

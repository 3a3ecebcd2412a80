import type { MyProjectTab, Project } from '@orchard/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { projectsQueryKeys } from './query-keys.ts';

export type MyProjectsPage = { items: Project[]; nextCursor: string | null };

export function getMyProjects(tab: MyProjectTab, artistId: number | null, cursor: string | null, signal?: AbortSignal): Promise<MyProjectsPage> {
  return apiRequest<MyProjectsPage>('/my/projects', { query: { tab, artistId: artistId ?? undefined, cursor: cursor ?? undefined }, signal });
}

export function getMyProjectsQueryOptions(tab: MyProjectTab, artistId: number | null) {
  return infiniteQueryOptions({
    queryKey: projectsQueryKeys.mine(tab, artistId),
    queryFn: ({ pageParam, signal }) => getMyProjects(tab, artistId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** My page's project list: the user's requests (Request) and the projects they created (Open). */
export function useMyProjects(tab: MyProjectTab, artistId: number | null, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...getMyProjectsQueryOptions(tab, artistId), enabled: options.enabled ?? true });
}

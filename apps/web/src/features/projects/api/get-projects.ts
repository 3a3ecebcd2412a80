import type { Language, Project, ProjectKind, PublicProjectSort } from '@orchard/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { projectsQueryKeys } from './query-keys.ts';

/** The orders the public list walks (docs/architecture.md#discovery): closing soonest, most raised, newest, most backers. */
export type ProjectListSort = PublicProjectSort;
/** The statuses a public list may filter by (docs/product.md#discovery: created projects only). */
export type PublicListStatus = 'funding' | 'succeeded' | 'failed' | 'running' | 'awarded';

/** What one discovery list asks `GET /api/projects` for; the cursor is the query's own. */
export type ProjectListParams = {
  sort?: ProjectListSort;
  /** Only projects of artists the signed-in fan follows; needs a session. */
  following?: boolean;
  q?: string;
  status?: PublicListStatus;
  artistId?: number;
  kind?: ProjectKind;
  limit?: number;
  /** The language of the media names; the list's other fields do not depend on it. */
  lang?: Language;
};

export type ProjectsPage = { items: Project[]; nextCursor: string | null };

export function getProjects(params: ProjectListParams, cursor: string | null, signal?: AbortSignal): Promise<ProjectsPage> {
  const { following, ...rest } = params;
  return apiRequest<ProjectsPage>('/projects', { query: { ...rest, following: following ? 'true' : undefined, cursor: cursor ?? undefined }, signal });
}

/** Parameters without the ones left out, so `{ q: '' }` and `{}` share one cache entry. */
function keyOf(params: ProjectListParams): ProjectListParams {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== '' && value !== false)) as ProjectListParams;
}

export function getProjectsQueryOptions(params: ProjectListParams) {
  const key = keyOf(params);
  return infiniteQueryOptions({
    queryKey: projectsQueryKeys.list(key),
    queryFn: ({ pageParam, signal }) => getProjects(key, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/**
 * A discovery list of projects, a page at a time (keyset, docs/architecture.md#api-conventions).
 * Figures move while the fan is away, so it is asked again when the window regains focus.
 */
export function useProjects(params: ProjectListParams, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...getProjectsQueryOptions(params), enabled: options.enabled ?? true, refetchOnWindowFocus: true });
}

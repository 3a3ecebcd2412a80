import type { Language, Project, ProjectKind, PublicProjectSort } from '@orchard/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { inPageQueryData } from '../../../lib/early-reads.ts';
import { apiAddress, apiRequest } from '../../../lib/http.ts';
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

function listQuery(params: ProjectListParams, cursor: string | null) {
  const { following, ...rest } = params;
  return { ...rest, following: following ? 'true' : undefined, cursor: cursor ?? undefined };
}

export function getProjects(params: ProjectListParams, cursor: string | null, signal?: AbortSignal): Promise<ProjectsPage> {
  return apiRequest<ProjectsPage>('/projects', { query: listQuery(params, cursor), signal });
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
  // A shared link's page held its lists' first pages in its HTML (decision 110).
  const inPage = inPageQueryData(apiAddress('/projects', listQuery(keyOf(params), null)), (page: ProjectsPage) => ({ pages: [page], pageParams: [null] }));
  return useInfiniteQuery({ ...getProjectsQueryOptions(params), ...inPage, enabled: options.enabled ?? true, refetchOnWindowFocus: true });
}

import type { Project } from '@orchard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { projectsQueryKeys, shouldRetryProjectQuery } from './query-keys.ts';

export function getProject(projectId: number, signal?: AbortSignal): Promise<Project> {
  return apiRequest<{ project: Project }>(`/projects/${encodeURIComponent(String(projectId))}`, { signal }).then((answer) => answer.project);
}

export function getProjectQueryOptions(projectId: number) {
  return queryOptions({ queryKey: projectsQueryKeys.detail(projectId), queryFn: ({ signal }) => getProject(projectId, signal), retry: shouldRetryProjectQuery });
}

/** A project; a request before creation only for its creator and operators (others get 404). */
export function useProject(projectId: number) {
  return useQuery({ ...getProjectQueryOptions(projectId), enabled: Number.isSafeInteger(projectId) && projectId > 0 });
}

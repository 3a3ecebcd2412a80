import type { Project } from '@orchard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { projectsQueryKeys, shouldRetryProjectQuery } from './query-keys.ts';

export function getProject(projectId: number, language: string, signal?: AbortSignal): Promise<Project> {
  return apiRequest<{ project: Project }>(`/projects/${encodeURIComponent(String(projectId))}`, { query: { lang: language }, signal }).then((answer) => answer.project);
}

export function getProjectQueryOptions(projectId: number, language: string) {
  return queryOptions({ queryKey: projectsQueryKeys.detail(projectId, language), queryFn: ({ signal }) => getProject(projectId, language, signal), retry: shouldRetryProjectQuery });
}

/** A project; a request before creation only for its creator and operators (others get 404). */
export function useProject(projectId: number) {
  const language = useLanguageAndCurrencyStore((state) => state.language);
  return useQuery({ ...getProjectQueryOptions(projectId, language), enabled: Number.isSafeInteger(projectId) && projectId > 0 });
}

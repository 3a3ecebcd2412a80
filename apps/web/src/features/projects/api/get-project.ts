import type { Project } from '@orchard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { inPageQueryData } from '../../../lib/early-reads.ts';
import { apiAddress, apiRequest } from '../../../lib/http.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { projectsQueryKeys, shouldRetryProjectQuery } from './query-keys.ts';

const projectPath = (projectId: number) => `/projects/${encodeURIComponent(String(projectId))}`;

export function getProject(projectId: number, language: string, signal?: AbortSignal): Promise<Project> {
  return apiRequest<{ project: Project }>(projectPath(projectId), { query: { lang: language }, signal }).then((answer) => answer.project);
}

export function getProjectQueryOptions(projectId: number, language: string) {
  return queryOptions({ queryKey: projectsQueryKeys.detail(projectId, language), queryFn: ({ signal }) => getProject(projectId, language, signal), retry: shouldRetryProjectQuery });
}

/**
 * A project; a request before creation only for its creator and operators (others get 404). A
 * shared link's page held the project's read in its HTML (decision 110): the page renders from it
 * at once and asks again only once it is no longer fresh.
 */
export function useProject(projectId: number) {
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const valid = Number.isSafeInteger(projectId) && projectId > 0;
  return useQuery({
    ...getProjectQueryOptions(projectId, language),
    enabled: valid,
    ...(valid ? inPageQueryData(apiAddress(projectPath(projectId), { lang: language }), (answer: { project: Project }) => answer.project) : {}),
  });
}

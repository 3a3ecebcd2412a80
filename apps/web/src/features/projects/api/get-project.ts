import type { Project } from '@orchard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { landingReadOf } from '@orchard/shared/spa-paths';
import { inPageAnswerFreshMs, inPageAnswerOf } from '../../../lib/early-reads.ts';
import { apiRequest } from '../../../lib/http.ts';
import { paths } from '../../../lib/paths.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { projectsQueryKeys, shouldRetryProjectQuery } from './query-keys.ts';

export function getProject(projectId: number, language: string, signal?: AbortSignal): Promise<Project> {
  return apiRequest<{ project: Project }>(`/projects/${encodeURIComponent(String(projectId))}`, { query: { lang: language }, signal }).then((answer) => answer.project);
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
  const inPage = valid ? inPageAnswerOf<{ project: Project }>(landingReadOf(paths.project(projectId), language)) : undefined;
  return useQuery({
    ...getProjectQueryOptions(projectId, language),
    enabled: valid,
    ...(inPage
      ? { initialData: inPage.answer.project, initialDataUpdatedAt: inPage.receivedAt, staleTime: Math.max(0, inPage.receivedAt + inPageAnswerFreshMs - Date.now()) }
      : {}),
  });
}

import type { Project, ProjectProof } from '@orchard/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './http.ts';
import { projectsQueryKeys, shouldRetryProjectQuery } from './projects-query-keys.ts';
import { useLanguageAndCurrencyStore } from './stores/language-and-currency.ts';

/** Statuses whose project has an ad to prove: its proof shows from the ad start on. */
const statusesWithProof = new Set<Project['status']>(['running', 'awarded']);

export function projectHasProof(status: Project['status']): boolean {
  return statusesWithProof.has(status);
}

/**
 * A created project's proof (shared by the project page and the operator console) (docs/product.md#execution): each
 * booked medium's standing and the chain's check.
 */
export function useProjectProof(projectId: number, options: { enabled?: boolean } = {}) {
  const language = useLanguageAndCurrencyStore((state) => state.language);
  return useQuery({
    queryKey: projectsQueryKeys.proof(projectId, language),
    queryFn: ({ signal }) => apiRequest<ProjectProof>(`/projects/${encodeURIComponent(String(projectId))}/proof`, { query: { lang: language }, signal }),
    retry: shouldRetryProjectQuery,
    enabled: options.enabled ?? true,
  });
}

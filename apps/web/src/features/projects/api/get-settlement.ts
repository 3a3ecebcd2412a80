import type { ProjectSettlement } from '@orchard/shared';
import { useQuery } from '@tanstack/react-query';
import { apiBase, apiRequest } from '../../../lib/http.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { projectsQueryKeys, shouldRetryProjectQuery } from './query-keys.ts';

const settlementPath = (projectId: number) => `/projects/${encodeURIComponent(String(projectId))}/settlement`;

/** A closed project's settlement, computed by the API from the ledger (docs/product.md#funding-close). */
export function useProjectSettlement(projectId: number, options: { enabled?: boolean } = {}) {
  const language = useLanguageAndCurrencyStore((state) => state.language);
  return useQuery({
    queryKey: projectsQueryKeys.settlement(projectId, language),
    queryFn: ({ signal }) => apiRequest<ProjectSettlement>(settlementPath(projectId), { query: { lang: language }, signal }),
    retry: shouldRetryProjectQuery,
    enabled: options.enabled ?? true,
  });
}

/** The same settlement as a CSV download, its media named in `language`. */
export function settlementCsvUrl(projectId: number, language: string): string {
  return `${apiBase}${settlementPath(projectId)}?${new URLSearchParams({ format: 'csv', lang: language })}`;
}

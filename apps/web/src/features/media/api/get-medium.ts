import type { MediumDetail } from '@orchard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { ApiError, apiRequest } from '../../../lib/http.ts';
import { shouldRetryQuery } from '../../../lib/query-client.ts';
import { catalogueStaleTimeMs, mediaQueryKeys } from './query-keys.ts';

export function getMedium(mediaId: number, language: string, signal?: AbortSignal): Promise<MediumDetail> {
  return apiRequest<MediumDetail>(`/media/${encodeURIComponent(String(mediaId))}`, { query: { lang: language }, signal });
}

export function getMediumQueryOptions(mediaId: number, language: string) {
  return queryOptions({
    queryKey: mediaQueryKeys.detail(mediaId, language),
    queryFn: ({ signal }) => getMedium(mediaId, language, signal),
    staleTime: catalogueStaleTimeMs,
    // An unknown medium (404) stays unknown.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && shouldRetryQuery(failureCount, error),
  });
}

export function useMedium(mediaId: number) {
  const language = useLanguageAndCurrencyStore((state) => state.language);
  return useQuery({ ...getMediumQueryOptions(mediaId, language), enabled: Number.isSafeInteger(mediaId) && mediaId > 0 });
}

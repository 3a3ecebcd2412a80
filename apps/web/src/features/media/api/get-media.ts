import type { Medium } from '@orchard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { apiRequest } from '../../../lib/http.ts';
import { catalogueStaleTimeMs, mediaQueryKeys } from './query-keys.ts';

export type MediaPage = { items: Medium[]; nextCursor: string | null };
export type MediaFilter = { packageId?: string; ids?: readonly number[] };

/** The largest page the API gives: a request's choice and a project's media both fit in one. */
const mediaPageLimit = 100;

export function getMedia(filter: MediaFilter, language: string, signal?: AbortSignal): Promise<MediaPage> {
  return apiRequest<MediaPage>('/media', {
    query: { packageId: filter.packageId, ids: filter.ids?.join(','), limit: mediaPageLimit, lang: language },
    signal,
  });
}

export function getMediaQueryOptions(filter: MediaFilter, language: string) {
  return queryOptions({
    queryKey: mediaQueryKeys.list({ ...filter, language }),
    queryFn: ({ signal }) => getMedia(filter, language, signal),
    staleTime: catalogueStaleTimeMs,
  });
}

/** Media a package may include (or the ones listed by id), named in the interface language. */
export function useMedia(filter: MediaFilter, options: { enabled?: boolean } = {}) {
  const language = useLanguageAndCurrencyStore((state) => state.language);
  return useQuery({ ...getMediaQueryOptions(filter, language), enabled: options.enabled ?? true });
}

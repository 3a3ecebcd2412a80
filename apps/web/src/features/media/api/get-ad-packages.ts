import type { AdPackage } from '@orchard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { apiRequest } from '../../../lib/http.ts';
import { catalogueStaleTimeMs, mediaQueryKeys } from './query-keys.ts';

export function getAdPackages(language: string, signal?: AbortSignal): Promise<AdPackage[]> {
  return apiRequest<{ items: AdPackage[] }>('/ad-packages', { query: { lang: language }, signal }).then((answer) => answer.items);
}

export function getAdPackagesQueryOptions(language: string) {
  return queryOptions({ queryKey: mediaQueryKeys.packages(language), queryFn: ({ signal }) => getAdPackages(language, signal), staleTime: catalogueStaleTimeMs });
}

/** Basic, premium and prestige: their ad period and the media categories each may include. */
export function useAdPackages() {
  const language = useLanguageAndCurrencyStore((state) => state.language);
  return useQuery(getAdPackagesQueryOptions(language));
}

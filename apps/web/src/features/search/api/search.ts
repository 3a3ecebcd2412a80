import type { SearchResult } from '@orchard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { searchQueryKeys } from './query-keys.ts';

export function getSearchResults(text: string, language: string, signal?: AbortSignal): Promise<SearchResult> {
  return apiRequest<SearchResult>('/search', { query: { q: text, lang: language }, signal });
}

export function getSearchQueryOptions(text: string, language: string) {
  return queryOptions({ queryKey: searchQueryKeys.results(text, language), queryFn: ({ signal }) => getSearchResults(text, language, signal) });
}

/**
 * Artists and projects matching `text` (already trimmed); nothing is asked for an empty text. While
 * the next text is on its way the previous results stay, so the list does not blink at each pause.
 */
export function useSearch(text: string) {
  const language = useLanguageAndCurrencyStore((state) => state.language);
  return useQuery({ ...getSearchQueryOptions(text, language), enabled: text !== '', placeholderData: keepPreviousData });
}

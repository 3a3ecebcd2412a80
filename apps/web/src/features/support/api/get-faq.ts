import type { FaqResponse, Language } from '@orchard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { supportQueryKeys } from './query-keys.ts';

export function faqQueryOptions(language: Language) {
  return queryOptions({
    queryKey: supportQueryKeys.faq(language),
    queryFn: ({ signal }) => apiRequest<FaqResponse>('/faq', { query: { lang: language }, signal }),
  });
}

export const useFaq = (language: Language) => useQuery(faqQueryOptions(language));

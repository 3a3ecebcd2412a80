import type { OperatorFaqEntry } from '@orchard/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { supportQueryKeys } from './query-keys.ts';

export const useOperatorFaq = () =>
  useQuery({ queryKey: supportQueryKeys.operatorFaq, queryFn: ({ signal }) => apiRequest<{ items: OperatorFaqEntry[] }>('/operator/faq', { signal }) });

import type { OperatorFaqEntry } from '@orchard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { supportQueryKeys } from './query-keys.ts';

export function useUpdateFaqEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, question, answer }: Pick<OperatorFaqEntry, 'id' | 'question' | 'answer'>) =>
      apiRequest<{ entry: OperatorFaqEntry }>(`/operator/faq/${encodeURIComponent(String(id))}`, { method: 'PUT', body: { question, answer } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportQueryKeys.all }),
  });
}

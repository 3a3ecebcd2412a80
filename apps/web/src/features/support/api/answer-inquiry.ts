import type { OperatorInquiry } from '@orchard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { supportQueryKeys } from './query-keys.ts';

export function useAnswerInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ inquiryId, answer }: { inquiryId: number; answer: string }) =>
      apiRequest<{ inquiry: OperatorInquiry }>(`/operator/inquiries/${encodeURIComponent(String(inquiryId))}/answer`, { method: 'POST', body: { answer } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportQueryKeys.all }),
  });
}

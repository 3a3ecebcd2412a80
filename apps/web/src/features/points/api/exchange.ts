import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { pointsQueryKeys } from './query-keys.ts';
import { shouldRetryPointsWrite } from './retry.ts';

export type ExchangeResult = { orange: number; berry: number; spendTransactionId: string; exchangeTransactionId: string };
export type ExchangeInput = { orange: number; idempotencyKey: string };

/** Orange → Berry at 1 : 13, irreversible (docs/product.md#exchange). */
export function exchangeOrange({ orange, idempotencyKey }: ExchangeInput): Promise<ExchangeResult> {
  return apiRequest<ExchangeResult>('/points/exchange', { method: 'POST', body: { orange }, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exchangeOrange,
    retry: shouldRetryPointsWrite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pointsQueryKeys.all }),
  });
}

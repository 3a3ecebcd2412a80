import type { Charge } from '@orchard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { pointsQueryKeys } from './query-keys.ts';
import { shouldRetryPointsWrite } from './retry.ts';

export type RefundInput = { chargeId: string; idempotencyKey: string };

/** A whole charge back through the gateway (7 × 24 h, neither lot touched). */
export function refundCharge({ chargeId, idempotencyKey }: RefundInput): Promise<Charge> {
  return apiRequest<Charge>(`/points/charges/${encodeURIComponent(chargeId)}/refund`, {
    method: 'POST',
    body: {},
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useRefundCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundCharge,
    retry: shouldRetryPointsWrite,
    onSuccess: (charge) => queryClient.setQueryData(pointsQueryKeys.charge(charge.id), charge),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pointsQueryKeys.all }),
  });
}

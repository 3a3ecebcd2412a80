import type { GuardianRefundBody, GuardianRefundPreview, GuardianRefundResponse, OperatorCharge } from '@orchard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shouldRetryKeyedWrite, useActionKey } from '../../../lib/action-key.ts';
import { apiRequest } from '../../../lib/http.ts';
import { operatorQueryKeys } from './query-keys.ts';

const refundPath = (chargeId: string) => `/operator/charges/${encodeURIComponent(chargeId)}/guardian-refund`;

/** Charges found by a fan's nickname, an order id or a charge id (docs/product.md#guardian-cancellation). */
export function useChargeSearch(query: string) {
  return useQuery({
    queryKey: operatorQueryKeys.chargeSearch(query),
    queryFn: ({ signal }) => apiRequest<{ items: OperatorCharge[] }>('/operator/charges', { query: { q: query }, signal }).then((answer) => answer.items),
    enabled: query.length > 0,
  });
}

/** What a guardian's cancellation of the charge would refund now, and what was spent where. */
export function useGuardianRefundPreview(chargeId: string) {
  return useQuery({
    queryKey: operatorQueryKeys.guardianRefund(chargeId),
    queryFn: ({ signal }) => apiRequest<GuardianRefundPreview>(refundPath(chargeId), { signal }),
    // Read when opened: the fan may have spent meanwhile.
    staleTime: 0,
  });
}

/** Refunds the unspent part; one Idempotency-Key per confirmed action, kept for a retry after a lost answer. */
export function useGuardianRefund(chargeId: string) {
  const queryClient = useQueryClient();
  const { keyFor, settle } = useActionKey();
  return useMutation({
    mutationFn: (body: GuardianRefundBody) =>
      apiRequest<GuardianRefundResponse>(refundPath(chargeId), {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': keyFor(`${chargeId}:${JSON.stringify(body)}`) },
      }),
    retry: shouldRetryKeyedWrite,
    onSettled: (_data, error) => {
      settle(error ?? null);
      void queryClient.invalidateQueries({ queryKey: operatorQueryKeys.all });
    },
  });
}

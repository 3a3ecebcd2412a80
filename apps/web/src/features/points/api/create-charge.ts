import type { Charge, CreateChargeBody } from '@orchard/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { shouldRetryPointsWrite } from './retry.ts';

export type CreatedCharge = { charge: Charge; checkoutUrl: string };
export type CreateChargeInput = CreateChargeBody & { idempotencyKey: string };

/** A pending charge and the gateway's checkout page; nothing is credited until the gateway confirms. */
export function createCharge({ idempotencyKey, ...body }: CreateChargeInput): Promise<CreatedCharge> {
  return apiRequest<CreatedCharge>('/points/charges', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateCharge() {
  // Retried like every points write: the key makes a retry answer the first charge, never open a second.
  return useMutation({ mutationFn: createCharge, retry: shouldRetryPointsWrite });
}

import type { Charge, CreateChargeBody } from '@orchard/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';

export type CreatedCharge = { charge: Charge; checkoutUrl: string };

/** A pending charge and the gateway's checkout page; nothing is credited until the gateway confirms. */
export function createCharge(body: CreateChargeBody): Promise<CreatedCharge> {
  return apiRequest<CreatedCharge>('/points/charges', { method: 'POST', body });
}

export function useCreateCharge() {
  // Not retried: a retry would open a second pending charge; the user simply taps again.
  return useMutation({ mutationFn: createCharge, retry: false });
}

import type { Receipt, ReceiptResponse } from '@orchard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/http.ts';
import { shouldRetryQuery } from '../../../lib/query-client.ts';
import { pointsQueryKeys } from './query-keys.ts';

export async function getReceipt(chargeId: string, signal?: AbortSignal): Promise<Receipt> {
  return (await apiRequest<ReceiptResponse>(`/points/charges/${encodeURIComponent(chargeId)}/receipt`, { signal })).receipt;
}

/** A charge's receipt (docs/decisions/105-receipts-and-vat.md); a 404 or 409 (no receipt yet) is not asked again. */
export function useReceipt(chargeId: string) {
  return useQuery(
    queryOptions({
      queryKey: pointsQueryKeys.receipt(chargeId),
      queryFn: ({ signal }) => getReceipt(chargeId, signal),
      retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && shouldRetryQuery(failureCount, error),
    }),
  );
}

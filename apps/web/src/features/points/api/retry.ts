import { ApiError, isOfflineFailure } from '../../../lib/http.ts';
import { mutationRetryLimit } from '../../../lib/query-client.ts';

/**
 * A write that moves points is retried only when it may not have arrived (no answer, a time-out,
 * a 5xx); a refusal such as `points.insufficient` is final and shown at once
 * (docs/product.md#retries).
 */
export function shouldRetryPointsWrite(failureCount: number, error: unknown): boolean {
  // Never sent (offline): the fan is told at once and tries again themselves (decision 063).
  if (!(error instanceof ApiError) || isOfflineFailure(error)) return false;
  const mayNotHaveArrived = error.status === 0 || error.status >= 500;
  return mayNotHaveArrived && failureCount < mutationRetryLimit;
}

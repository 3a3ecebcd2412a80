import type { PointCurrency } from '@orchard/shared';
import { ApiError } from '../../../lib/http.ts';
import { mutationRetryLimit } from '../../../lib/query-client.ts';

/** Every points query lives under `['points']`, so a write that moves points can refresh them all. */
export const pointsQueryKeys = {
  all: ['points'] as const,
  balances: ['points', 'balances'] as const,
  packages: ['points', 'packages'] as const,
  charge: (chargeId: string) => ['points', 'charges', chargeId] as const,
  history: (currency: PointCurrency, tab: string) => ['points', 'history', currency, tab] as const,
};

/**
 * One key per user action (ARCHITECTURE §3): made when the user confirms, and reused by every
 * retry of that action, so a retried write is applied at most once.
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * A write that moves points is retried only when it may not have arrived (no answer, a time-out,
 * a 5xx); a refusal such as `points.insufficient` is final and shown at once.
 */
export function shouldRetryPointsWrite(failureCount: number, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const mayNotHaveArrived = error.status === 0 || error.status >= 500;
  return mayNotHaveArrived && failureCount < mutationRetryLimit;
}

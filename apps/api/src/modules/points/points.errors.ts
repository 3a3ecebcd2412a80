import { exchangeFailedMessage } from '@orchard/shared';
import { badRequest, conflict, notFound, unprocessable, type AppError } from '../../lib/errors.ts';
import type { StoredRefusal } from './ledger.repository.ts';

/** docs/product.md#exchange: not enough points asks the user to recharge; the exchange screen has its own words. */
export const insufficientPoints = (purpose: 'spend' | 'exchange', available: number) =>
  unprocessable(
    'points.insufficient',
    purpose === 'exchange' ? exchangeFailedMessage : 'You do not have enough points. Please charge and try again.',
    { available },
  );

/** docs/architecture.md#idempotency: the same Idempotency-Key with another request. */
export const idempotencyKeyReused = () =>
  conflict('idempotency.key_reused', 'This Idempotency-Key was already used for a different request.');

export const transactionNotFound = () => notFound('points.transaction_not_found', 'There is no such history entry.');

export const escrowCurrencyMismatch = () => badRequest('validation.invalid', 'The escrow account does not take this currency.');

/**
 * An exchange refused before, thrown again for its replay. The exchange statement hands back the
 * refusal's code and details only (never an HTTP answer); an exchange is refused for one reason.
 */
export function exchangeRefusedBefore(refusal: StoredRefusal): AppError {
  if (refusal.code === 'points.insufficient') {
    const available = (refusal.details as { available?: unknown } | undefined)?.available;
    return insufficientPoints('exchange', typeof available === 'number' ? available : 0);
  }
  // A refusal of another kind under this key came from another request.
  return idempotencyKeyReused();
}

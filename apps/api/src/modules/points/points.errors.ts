import { exchangeFailedMessage } from '@orchard/shared';
import { badRequest, notFound, unprocessable } from '../../lib/errors.ts';

/** docs/product.md#exchange: not enough points asks the user to recharge; the exchange screen has its own words. */
export const insufficientPoints = (purpose: 'spend' | 'exchange', available: number) =>
  unprocessable(
    'points.insufficient',
    purpose === 'exchange' ? exchangeFailedMessage : 'You do not have enough points. Please charge and try again.',
    { available },
  );

export const transactionNotFound = () => notFound('points.transaction_not_found', 'There is no such history entry.');

export const escrowCurrencyMismatch = () => badRequest('validation.invalid', 'The escrow account does not take this currency.');

import { exchangeFailedMessage } from '@orchard/shared';
import { conflict, notFound, unprocessable } from '../../lib/errors.ts';

/** spec §8: not enough points asks the user to recharge; the exchange screen has its own words. */
export const insufficientPoints = (purpose: 'spend' | 'exchange', available: number) =>
  unprocessable(
    'points.insufficient',
    purpose === 'exchange' ? exchangeFailedMessage : 'You do not have enough points. Please charge and try again.',
    { available },
  );

/** ARCHITECTURE §3: the same Idempotency-Key with another request. */
export const idempotencyKeyReused = () =>
  conflict('idempotency.key_reused', 'This Idempotency-Key was already used for a different request.');

export const chargeNotFound = () => notFound('points.charge_not_found', 'There is no such charge.');
export const transactionNotFound = () => notFound('points.transaction_not_found', 'There is no such history entry.');

/** decisions: Points — refunds: a whole charge, within 7 × 24 h, neither lot touched. */
export const refundRefusals = {
  window_passed: () => unprocessable('points.refund_window_passed', 'A charge can only be refunded within 7 days of payment.'),
  points_used: () =>
    unprocessable('points.refund_points_used', 'Points from this charge (or its bonus) have been used, so it cannot be refunded.'),
  already_refunded: () => conflict('points.refund_already_refunded', 'This charge has already been refunded.'),
  not_paid: () => conflict('points.refund_not_paid', 'Only a completed payment can be refunded.'),
};

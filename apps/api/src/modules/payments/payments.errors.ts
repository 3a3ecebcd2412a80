import { AppError, conflict, notFound, unprocessable } from '../../lib/errors.ts';

export const chargeNotFound = () => notFound('points.charge_not_found', 'There is no such charge.');

/** docs/decisions/105-receipts-and-vat.md: a receipt is of money taken, so only a confirmed or refunded charge has one. */
export const noReceipt = () => conflict('points.no_receipt', 'A receipt exists only for a completed charge.');

export const packageUnknown = () => unprocessable('points.package_unknown', 'There is no such charge package.');

export const gatewayUnreachable = () => new AppError(502, 'payments.gateway_error', 'The payment service could not be reached. Please try again.');

/** The gateway refused the cancellation; the points went back to the charge's lots. */
export const refundFailed = (code: PaymentFailureCode) =>
  new AppError(422, 'points.refund_failed', 'The payment could not be cancelled. Please contact support.', { code });

/** docs/product.md#refunds: a whole charge, within 7 × 24 h, neither lot touched. */
export const refundRefusals = {
  window_passed: () => unprocessable('points.refund_window_passed', 'A charge can only be refunded within 7 days of payment.'),
  points_used: () =>
    unprocessable('points.refund_points_used', 'Points from this charge (or its bonus) have been used, so it cannot be refunded.'),
  already_refunded: () => conflict('points.refund_already_refunded', 'This charge has already been refunded.'),
  not_paid: () => conflict('points.refund_not_paid', 'Only a completed payment can be refunded.'),
};

/**
 * Why a charge failed, as the app stores and shows it: a closed list of codes the web translates
 * (docs/product.md#payments). A gateway's own wording is never stored or shown (anyone holding an
 * order id could once put text on the owner's screen through the failure return): a gateway code
 * outside this list becomes PAYMENT_FAILED.
 */
export const paymentFailures = {
  // The gateways' decline codes (Toss Payments' names; the sandbox offers the same).
  REJECT_CARD_PAYMENT: 'Insufficient funds on the card.',
  EXCEED_MAX_AMOUNT: 'The card limit has been exceeded.',
  REJECT_CARD_COMPANY: 'The card company declined the payment.',
  INVALID_CARD_LOST_OR_STOLEN: 'The card has been reported lost or stolen.',
  PAY_PROCESS_CANCELED: 'The payment was cancelled by the customer.',
  // The app's own.
  AMOUNT_MISMATCH: 'The paid amount does not match the charge.',
  ACCOUNT_DELETED: 'The account was deleted before the payment completed, so it was cancelled.',
  REFUND_FAILED: 'The payment service did not cancel the payment.',
  PAYMENT_FAILED: 'The payment was not completed.',
} as const;
export type PaymentFailureCode = keyof typeof paymentFailures;

/** A gateway's failure code as one of ours. */
export function knownFailure(code: string | undefined, otherwise: PaymentFailureCode = 'PAYMENT_FAILED'): PaymentFailureCode {
  return code !== undefined && Object.hasOwn(paymentFailures, code) ? (code as PaymentFailureCode) : otherwise;
}

/** docs/product.md#guardian-cancellation: why a guardian's cancellation of a charge cannot be done. */
export const guardianRefundRefusals = {
  not_paid: () => conflict('payments.guardian_refund_not_paid', 'Only a completed payment can be cancelled by a guardian.'),
  already_refunded: () => conflict('payments.guardian_refund_already_refunded', 'This charge has already been refunded in full.'),
  in_progress: () => conflict('payments.guardian_refund_in_progress', 'A guardian refund of this charge is still waiting for the payment service.'),
  nothing_left: () => unprocessable('payments.guardian_refund_nothing_left', 'Nothing of this charge is left unspent to refund.'),
};
export type GuardianRefundRefusal = keyof typeof guardianRefundRefusals;

/** The gateway refused the partial cancellation; the points went back to the charge's lots. */
export const guardianRefundFailed = (code: PaymentFailureCode) =>
  new AppError(422, 'payments.guardian_refund_failed', 'The payment service did not cancel the payment. The points are back in the account.', { code });

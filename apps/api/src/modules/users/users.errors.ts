import type { ErrorCode } from '@orchard/shared';
import { badRequest, conflict, unprocessable } from '../../lib/errors.ts';

/** Word for word what the web shows (docs/product.md#nicknames). */
export const nicknameTakenMessage = 'This nickname is already in use. Please use a different nickname.';

export const nicknameTaken = () => conflict('users.nickname_taken', nicknameTakenMessage);
export const nicknameInvalid = (problem: string) => unprocessable('users.nickname_invalid', 'This nickname cannot be used.', { problem });
export const deletionUnconfirmed = () =>
  badRequest('users.deletion_unconfirmed', 'Confirm that your remaining points will be forfeited.');

const deletionRefusalMessages: Partial<Record<ErrorCode, string>> = {
  'users.deletion_blocked': 'You cannot delete your account while a project you created is still funding.',
  'users.deletion_payment_open': 'You cannot delete your account while a payment or refund is in progress. Please try again once it has finished.',
};

/** A guard refused the deletion with this code (docs/product.md#account-deletion). */
export const deletionRefused = (code: ErrorCode) =>
  conflict(code, deletionRefusalMessages[code] ?? 'This account cannot be deleted right now.');

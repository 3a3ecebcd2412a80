import type { ErrorCode } from '@orchard/shared';

/** A refusal the client can act on: a status, a code from the shared catalogue, a message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/**
 * The status an AppError of each code answers with (docs/architecture.md#errors), one per code.
 * A refusal stored under an Idempotency-Key keeps its code and details, never its status, and its
 * replay answers with the status found here (docs/architecture.md#idempotency). The builders below
 * and every module's `*.errors.ts` agree with it (errors.test.ts reads them). Codes that only name
 * a sign-in failure in a redirect are never an answer; they are listed as the 400 they would be.
 */
export const errorStatuses: Record<ErrorCode, number> = {
  'validation.invalid': 400,
  'request.malformed_json': 400,
  'request.unsupported_media_type': 415,
  // A body too large; an address too long answers 414 under the same code (never stored).
  'request.too_large': 413,
  'request.forbidden_origin': 403,
  not_found: 404,
  method_not_allowed: 405,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  'auth.unauthenticated': 401,
  'auth.join_required': 403,
  'auth.forbidden': 403,
  'auth.provider_unknown': 404,
  'auth.provider_disabled': 404,
  'auth.invalid_state': 400,
  'auth.provider_error': 400,
  'auth.x_already_registered': 400,
  'auth.x_already_linked': 409,
  'auth.sign_in_cancelled': 400,
  'auth.already_joined': 409,
  'join.terms_required': 422,
  'join.terms_missing': 409,
  'artists.not_found': 404,
  'artists.following_required': 422,
  'users.nickname_invalid': 422,
  'users.nickname_taken': 409,
  'users.country_invalid': 422,
  'users.last_identity': 422,
  'users.x_not_linked': 404,
  'users.deletion_blocked': 409,
  'users.deletion_payment_open': 409,
  'users.deletion_unconfirmed': 400,
  'uploads.missing_file': 400,
  'uploads.too_large': 413,
  'uploads.too_many_files': 413,
  'uploads.unsupported_type': 415,
  'uploads.invalid_image': 422,
  'uploads.empty_file': 422,
  'uploads.dimensions_too_large': 422,
  'payments.gateway_unknown': 404,
  'payments.webhook_unsigned': 401,
  'payments.webhook_signature_invalid': 401,
  'payments.webhook_stale': 400,
  'payments.webhook_malformed': 400,
  'sandbox.checkout_not_found': 404,
  'sandbox.checkout_closed': 409,
  'points.insufficient': 422,
  'points.package_unknown': 422,
  'points.charge_not_found': 404,
  'points.transaction_not_found': 404,
  'points.refund_window_passed': 422,
  'points.refund_points_used': 422,
  'points.refund_already_refunded': 409,
  'points.refund_not_paid': 409,
  'points.refund_failed': 422,
  'points.cursor_invalid': 400,
  'points.no_receipt': 409,
  'payments.gateway_error': 502,
  'payments.guardian_refund_not_paid': 409,
  'payments.guardian_refund_already_refunded': 409,
  'payments.guardian_refund_nothing_left': 422,
  'payments.guardian_refund_in_progress': 409,
  'payments.guardian_refund_failed': 422,
  'idempotency.key_required': 400,
  'idempotency.key_reused': 409,
  'projects.not_found': 404,
  'projects.artist_unknown': 422,
  'projects.package_unknown': 422,
  'projects.ad_start_too_soon': 422,
  'projects.funding_start_invalid': 422,
  'projects.media_required': 422,
  'projects.too_many_media': 422,
  'projects.media_duplicate': 422,
  'projects.media_unknown': 422,
  'projects.medium_not_in_package': 422,
  'projects.duration_missing': 422,
  'projects.duration_not_allowed': 422,
  'projects.not_requested': 409,
  'projects.not_approved': 409,
  'projects.creation_deadline_passed': 422,
  'projects.funding_ended': 422,
  'projects.thumbnail_required': 422,
  'projects.thumbnail_closed': 409,
  'projects.minimum_unit_invalid': 422,
  'projects.deposit_too_low': 422,
  'projects.deposit_too_high': 422,
  'projects.deposit_not_unit_multiple': 422,
  'projects.cursor_invalid': 400,
  'projects.not_funding': 409,
  'projects.hidden': 409,
  'projects.below_minimum_unit': 422,
  'projects.not_unit_multiple': 422,
  'projects.over_user_limit': 422,
  'projects.not_cancellable': 409,
  'projects.not_running': 409,
  'projects.not_closed': 409,
  'proofs.captured_outside_booking': 422,
  'proofs.medium_not_booked': 422,
  'proofs.captured_at_required': 422,
  'proofs.video_not_allowed': 422,
  'proofs.not_found': 404,
  'proofs.already_withdrawn': 409,
  'media.not_found': 404,
  'notifications.not_found': 404,
  'comments.not_found': 404,
  'comments.cursor_invalid': 400,
  'reports.already_reported': 409,
  'reports.target_not_found': 404,
  'reports.not_found': 404,
  'reports.cursor_invalid': 400,
  'posts.not_found': 404,
  'posts.not_author': 403,
  'posts.hidden': 409,
  'posts.cursor_invalid': 400,
  'films.not_found': 404,
  'films.hidden': 409,
  'films.not_author': 403,
  'films.project_not_joined': 422,
  'films.video_invalid': 422,
  'films.cursor_invalid': 400,
  'inquiries.too_many_images': 413,
  'inquiries.image_too_large': 413,
  'inquiries.invalid_email': 400,
  'inquiries.invalid': 400,
  'inquiries.not_found': 404,
  'inquiries.image_not_found': 404,
  'inquiries.project_not_found': 404,
  'inquiries.transaction_not_found': 404,
  'inquiries.already_answered': 409,
  'inquiries.cursor_invalid': 400,
  'faq.not_found': 404,
};

/** A refusal rebuilt from its code, message and details: what a replay under an Idempotency-Key throws again. */
export const refusalOf = (refusal: { code: ErrorCode; message: string; details?: unknown }) =>
  new AppError(errorStatuses[refusal.code], refusal.code, refusal.message, refusal.details);

export const badRequest = (code: ErrorCode, message: string, details?: unknown) => new AppError(400, code, message, details);
export const unauthenticated = () => new AppError(401, 'auth.unauthenticated', 'Sign in to continue.');
export const forbidden = (code: ErrorCode, message: string) => new AppError(403, code, message);
export const notFound = (code: ErrorCode, message: string) => new AppError(404, code, message);
export const conflict = (code: ErrorCode, message: string, details?: unknown) => new AppError(409, code, message, details);
export const unprocessable = (code: ErrorCode, message: string, details?: unknown) =>
  new AppError(422, code, message, details);

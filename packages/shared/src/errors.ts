import { z } from 'zod';

/**
 * Every error code the API can answer with. The web app maps each to a translated message
 * (ARCHITECTURE §3); a code is `module.reason_snake`.
 */
export const errorCodes = [
  'validation.invalid',
  'request.malformed_json',
  'request.unsupported_media_type',
  'request.too_large',
  'request.forbidden_origin',
  'not_found',
  'method_not_allowed',
  'rate_limited',
  'internal',
  'unavailable',
  'auth.unauthenticated',
  'auth.join_required',
  'auth.forbidden',
  'auth.provider_unknown',
  'auth.provider_disabled',
  'auth.invalid_state',
  'auth.provider_error',
  'auth.x_already_registered',
  'auth.x_already_linked',
  'auth.sign_in_cancelled',
  'auth.already_joined',
  'join.terms_required',
  'join.terms_missing',
  'artists.not_found',
  'artists.following_required',
  'users.nickname_invalid',
  'users.nickname_taken',
  'users.country_invalid',
  'users.last_identity',
  'users.x_not_linked',
  'users.deletion_blocked',
  'users.deletion_unconfirmed',
  'uploads.missing_file',
  'uploads.too_large',
  'uploads.too_many_files',
  'uploads.unsupported_type',
  'uploads.invalid_image',
  'uploads.empty_file',
  'uploads.dimensions_too_large',
  'payments.gateway_unknown',
  'payments.webhook_unsigned',
  'payments.webhook_signature_invalid',
  'payments.webhook_stale',
  'payments.webhook_malformed',
  'sandbox.checkout_not_found',
  'sandbox.checkout_closed',
  'points.insufficient',
  'points.package_unknown',
  'points.charge_not_found',
  'points.transaction_not_found',
  'points.refund_window_passed',
  'points.refund_points_used',
  'points.refund_already_refunded',
  'points.refund_not_paid',
  'points.refund_failed',
  'points.cursor_invalid',
  'payments.gateway_error',
  'idempotency.key_required',
  'idempotency.key_reused',
  // projects (docs/product.md#projects)
  'projects.not_found',
  'projects.artist_unknown',
  'projects.package_unknown',
  'projects.ad_start_too_soon',
  'projects.funding_start_invalid',
  'projects.media_required',
  'projects.too_many_media',
  'projects.media_duplicate',
  'projects.media_unknown',
  'projects.medium_not_in_package',
  'projects.duration_missing',
  'projects.duration_not_allowed',
  'projects.not_requested',
  'projects.not_approved',
  'projects.creation_deadline_passed',
  'projects.thumbnail_required',
  'projects.minimum_unit_invalid',
  'projects.deposit_too_low',
  'projects.cursor_invalid',
  // media and notifications (docs/product.md#media, docs/product.md#notifications)
  'media.not_found',
  'notifications.not_found',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const errorCodeSchema = z.enum(errorCodes);

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});

export type ErrorResponse = z.infer<typeof errorResponseSchema>;

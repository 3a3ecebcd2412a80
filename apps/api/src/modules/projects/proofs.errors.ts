import { AppError, notFound, unprocessable } from '../../lib/errors.ts';

/** docs/product.md#execution */
export const mediumNotBooked = (mediaId: number) => unprocessable('proofs.medium_not_booked', 'This project did not book that medium.', { mediaId });
export const capturedOutsideBooking = (capturedAt: Date, from: Date, to: Date) =>
  unprocessable('proofs.captured_outside_booking', "The capture time is outside the medium's booked period.", {
    capturedAt: capturedAt.toISOString(),
    from: from.toISOString(),
    to: to.toISOString(),
  });
export const capturedAtRequired = () =>
  unprocessable('proofs.captured_at_required', 'The file carries no capture time: send capturedAt (ISO 8601 with an offset).', { field: 'capturedAt' });
export const videoNotAllowed = (mediaId: number) => unprocessable('proofs.video_not_allowed', 'A video proof is only for a digital screen (an MP4 medium).', { mediaId });
export const proofVideoInvalid = (reason: string) => unprocessable('films.video_invalid', 'The file is not a playable MP4 video.', { reason });
export const proofNotFound = () => notFound('proofs.not_found', 'There is no such proof.');
export const alreadyWithdrawn = () => new AppError(409, 'proofs.already_withdrawn', 'This proof was already withdrawn.');

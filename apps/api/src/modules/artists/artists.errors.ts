import { notFound, unprocessable } from '../../lib/errors.ts';

/** Word for word what the web shows (docs/product.md#accounts). */
export const followingRequiredMessage = 'At least 1 following artist is required.';

export const followingRequired = () => unprocessable('artists.following_required', followingRequiredMessage);
export const artistNotFound = () => notFound('artists.not_found', 'There is no such artist.');

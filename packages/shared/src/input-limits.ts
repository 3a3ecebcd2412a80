/**
 * Limits of what a user types or uploads, free of zod so the web imports them at run time
 * (`@orchard/shared/input-limits`) and checks input before sending it, with the same numbers the
 * API's schemas enforce.
 */

/** A nickname is 2–16 characters (counted as code points after NFC). */
export const nicknameMinLength = 2;
export const nicknameMaxLength = 16;

/** The largest profile picture accepted, before re-encoding. */
export const profilePictureMaxBytes = 10 * 1024 * 1024;

/** The picture types accepted; the API sniffs the bytes, the browser checks the declared type first. */
export const profilePictureTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** The longest artist search text. */
export const artistSearchMaxLength = 100;

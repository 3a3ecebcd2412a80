import { z } from 'zod';
import { nicknameMaxLength, nicknameMinLength } from './input-limits.ts';

// docs/product.md#nicknames: 2–16 characters, letters of any script, digits, `_` and `.`;
// unique by nicknameKey() (`@orchard/shared/nickname-key`, server side only: it carries Unicode's
// confusables table, which the web app has no use for).
export { nicknameMaxLength, nicknameMinLength };
// Combining marks are letters' parts in many scripts (Devanagari, Thai vowel signs), so they may
// follow a letter; a mark with no letter before it (a lone accent, Zalgo at the start) may not.
const nicknamePattern = /^(?:\p{L}\p{M}*|[\p{Nd}_.])+$/u;

export type NicknameProblem = 'too_short' | 'too_long' | 'invalid_characters';

/** NFC so that a Hangul name typed as jamo and as syllables is one nickname. */
export function normalizeNickname(raw: string): string {
  return raw.normalize('NFC');
}

export function nicknameProblem(raw: string): NicknameProblem | null {
  const nickname = normalizeNickname(raw);
  const length = [...nickname].length;
  if (length < nicknameMinLength) return 'too_short';
  if (length > nicknameMaxLength) return 'too_long';
  if (!nicknamePattern.test(nickname)) return 'invalid_characters';
  return null;
}

/**
 * Accepts any string of sane size; the rules are checked by the service so the answer carries a
 * code (control characters are `invalid_characters` there, so none reaches the database).
 */
export const nicknameInputSchema = z.string().max(200);

import { z } from 'zod';

/** Control characters (C0 with NUL, DEL, C1) and lone surrogate halves. */
const unsafeCharacter = /[\p{Cc}\p{Cs}]/u;

/** True when `text` holds nothing PostgreSQL refuses (NUL) or a log or header could be bent by. */
export function isSafeText(text: string): boolean {
  return !unsafeCharacter.test(text);
}

/**
 * A string that may reach the database, a log line or a header: at most `max` characters and no
 * control characters (PostgreSQL text cannot hold NUL; CR/LF split headers and log lines).
 * Every query, path and body string field of the API is built from it.
 */
export function safeText(max: number, { min = 0 }: { min?: number } = {}) {
  return z.string().min(min).max(max).refine(isSafeText, 'Control characters are not allowed');
}

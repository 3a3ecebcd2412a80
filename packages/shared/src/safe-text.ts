import { z } from 'zod';

/**
 * Control characters (C0 with NUL, DEL, C1), lone surrogate halves, and the line and paragraph
 * separators (U+2028, U+2029): they end a line as a line feed does, in a mail subject or a log.
 */
const unsafeCharacter = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}]/u;
/** The same, but the line feed and the tab, which multi-line text keeps. */
const unsafeInMultilineText = /\p{Cs}|(?![\n\t])\p{Cc}/u;

/** True when `text` holds nothing PostgreSQL refuses (NUL) or a log or header could be bent by: one line. */
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

/** True when `text` holds no control character but line feeds and tabs, and no lone surrogate. */
export function isSafeMultilineText(text: string): boolean {
  return !unsafeInMultilineText.test(text);
}

/**
 * The one refinement for people's text (titles, introductions, comments, reports, operators'
 * reasons; docs/product.md#creation): no control character (C0 with NUL, ESC and the carriage
 * return, DEL, C1 with NEL) and no lone surrogate. Single-line text also refuses the line and
 * paragraph separators; multi-line text keeps its line feeds and tabs.
 */
export function withoutControlCharacters<T extends z.ZodType<string>>(schema: T, { multiline = false }: { multiline?: boolean } = {}) {
  return schema.refine(multiline ? isSafeMultilineText : isSafeText, 'Control characters are not allowed');
}

import { badRequest } from './errors.ts';

/**
 * Keyset cursors (docs/architecture.md#api-conventions: lists page by key, never by OFFSET). A
 * cursor is opaque to clients: the key of the last item of a page, wrapped in base64url JSON so
 * it can change shape later. A list refuses a cursor it did not make with a 400 pointing at the
 * `cursor` query parameter: `validation.invalid` unless the list names its own code.
 */
export function encodeCursor(field: string, key: number): string {
  return encodeJsonCursor({ [field]: key });
}

/** The key `encodeCursor(field, key)` wrapped, if it is an integer in [min, max]; otherwise `invalid()`, a 400. */
export function decodeCursor(cursor: string, field: string, range: { min: number; max: number }, invalid: () => Error = invalidCursor): number {
  const decoded = decodeJsonCursor(cursor, invalid);
  // Own property only: a `__proto__` key must not answer through the prototype.
  const key = Object.hasOwn(decoded, field) ? decoded[field] : undefined;
  if (typeof key === 'number' && Number.isSafeInteger(key) && key >= range.min && key <= range.max) return key;
  throw invalid();
}

/** A cursor whose key has several fields (a list's order, an instant, an id). */
export function encodeJsonCursor(key: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/**
 * The fields `encodeJsonCursor` wrapped, each still to be checked by the list that reads them;
 * `invalid()`, a 400, when the cursor does not hold a JSON object.
 */
export function decodeJsonCursor(cursor: string, invalid: () => Error = invalidCursor): Record<string, unknown> {
  try {
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (decoded !== null && typeof decoded === 'object' && !Array.isArray(decoded)) return decoded as Record<string, unknown>;
  } catch {
    // refused below
  }
  throw invalid();
}

export const invalidCursor = () => badRequest('validation.invalid', 'The cursor is not valid.', [{ in: 'querystring', path: '/cursor' }]);

/**
 * The keys a cursor may hold beside plain ids: an instant within 1970–9999 UTC (PostgreSQL refuses
 * instants past its range, and JavaScript's latest dates, "+275760-…", do not parse as one), and
 * a row id within 32 bits (the id columns' range). A key outside them was not made by the app.
 */
const latestCursorInstant = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
export const isCursorInstant = (ms: unknown): ms is number => typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 && ms <= latestCursorInstant;
export const isCursorId = (id: unknown): id is number => typeof id === 'number' && Number.isInteger(id) && id >= 1 && id <= 2_147_483_647;

import { describe, expect, it } from 'vitest';
import { decodeCursor, decodeJsonCursor, encodeCursor, encodeJsonCursor } from './cursor.ts';
import { AppError, badRequest } from './errors.ts';

const wrapped = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const refusalOf = (decode: () => unknown) => {
  try {
    decode();
  } catch (error) {
    return error instanceof AppError ? { status: error.statusCode, code: error.code, details: error.details } : error;
  }
  return 'accepted';
};

describe('JSON cursors (a key of several fields)', () => {
  it('give back the fields they were made of', () => {
    const keys = { sort: 'deadline', end: '2026-05-01', id: 42 };
    expect(decodeJsonCursor(encodeJsonCursor(keys))).toEqual(keys);
    expect(encodeJsonCursor({ id: 7 })).toBe(encodeCursor('id', 7));
  });

  it('refuse anything but an object with a 400 at the cursor parameter, in the list’s own code when it names one', () => {
    for (const cursor of ['zzz', '%00', wrapped([1]), wrapped(null), wrapped(5), wrapped('id')]) {
      expect(refusalOf(() => decodeJsonCursor(cursor)), cursor).toEqual({ status: 400, code: 'validation.invalid', details: [{ in: 'querystring', path: '/cursor' }] });
    }
    const ownCode = () => badRequest('projects.cursor_invalid', 'The cursor is not valid.');
    expect(refusalOf(() => decodeJsonCursor(wrapped([1]), ownCode))).toMatchObject({ status: 400, code: 'projects.cursor_invalid' });
  });

  it('leave checking each field to the list, which an integer cursor does itself', () => {
    expect(decodeJsonCursor(wrapped({ id: 'five' }))).toEqual({ id: 'five' });
    expect(refusalOf(() => decodeCursor(wrapped({ id: 'five' }), 'id', { min: 1, max: 10 }))).toMatchObject({ status: 400, code: 'validation.invalid' });
    expect(decodeCursor(encodeCursor('id', 10), 'id', { min: 1, max: 10 })).toBe(10);
  });
});

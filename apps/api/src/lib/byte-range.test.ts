import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range.ts';

describe('parseByteRange', () => {
  it('reads one range, an open end and a suffix, clamped to the file', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseByteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
  });

  it('sends the whole file for no header, another unit, a malformed or a multi-part range', () => {
    for (const header of [undefined, '', 'items=0-1', 'bytes=a-b', 'bytes=-', 'bytes=0-1,5-9']) {
      expect(parseByteRange(header, 1000), String(header)).toBe('whole');
    }
  });

  it('refuses a range the file does not hold (416)', () => {
    for (const header of ['bytes=1000-', 'bytes=1010-1020', 'bytes=-0', 'bytes=10-5']) {
      expect(parseByteRange(header, 1000), header).toBe('unsatisfiable');
    }
    expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable');
  });
});

import { describe, expect, it } from 'vitest';
import { isSafeText, safeText } from './safe-text.ts';

describe('safeText', () => {
  it('refuses NUL, every other C0 and C1 control, DEL and lone surrogates', () => {
    for (const unsafe of ['a\u0000b', '\r\nSet-Cookie: x', '\t', '\u001b[31m', '\u007f', '\u0085', '\u009f', '\ud800', 'x\udfff']) {
      expect(isSafeText(unsafe), JSON.stringify(unsafe)).toBe(false);
      expect(safeText(100).safeParse(unsafe).success).toBe(false);
    }
  });

  it('keeps every script, emoji and symbol', () => {
    for (const text of ['/日本語', '오차드', 'ｏｒｃｈａｒｄ', 'niño', '👩‍🎤', 'a b', '\u202e']) {
      expect(safeText(100).parse(text)).toBe(text);
    }
  });

  it('bounds the length', () => {
    expect(safeText(3).safeParse('abcd').success).toBe(false);
    expect(safeText(3, { min: 1 }).safeParse('').success).toBe(false);
  });
});

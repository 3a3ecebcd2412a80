import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isSafeMultilineText, isSafeText, safeText, withoutControlCharacters } from './safe-text.ts';

describe('safeText', () => {
  it('refuses NUL, every other C0 and C1 control, DEL, lone surrogates and the line and paragraph separators', () => {
    for (const unsafe of ['a\u0000b', '\r\nSet-Cookie: x', '\t', '\u001b[31m', '\u007f', '\u0085', '\u009f', '\ud800', 'x\udfff', 'a\u2028b', 'a\u2029b']) {
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

describe('withoutControlCharacters', () => {
  const line = withoutControlCharacters(z.string().trim().max(60));
  const lines = withoutControlCharacters(z.string().trim().max(60), { multiline: true });

  it('refuses ESC, DEL, NEL, the carriage return and every other C0 and C1 control, and lone surrogates, in both', () => {
    for (const unsafe of ['\u001b[31m', 'a\u007f', 'a\u0085b', '\u0080', '\u009f', 'a\rb', '\u0000', '\u0007', 'a\u000bb', 'a\u000cb', '\ud800', 'x\udfff']) {
      expect(line.safeParse(unsafe).success, JSON.stringify(unsafe)).toBe(false);
      expect(lines.safeParse(unsafe).success, JSON.stringify(unsafe)).toBe(false);
      expect(isSafeMultilineText(unsafe), JSON.stringify(unsafe)).toBe(false);
    }
  });

  it('keeps line feeds, tabs and the line and paragraph separators in multi-line text only', () => {
    for (const text of ['one\ntwo', 'a\tb', 'one\n\ttwo', 'one\u2028two', 'one\u2029two']) {
      expect(lines.parse(text)).toBe(text);
      expect(line.safeParse(text).success, JSON.stringify(text)).toBe(false);
    }
  });

  it('keeps the schema it refines: trimming and bounds', () => {
    expect(line.parse('  Birthday ad  ')).toBe('Birthday ad');
    expect(line.safeParse('x'.repeat(61)).success).toBe(false);
    expect(lines.parse('오차드 👩‍🎤 \u202e')).toBe('오차드 👩‍🎤 \u202e');
  });
});

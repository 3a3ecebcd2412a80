import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDisplayAmount, formatKrw, formatKrwAmount, formatKstDate } from './format.ts';

const table = { asOf: '2026-11-01', rates: { KRW: 1, USD: 0.00071, JPY: 0.1082 } };

describe('currency and date formatting (docs/product.md#currencies, docs/product.md#time)', () => {
  it('shows KRW and JPY without decimals and USD with two', () => {
    expect(formatCurrency(12345.6, 'KRW', 'en')).toBe('₩12,346');
    expect(formatCurrency(1082.4, 'JPY', 'en')).toBe('¥1,082');
    expect(formatCurrency(7.1, 'USD', 'en')).toBe('$7.10');
  });

  it('converts a KRW amount with the dated rate table', () => {
    expect(formatKrwAmount(10_000, 'USD', 'en', table)).toBe('$7.10');
    expect(formatKrwAmount(10_000, 'JPY', 'ja', table)).toMatch(/1,082/);
    expect(formatKrwAmount(10_000, 'KRW', 'ko', table)).toBe('₩10,000');
  });

  it('writes what is charged or paid in won, the Korean way in Korean', () => {
    expect(formatKrw(100_000, 'ko')).toBe('100,000원');
    expect(formatKrw(100_000, 'en')).toBe('₩100,000');
    expect(formatKrw(100_000, 'ja')).toBe('₩100,000');
    expect(formatKrw(100_000, 'es')).toBe('100.000\u00a0₩');
  });

  it('writes a display amount in KRW as money paid is written, and converts it into the other currencies', () => {
    expect(formatDisplayAmount(100, 'KRW', 'ko', table)).toBe('100원');
    expect(formatDisplayAmount(100, 'KRW', 'en', table)).toBe('₩100');
    expect(formatDisplayAmount(100, 'KRW', 'es', table)).toBe('100\u00a0₩');
    expect(formatDisplayAmount(100, 'USD', 'ko', table)).toBe('US$0.07');
    expect(formatDisplayAmount(10_000, 'USD', 'en', table)).toBe('$7.10');
  });

  it('shows dates in KST whatever the device time zone', () => {
    // 2026-11-30 16:00 UTC is already December 1st in Seoul.
    expect(formatKstDate(new Date('2026-11-30T16:00:00Z'), 'en')).toBe('December 1, 2026');
    expect(formatKstDate(new Date('2026-11-30T16:30:00Z'), 'en', { withTime: true })).toContain('01:30');
  });

  it('writes midnight KST as 00:00 of its day, never 24:00', () => {
    // A funding close: 00:00 KST on 24 December (docs/product.md#funding-close).
    for (const language of ['ko', 'en', 'zh', 'ja', 'es'] as const) {
      const text = formatKstDate(new Date('2026-12-23T15:00:00Z'), language, { withTime: true });
      expect(text, language).toContain('00:00');
      expect(text, language).not.toContain('24:00');
    }
  });
});

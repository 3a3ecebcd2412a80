import { describe, expect, it } from 'vitest';
import { kstYearOf, maskPaymentKey, receiptAmountsOf, receiptNumberOf, startOfKstYear, statementYearsOf, vatOfKrw } from './receipt-rules.ts';

describe('receipt rules (docs/decisions/105-receipts-and-vat.md)', () => {
  it('takes VAT = round(amount × 10 / 110) and supply = amount − VAT at the package prices', () => {
    expect(receiptAmountsOf(1_000)).toEqual({ amountKrw: 1_000, vatKrw: 91, supplyKrw: 909 });
    expect(receiptAmountsOf(1_100)).toEqual({ amountKrw: 1_100, vatKrw: 100, supplyKrw: 1_000 });
    expect(receiptAmountsOf(99_900)).toEqual({ amountKrw: 99_900, vatKrw: 9_082, supplyKrw: 90_818 });
    expect(receiptAmountsOf(10_000)).toEqual({ amountKrw: 10_000, vatKrw: 909, supplyKrw: 9_091 });
    expect(receiptAmountsOf(500_000)).toEqual({ amountKrw: 500_000, vatKrw: 45_455, supplyKrw: 454_545 });
  });

  it('rounds at the half: 5/11 of a won down, 6/11 up, and agrees with Math.round everywhere it can be checked', () => {
    expect(vatOfKrw(0)).toBe(0);
    expect(vatOfKrw(5)).toBe(0); // 0.4545…
    expect(vatOfKrw(6)).toBe(1); // 0.5454…
    expect(vatOfKrw(16)).toBe(1); // 1.4545…
    expect(vatOfKrw(17)).toBe(2); // 1.5454…
    expect(vatOfKrw(1_005)).toBe(91); // 91.3636…
    expect(vatOfKrw(1_006)).toBe(91); // 91.4545…
    expect(vatOfKrw(1_007)).toBe(92); // 91.5454…
    for (let amount = 0; amount <= 20_000; amount += 1) {
      expect(vatOfKrw(amount)).toBe(Math.round((amount * 10) / 110));
      const { supplyKrw, vatKrw } = receiptAmountsOf(amount);
      expect(supplyKrw + vatKrw).toBe(amount);
    }
  });

  it('refuses amounts that are not whole won', () => {
    expect(() => vatOfKrw(1.5)).toThrow(RangeError);
    expect(() => vatOfKrw(-1)).toThrow(RangeError);
    expect(() => vatOfKrw(Number.NaN)).toThrow(RangeError);
  });

  it('masks a payment key but its first and last 4 characters, and a short key whole', () => {
    expect(maskPaymentKey('tviva20240101123456789')).toBe('tviv**************6789');
    expect(maskPaymentKey('abcdefghi')).toBe('abcd*fghi');
    expect(maskPaymentKey('abcdefgh')).toBe('********');
    expect(maskPaymentKey('')).toBe('');
  });

  it('numbers a receipt by the KST year of its approval and its ledger entry', () => {
    expect(receiptNumberOf(new Date('2026-12-31T14:59:59.999Z'), 42)).toBe('OR-2026-00000042');
    expect(receiptNumberOf(new Date('2026-12-31T15:00:00.000Z'), 42)).toBe('OR-2027-00000042');
    expect(receiptNumberOf(new Date('2027-03-01T00:00:00Z'), 123_456_789)).toBe('OR-2027-123456789');
  });

  it('cuts years at 00:00 KST and offers the years from the account’s creation to now', () => {
    expect(kstYearOf(new Date('2026-12-31T15:00:00Z'))).toBe(2027);
    expect(kstYearOf(new Date('2026-12-31T14:59:59.999Z'))).toBe(2026);
    expect(startOfKstYear(2027).toISOString()).toBe('2026-12-31T15:00:00.000Z');
    expect(statementYearsOf(new Date('2024-05-01T00:00:00Z'), new Date('2026-12-31T15:00:00Z'))).toEqual([2027, 2026, 2025, 2024]);
    expect(statementYearsOf(new Date('2026-05-01T00:00:00Z'), new Date('2026-05-01T00:00:00Z'))).toEqual([2026]);
  });
});

import { describe, expect, it } from 'vitest';
import { checkExchange } from './exchange-input.ts';

describe('the exchange field (docs/product.md#exchange)', () => {
  it('reads a whole number from 1 up to the balance, 13 Berry per Orange', () => {
    expect(checkExchange('', 100)).toEqual({ kind: 'empty' });
    expect(checkExchange('  ', 100)).toEqual({ kind: 'empty' });
    expect(checkExchange('10', 100)).toEqual({ kind: 'ok', orange: 10, berry: 130 });
    expect(checkExchange('100', 100)).toEqual({ kind: 'ok', orange: 100, berry: 1300 });
    // Before the balance has loaded, the server decides.
    expect(checkExchange('101', null)).toEqual({ kind: 'ok', orange: 101, berry: 1313 });
  });

  it('reads full-width digits and well-placed thousands separators as the same number', () => {
    expect(checkExchange('\uff11\uff12', 100)).toEqual({ kind: 'ok', orange: 12, berry: 156 });
    expect(checkExchange('1,000', 5000)).toEqual({ kind: 'ok', orange: 1000, berry: 13_000 });
    expect(checkExchange('10,00', 5000)).toEqual({ kind: 'not_digits' });
  });

  it('flags more than the balance with what is available', () => {
    expect(checkExchange('101', 100)).toEqual({ kind: 'over_balance', orange: 101, available: 100 });
  });

  it('refuses rather than rewrites: fractions, signs, words, exponents, too much', () => {
    expect(checkExchange('1.5', 100).kind).toBe('fraction');
    expect(checkExchange('\uff11.\uff15', 100).kind).toBe('fraction');
    expect(checkExchange('-5', 100).kind).toBe('not_positive');
    expect(checkExchange('\uff0d\uff15', 100).kind).toBe('not_positive');
    expect(checkExchange('0', 100).kind).toBe('not_positive');
    for (const input of ['ten', '1e3', '1 000', '5-', '0x10']) expect(checkExchange(input, 100).kind, input).toBe('not_digits');
    expect(checkExchange('100000001', null).kind).toBe('too_large');
    expect(checkExchange('9'.repeat(40), null).kind).toBe('too_large');
  });
});

import type { Charge } from '@orchard/shared';
import { describe, expect, it } from 'vitest';
import { berryForOrange, checkExchange, refundRefusal, refundWindowMs, signedAmount } from './points-format.ts';

const paidAt = '2026-11-01T00:00:00.000Z';
const charge = (overrides: Partial<Charge>): Charge => ({
  id: '00000000-0000-4000-8000-000000000001',
  status: 'confirmed',
  packageId: 'orange-500',
  orange: 500,
  bonusOrange: 15,
  amountKrw: 50_000,
  method: 'card',
  failure: null,
  createdAt: paidAt,
  paidAt,
  refundedAt: null,
  refundable: false,
  ...overrides,
});

describe('exchange arithmetic (decisions: 1 Orange = 13 Berry)', () => {
  it('gives 13 Berry per Orange', () => {
    expect(berryForOrange(1)).toBe(13);
    expect(berryForOrange(10)).toBe(130);
    expect(berryForOrange(5015)).toBe(65_195);
  });

  it('accepts a whole number from 1 up to the balance', () => {
    expect(checkExchange('', 100)).toEqual({ kind: 'empty' });
    expect(checkExchange('  ', 100)).toEqual({ kind: 'empty' });
    expect(checkExchange('10', 100)).toEqual({ kind: 'ok', orange: 10, berry: 130 });
    expect(checkExchange('100', 100)).toEqual({ kind: 'ok', orange: 100, berry: 1300 });
    expect(checkExchange('101', 100)).toEqual({ kind: 'insufficient', orange: 101, berry: 1313 });
    // Before the balance has loaded, the server decides.
    expect(checkExchange('101', null)).toEqual({ kind: 'ok', orange: 101, berry: 1313 });
  });

  it('refuses 0, negatives, fractions, words and more than a wallet can hold', () => {
    for (const input of ['0', '-1', '1.5', 'ten', '1e3', '1234567890']) expect(checkExchange(input, 10_000).kind, input).toBe('invalid');
  });
});

describe('refund refusal reasons (decisions: whole charge, 7 × 24 h, untouched)', () => {
  const justAfter = new Date(Date.parse(paidAt) + 1000);
  it('names no reason when the server says refundable', () => {
    expect(refundRefusal(charge({ refundable: true }), justAfter)).toBeNull();
  });
  it('names the reason in the order the server checks', () => {
    expect(refundRefusal(charge({ status: 'refunded' }), justAfter)).toBe('refund_already_refunded');
    expect(refundRefusal(charge({ status: 'refunding' }), justAfter)).toBe('refund_in_progress');
    expect(refundRefusal(charge({ status: 'declined', paidAt: null }), justAfter)).toBe('refund_not_paid');
    expect(refundRefusal(charge({}), new Date(Date.parse(paidAt) + refundWindowMs + 1000))).toBe('refund_window_passed');
    expect(refundRefusal(charge({}), new Date(Date.parse(paidAt) + refundWindowMs - 1000))).toBe('refund_points_used');
  });
});

describe('signed amounts', () => {
  it('marks credits and debits', () => {
    expect(signedAmount(500, '500')).toBe('+500');
    expect(signedAmount(-1300, '1,300')).toBe('\u22121,300');
    expect(signedAmount(0, '0')).toBe('0');
  });
});

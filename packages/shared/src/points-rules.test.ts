import { describe, expect, it } from 'vitest';
import { allocateSpend, historyScreenTabs, historyTabsOf, lotExpiresAt, refundRefusal, refundWindowMs } from './points-rules.ts';

describe('lot validity (docs/product.md#validity)', () => {
  it('ends at 23:59:59.999 KST of the last valid day', () => {
    // Charged 2026-11-22 10:00 KST: purchased Orange usable through 2031-11-21.
    const charged = new Date('2026-11-22T01:00:00Z');
    expect(lotExpiresAt(charged, 'orange', 'purchased').toISOString()).toBe('2031-11-21T14:59:59.999Z');
    expect(lotExpiresAt(charged, 'orange', 'bonus').toISOString()).toBe('2027-11-21T14:59:59.999Z');
    expect(lotExpiresAt(charged, 'berry', 'purchased').toISOString()).toBe('2027-11-21T14:59:59.999Z');
    expect(lotExpiresAt(charged, 'berry', 'bonus').toISOString()).toBe('2027-05-21T14:59:59.999Z');
  });
  it('counts the KST day, not the UTC one, and clamps to the end of a short month', () => {
    // 2026-08-30 23:30 UTC is already 31 August in Korea; six months later has no 31st.
    expect(lotExpiresAt(new Date('2026-08-30T23:30:00Z'), 'berry', 'bonus').toISOString()).toBe('2027-02-27T14:59:59.999Z');
  });
});

describe('spending order (docs/product.md#spending-order)', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  const lots = [
    { id: 1, kind: 'purchased' as const, remaining: 100, expiresAt: new Date('2030-01-01T00:00:00Z') },
    { id: 2, kind: 'bonus' as const, remaining: 5, expiresAt: new Date('2027-06-01T00:00:00Z') },
    { id: 3, kind: 'bonus' as const, remaining: 5, expiresAt: new Date('2027-01-01T00:00:00Z') },
    { id: 4, kind: 'bonus' as const, remaining: 50, expiresAt: new Date('2026-01-01T00:00:00Z') },
  ];
  it('spends bonus first, soonest expiry first, never an expired lot', () => {
    expect(allocateSpend(lots, 12, now)).toEqual({
      ok: true,
      allocations: [
        { lotId: 3, kind: 'bonus', amount: 5 },
        { lotId: 2, kind: 'bonus', amount: 5 },
        { lotId: 1, kind: 'purchased', amount: 2 },
      ],
    });
  });
  it('is all or nothing', () => {
    expect(allocateSpend(lots, 111, now)).toEqual({ ok: false, available: 110 });
  });
});

describe('refund refusal (docs/product.md#refunds)', () => {
  const paidAt = new Date('2026-11-01T00:00:00Z');
  const justAfter = new Date(paidAt.getTime() + 1000);
  it('allows an untouched, paid charge within 7 × 24 h', () => {
    expect(refundRefusal({ status: 'confirmed', paidAt, pointsUsed: false }, justAfter)).toBeNull();
    expect(refundRefusal({ status: 'confirmed', paidAt, pointsUsed: false }, new Date(paidAt.getTime() + refundWindowMs))).toBeNull();
  });
  it('names the first reason that applies', () => {
    expect(refundRefusal({ status: 'refunded', paidAt, pointsUsed: false }, justAfter)).toBe('already_refunded');
    expect(refundRefusal({ status: 'refunding', paidAt, pointsUsed: false }, justAfter)).toBe('in_progress');
    expect(refundRefusal({ status: 'declined', paidAt: null, pointsUsed: false }, justAfter)).toBe('not_paid');
    expect(refundRefusal({ status: 'confirmed', paidAt, pointsUsed: true }, new Date(paidAt.getTime() + refundWindowMs + 1))).toBe('window_passed');
    expect(refundRefusal({ status: 'confirmed', paidAt, pointsUsed: true }, justAfter)).toBe('points_used');
  });
});

describe('history tabs (docs/product.md#points)', () => {
  it('gives Berry no refund tab', () => {
    expect(historyTabsOf.orange).toContain('refund');
    expect(historyTabsOf.berry).not.toContain('refund');
  });
  it('offers the screen four filters, each one every currency answers', () => {
    expect(historyScreenTabs).toHaveLength(4);
    for (const tab of historyScreenTabs) {
      expect(historyTabsOf.orange).toContain(tab);
      expect(historyTabsOf.berry).toContain(tab);
    }
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endOfKstDay } from '../kst.ts';
import {
  allocateSpend,
  berryFromExchange,
  chargePointsUsed,
  compareSpendingOrder,
  lotExpiresAt,
  planReturn,
  refundRefusal,
  refundWindowMs,
  type SpendableLot,
} from './rules.ts';

const seed = Number(process.env.ORCHARD_FUZZ_SEED ?? Date.now() % 2 ** 31);
const now = new Date('2026-11-22T03:00:00Z');

const lotArbitrary = fc.record({
  id: fc.integer({ min: 1, max: 1_000_000 }),
  kind: fc.constantFrom('purchased' as const, 'bonus' as const),
  remaining: fc.integer({ min: 0, max: 10_000 }),
  expiresAt: fc.date({ min: new Date('2026-10-01'), max: new Date('2032-01-01'), noInvalidDate: true }),
});
const lotsArbitrary = fc.uniqueArray(lotArbitrary, { selector: (lot) => lot.id, maxLength: 12 });

describe(`points rules (seed ${seed})`, () => {
  it('spends exactly the amount, all or nothing, never from an expired lot, never more than a lot holds', () => {
    fc.assert(
      fc.property(lotsArbitrary, fc.integer({ min: 1, max: 50_000 }), (lots, amount) => {
        const plan = allocateSpend(lots, amount, now);
        const usable = lots.filter((lot) => lot.expiresAt >= now).reduce((sum, lot) => sum + lot.remaining, 0);
        if (!plan.ok) {
          expect(usable).toBeLessThan(amount);
          expect(plan.available).toBe(usable);
          return;
        }
        expect(plan.allocations.reduce((sum, allocation) => sum + allocation.amount, 0)).toBe(amount);
        for (const allocation of plan.allocations) {
          const lot = lots.find((candidate) => candidate.id === allocation.lotId)!;
          expect(allocation.amount).toBeGreaterThan(0);
          expect(allocation.amount).toBeLessThanOrEqual(lot.remaining);
          expect(lot.expiresAt.getTime()).toBeGreaterThanOrEqual(now.getTime());
        }
      }),
      { seed },
    );
  });

  it('uses bonus points before purchased points, and the soonest expiry first within each', () => {
    fc.assert(
      fc.property(lotsArbitrary, fc.integer({ min: 1, max: 50_000 }), (lots, amount) => {
        const plan = allocateSpend(lots, amount, now);
        if (!plan.ok) return;
        const used = plan.allocations.map((allocation) => lots.find((lot) => lot.id === allocation.lotId)!);
        // Only the last lot used may be partly spent; every lot that comes earlier in the order is emptied.
        for (let index = 1; index < used.length; index++) expect(compareSpendingOrder(used[index - 1]!, used[index]!)).toBeLessThan(0);
        for (const allocation of plan.allocations.slice(0, -1)) {
          expect(allocation.amount).toBe(lots.find((lot) => lot.id === allocation.lotId)!.remaining);
        }
        const last = used.at(-1)!;
        const skipped = lots.filter((lot) => lot.remaining > 0 && lot.expiresAt >= now && !used.includes(lot));
        for (const lot of skipped) expect(compareSpendingOrder(last, lot as SpendableLot)).toBeLessThan(0);
      }),
      { seed },
    );
  });

  it('expires a lot at 23:59:59 KST of its last valid day', () => {
    const chargedAt = new Date('2026-11-22T03:00:00Z'); // 12:00 KST, 22 November
    expect(lotExpiresAt(chargedAt, 'orange', 'purchased')).toEqual(endOfKstDay('2031-11-21'));
    expect(lotExpiresAt(chargedAt, 'orange', 'bonus')).toEqual(endOfKstDay('2027-11-21'));
    expect(lotExpiresAt(chargedAt, 'berry', 'purchased')).toEqual(endOfKstDay('2027-11-21'));
    expect(lotExpiresAt(chargedAt, 'berry', 'bonus')).toEqual(endOfKstDay('2027-05-21'));
    const expiresAt = lotExpiresAt(chargedAt, 'orange', 'bonus');
    const lot = { id: 1, kind: 'bonus' as const, remaining: 10, expiresAt };
    expect(allocateSpend([lot], 10, new Date('2027-11-21T14:59:59.000Z')).ok).toBe(true);
    expect(allocateSpend([lot], 10, new Date('2027-11-21T15:00:00.000Z')).ok).toBe(false);
  });

  it('accepts a refund at 7 days − 1 s and refuses it at 7 days + 1 s', () => {
    const paidAt = new Date('2026-11-22T03:00:00Z');
    const lots = [{ original: 1000, remaining: 1000 }, { original: 50, remaining: 50 }];
    const charge = { status: 'confirmed' as const, paidAt, pointsUsed: chargePointsUsed(lots) };
    expect(refundRefusal(charge, new Date(paidAt.getTime() + refundWindowMs - 1000))).toBeNull();
    expect(refundRefusal(charge, new Date(paidAt.getTime() + refundWindowMs + 1000))).toBe('window_passed');
  });

  it('refuses a refund once any point of the charge or its bonus was used', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 0, max: 500 }), fc.boolean(), (original, bonus, usedBonus) => {
        const lots = [
          { original, remaining: usedBonus ? original : original - 1 },
          { original: bonus, remaining: usedBonus && bonus > 0 ? bonus - 1 : bonus },
        ];
        const touched = lots.some((lot) => lot.remaining !== lot.original);
        const refusal = refundRefusal({ status: 'confirmed', paidAt: now, pointsUsed: chargePointsUsed(lots) }, now);
        expect(refusal).toBe(touched ? 'points_used' : null);
      }),
      { seed },
    );
  });

  it('gives 13 Berry per Orange, keeping the bonus or purchased kind', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ lotId: fc.nat(), kind: fc.constantFrom('purchased' as const, 'bonus' as const), amount: fc.integer({ min: 1, max: 10_000 }) }), { maxLength: 8 }), (allocations) => {
        const berry = berryFromExchange(allocations);
        const total = (kind: string) => allocations.filter((a) => a.kind === kind).reduce((sum, a) => sum + a.amount, 0);
        for (const kind of ['purchased', 'bonus'] as const) {
          expect(berry.find((lot) => lot.kind === kind)?.amount ?? 0).toBe(total(kind) * 13);
        }
      }),
      { seed },
    );
  });

  it('returns points to their lots, re-crediting for 30 days what has expired or would within 30 days', () => {
    const plan = planReturn(
      [
        { lotId: 1, kind: 'purchased', amount: 100, lotExpiresAt: endOfKstDay('2031-01-01') },
        { lotId: 2, kind: 'bonus', amount: 20, lotExpiresAt: endOfKstDay('2026-12-01') },
        { lotId: 3, kind: 'bonus', amount: 5, lotExpiresAt: endOfKstDay('2026-11-01') },
      ],
      now,
    );
    expect(plan.toLots).toEqual([{ lotId: 1, amount: 100 }]);
    expect(plan.recredits).toEqual([{ kind: 'bonus', amount: 25, expiresAt: endOfKstDay('2026-12-22') }]);
  });

  it('conserves every returned point', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ lotId: fc.nat(), kind: fc.constantFrom('purchased' as const, 'bonus' as const), amount: fc.integer({ min: 1, max: 10_000 }), lotExpiresAt: fc.date({ min: new Date('2026-01-01'), max: new Date('2032-01-01'), noInvalidDate: true }) })), (allocations) => {
        const plan = planReturn(allocations, now);
        const returned = plan.toLots.reduce((sum, part) => sum + part.amount, 0) + plan.recredits.reduce((sum, part) => sum + part.amount, 0);
        expect(returned).toBe(allocations.reduce((sum, allocation) => sum + allocation.amount, 0));
        for (const recredit of plan.recredits) expect(recredit.expiresAt.getTime() - now.getTime()).toBeGreaterThanOrEqual(30 * 86_400_000);
      }),
      { seed },
    );
  });

  it('refuses non-integer, zero, negative and unsafe amounts', () => {
    for (const amount of [0, -1, 1.5, 2 ** 53, Number.NaN]) expect(() => allocateSpend([], amount, now)).toThrow(RangeError);
  });
});

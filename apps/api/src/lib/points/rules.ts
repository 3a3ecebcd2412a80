import { addKstDays, addKstMonths, endOfKstDay, kstDateOf } from '../kst.ts';

/**
 * The pure rules that decide money (docs/product.md#points), pinned down by property tests.
 * Two sorts live here:
 * - rules the services call at run time: `lotExpiresAt`, `refundRefusal`, `planReturn`,
 *   `assertPositivePoints`, `berryPerOrange`;
 * - the reference model of the spend and exchange SQL (`isExpired`, `compareSpendingOrder`,
 *   `allocateSpend`, `berryFromExchange`): the batch statements in
 *   modules/points/ledger.statements.ts allocate in SQL (decision 011), and the model test
 *   (docs/quality.md#r5) checks every allocation they make against these functions. They are
 *   not called at run time.
 */
export type PointCurrency = 'orange' | 'berry';
export type LotKind = 'purchased' | 'bonus';

export type SpendableLot = { id: number; kind: LotKind; remaining: number; expiresAt: Date };
export type Allocation = { lotId: number; kind: LotKind; amount: number };

/** Validity in months from the acquisition day. */
const validityMonths: Record<PointCurrency, Record<LotKind, number>> = {
  orange: { purchased: 60, bonus: 12 },
  // Berry keeps the kind of the Orange it came from: 1 year, or 6 months when it carries bonus.
  berry: { purchased: 12, bonus: 6 },
};

/**
 * A lot is usable through the end (23:59:59.999 KST) of its last valid day: the day before the
 * same date `validity` later. Charged 2026-11-22 → purchased Orange usable through 2031-11-21.
 */
export function lotExpiresAt(acquiredAt: Date, currency: PointCurrency, kind: LotKind): Date {
  const lastValidDay = addKstDays(addKstMonths(kstDateOf(acquiredAt), validityMonths[currency][kind]), -1);
  return endOfKstDay(lastValidDay);
}

/** Reference model for the SQL; not called at run time. */
export function isExpired(lot: { expiresAt: Date }, now: Date): boolean {
  return now.getTime() > lot.expiresAt.getTime();
}

/** Reference model for the SQL; not called at run time. Spending order: bonus before purchased; within each, the soonest expiry first; then the oldest lot. */
export function compareSpendingOrder(a: SpendableLot, b: SpendableLot): number {
  if (a.kind !== b.kind) return a.kind === 'bonus' ? -1 : 1;
  return a.expiresAt.getTime() - b.expiresAt.getTime() || a.id - b.id;
}

export type SpendPlan = { ok: true; allocations: Allocation[] } | { ok: false; available: number };

/**
 * Reference model for the SQL; not called at run time. All or nothing: which lots give how much
 * for a spend (docs/product.md#spending-order), never touching an expired lot.
 */
export function allocateSpend(lots: readonly SpendableLot[], amount: number, now: Date): SpendPlan {
  assertPositivePoints(amount);
  const usable = lots.filter((lot) => lot.remaining > 0 && !isExpired(lot, now)).sort(compareSpendingOrder);
  const available = usable.reduce((sum, lot) => sum + lot.remaining, 0);
  if (available < amount) return { ok: false, available };
  const allocations: Allocation[] = [];
  let left = amount;
  for (const lot of usable) {
    if (left === 0) break;
    const take = Math.min(lot.remaining, left);
    allocations.push({ lotId: lot.id, kind: lot.kind, amount: take });
    left -= take;
  }
  return { ok: true, allocations };
}

export const berryPerOrange = 13;

/** Reference model for the SQL; not called at run time. Exchange: each Orange allocation becomes Berry of the same kind, 13 per Orange. */
export function berryFromExchange(allocations: readonly Allocation[]): { kind: LotKind; amount: number }[] {
  const byKind = new Map<LotKind, number>();
  for (const allocation of allocations) byKind.set(allocation.kind, (byKind.get(allocation.kind) ?? 0) + allocation.amount * berryPerOrange);
  return (['bonus', 'purchased'] as const).filter((kind) => byKind.has(kind)).map((kind) => ({ kind, amount: byKind.get(kind)! }));
}

export const refundWindowMs = 7 * 24 * 3_600_000;

export type RefundRefusal = 'window_passed' | 'points_used' | 'already_refunded';

/** A whole charge is refundable within 7 × 24 h of payment while neither of its lots was touched. */
export function refundRefusal(
  charge: { paidAt: Date; refunded: boolean; lots: readonly { original: number; remaining: number }[] },
  now: Date,
): RefundRefusal | null {
  if (charge.refunded) return 'already_refunded';
  if (now.getTime() - charge.paidAt.getTime() > refundWindowMs) return 'window_passed';
  if (charge.lots.some((lot) => lot.remaining !== lot.original)) return 'points_used';
  return null;
}

export const returnGuaranteeDays = 30;

export type ReturnPlan = {
  /** Amounts that go back into the lots they came from. */
  toLots: { lotId: number; amount: number }[];
  /** Amounts re-credited as new lots because their lot has expired or expires within 30 days. */
  recredits: { kind: LotKind; amount: number; expiresAt: Date }[];
};

/**
 * Returns (project not achieved, cancelled) give each participation back to its lots, with at
 * least 30 days of validity guaranteed (docs/product.md#returns).
 */
export function planReturn(allocations: readonly (Allocation & { lotExpiresAt: Date })[], now: Date): ReturnPlan {
  const guaranteedUntil = endOfKstDay(addKstDays(kstDateOf(now), returnGuaranteeDays));
  const toLots: ReturnPlan['toLots'] = [];
  const recreditByKind = new Map<LotKind, number>();
  for (const allocation of allocations) {
    if (allocation.lotExpiresAt.getTime() < guaranteedUntil.getTime()) {
      recreditByKind.set(allocation.kind, (recreditByKind.get(allocation.kind) ?? 0) + allocation.amount);
    } else {
      toLots.push({ lotId: allocation.lotId, amount: allocation.amount });
    }
  }
  const recredits = [...recreditByKind].map(([kind, amount]) => ({ kind, amount, expiresAt: guaranteedUntil }));
  return { toLots, recredits };
}

/** Points are positive safe integers, everywhere. */
export function assertPositivePoints(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`points must be a positive integer, got ${amount}`);
}

/**
 * The points rules both the API and the web apply (docs/product.md#points), free of zod so the
 * web imports them at run time (`@orchard/shared/points-rules`) without pulling the schemas into
 * its bundle. Every amount is an integer number of points or won.
 */
export const pointCurrencies = ['orange', 'berry'] as const;
export type PointCurrency = (typeof pointCurrencies)[number];
export const lotKinds = ['purchased', 'bonus'] as const;
export type LotKind = (typeof lotKinds)[number];

export const chargeStatuses = ['pending', 'confirmed', 'declined', 'refunding', 'refunded'] as const;
export type ChargeStatus = (typeof chargeStatuses)[number];

/** docs/product.md#prices: 1 Orange = 100 KRW, consumption tax (VAT 10 %) included. */
export const krwPerOrange = 100;
/** docs/product.md#exchange: 1 Orange = 13 Berry; the exchange is irreversible. */
export const berryPerOrange = 13;

/** The most points one write may name: a positive whole number within what a wallet can ever hold. */
export const pointAmountMax = 100_000_000;

/**
 * Tabs of the history API: every tab any currency has (docs/product.md#points,
 * docs/decisions/009-points-history-tabs.md). `refund_return` came later
 * and holds refunds and returns together; `refund` (refunds only) stays for the clients that ask for it.
 */
export const historyTabs = ['all', 'charge', 'spend', 'refund', 'refund_return'] as const;
export type HistoryTab = (typeof historyTabs)[number];
/** Which tabs each currency's history answers: Berry is never refunded, so it has no refund tab, yet its returns have theirs. */
export const historyTabsOf = {
  orange: ['all', 'charge', 'spend', 'refund', 'refund_return'],
  berry: ['all', 'charge', 'spend', 'refund_return'],
} as const satisfies Record<PointCurrency, readonly HistoryTab[]>;
export type HistoryTabOf<Currency extends PointCurrency> = (typeof historyTabsOf)[Currency][number];
/** The filters the history screen offers, four for either currency so they fit a 375 px screen: refunds and returns under one. */
export const historyScreenTabs = ['all', 'charge', 'spend', 'refund_return'] as const satisfies readonly HistoryTabOf<'berry'>[];
export type HistoryScreenTab = (typeof historyScreenTabs)[number];

const kstOffsetMs = 9 * 3_600_000;

/** The KST calendar day of an instant, as `YYYY-MM-DD`. */
function kstDayOf(instant: Date): string {
  return new Date(instant.getTime() + kstOffsetMs).toISOString().slice(0, 10);
}

/** The same day `months` later; a day the target month lacks (31st, 29 February) becomes its last day. */
function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const targetMonthIndex = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(targetMonthIndex / 12);
  const targetMonth = (targetMonthIndex % 12) + 1;
  const daysInTarget = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth).padStart(2, '0')}-${String(Math.min(date, daysInTarget)).padStart(2, '0')}`;
}

/** Validity in months from the acquisition day (docs/product.md#validity). */
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
  const firstInvalidDay = addMonths(kstDayOf(acquiredAt), validityMonths[currency][kind]);
  return new Date(Date.parse(`${firstInvalidDay}T00:00:00Z`) - kstOffsetMs - 1);
}

export type SpendableLot = { id: number; kind: LotKind; remaining: number; expiresAt: Date };
export type Allocation = { lotId: number; kind: LotKind; amount: number };
export type SpendPlan = { ok: true; allocations: Allocation[] } | { ok: false; available: number };

/** Points are positive safe integers, everywhere. */
export function assertPositivePoints(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`points must be a positive integer, got ${amount}`);
}

/** A lot is usable through its expiry instant, and expired after it (docs/product.md#validity). */
export function isExpired(lot: { expiresAt: Date }, now: Date): boolean {
  return now.getTime() > lot.expiresAt.getTime();
}

/** Spending order (docs/product.md#spending-order): bonus before purchased; within each, the soonest expiry first; then the oldest lot. */
export function compareSpendingOrder(a: SpendableLot, b: SpendableLot): number {
  if (a.kind !== b.kind) return a.kind === 'bonus' ? -1 : 1;
  return a.expiresAt.getTime() - b.expiresAt.getTime() || a.id - b.id;
}

/** All or nothing: which lots give how much for a spend, never touching an expired lot. */
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

/** docs/product.md#refunds: a whole charge, within 7 × 24 h of payment. */
export const refundWindowMs = 7 * 24 * 3_600_000;

export type RefundRefusal = 'already_refunded' | 'in_progress' | 'not_paid' | 'window_passed' | 'points_used';

/** Whether any point of a charge was used: its purchased or its bonus lot no longer holds all it was given. */
export function chargePointsUsed(lots: readonly { original: number; remaining: number }[]): boolean {
  return lots.some((lot) => lot.remaining !== lot.original);
}

/**
 * Why a charge cannot be refunded, or null when it can (docs/product.md#refunds): only a paid
 * charge, only within 7 × 24 h of payment, only while neither its purchased nor its bonus lot has
 * been touched (chargePointsUsed), and the bonus always with its parent (so a used bonus blocks the
 * whole charge). The first reason that applies is named. The API decides with the charge's lots;
 * the web, which cannot see them, only names why the API's `refundable` is false.
 */
export function refundRefusal(charge: { status: ChargeStatus; paidAt: Date | null; pointsUsed: boolean }, now: Date): RefundRefusal | null {
  if (charge.status === 'refunded') return 'already_refunded';
  if (charge.status === 'refunding') return 'in_progress';
  if (charge.status !== 'confirmed' || charge.paidAt === null) return 'not_paid';
  if (now.getTime() - charge.paidAt.getTime() > refundWindowMs) return 'window_passed';
  if (charge.pointsUsed) return 'points_used';
  return null;
}

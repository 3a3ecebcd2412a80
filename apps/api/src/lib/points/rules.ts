import { berryPerOrange, type Allocation, type LotKind } from '@orchard/shared/points-rules';
import { addKstDays, endOfKstDay, kstDateOf } from '../kst.ts';

/**
 * The pure rules that decide money (docs/product.md#points), pinned down by property tests. The
 * rules the web applies too live once in `@orchard/shared/points-rules` and are re-exported here;
 * what only the API needs is defined below. Two sorts:
 * - rules the services call at run time: `lotExpiresAt`, `refundRefusal`, `returnGuaranteedUntil`,
 *   `assertPositivePoints`, `berryPerOrange`;
 * - the reference model of the spend, exchange and return SQL (`isExpired`, `compareSpendingOrder`,
 *   `allocateSpend`, `berryFromExchange`, `planReturn`): the batch statements in
 *   modules/points/ledger.statements.ts allocate in SQL (decision 011), and the escrow's return
 *   in modules/points/ledger.escrow.ts gives back in SQL (decision 066); the model tests
 *   (docs/quality.md#r5, ledger.escrow.test.ts) check what they write against these functions.
 *   They are not called at run time.
 */
export {
  allocateSpend,
  assertPositivePoints,
  berryPerOrange,
  chargePointsUsed,
  compareSpendingOrder,
  isExpired,
  lotExpiresAt,
  refundRefusal,
  refundWindowMs,
  type Allocation,
  type LotKind,
  type PointCurrency,
  type RefundRefusal,
  type SpendableLot,
  type SpendPlan,
} from '@orchard/shared/points-rules';

/** Reference model for the SQL; not called at run time. Exchange: each Orange allocation becomes Berry of the same kind, 13 per Orange. */
export function berryFromExchange(allocations: readonly Allocation[]): { kind: LotKind; amount: number }[] {
  const byKind = new Map<LotKind, number>();
  for (const allocation of allocations) byKind.set(allocation.kind, (byKind.get(allocation.kind) ?? 0) + allocation.amount * berryPerOrange);
  return (['bonus', 'purchased'] as const).filter((kind) => byKind.has(kind)).map((kind) => ({ kind, amount: byKind.get(kind)! }));
}

export const returnGuaranteeDays = 30;

export type ReturnPlan = {
  /** Amounts that go back into the lots they came from. */
  toLots: { lotId: number; amount: number }[];
  /** Amounts re-credited as new lots because their lot has expired or expires within 30 days. */
  recredits: { kind: LotKind; amount: number; expiresAt: Date }[];
};

/** The end of the 30th KST day from `now`: a returned amount stays usable at least until then (docs/product.md#returns). */
export function returnGuaranteedUntil(now: Date): Date {
  return endOfKstDay(addKstDays(kstDateOf(now), returnGuaranteeDays));
}

/**
 * Reference model for the SQL; not called at run time. Returns (project not achieved, cancelled)
 * give each participation back to its lots, with at least 30 days of validity guaranteed
 * (docs/product.md#returns): an amount whose lot ends before `returnGuaranteedUntil` comes back as
 * a new lot of its kind ending then, one per kind, in the order of the allocations given.
 */
export function planReturn(allocations: readonly (Allocation & { lotExpiresAt: Date })[], now: Date): ReturnPlan {
  const guaranteedUntil = returnGuaranteedUntil(now);
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

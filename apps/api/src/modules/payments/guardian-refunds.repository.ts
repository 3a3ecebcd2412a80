import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { LocalizedName } from '@orchard/shared';
import type { DbOrTx } from '../../db/client.ts';
import { pointLots } from '../points/points.table.ts';
import { operatorAuditLog } from '../projects/projects.table.ts';
import { users } from '../users/users.table.ts';
import { guardianRefunds, payments } from './payments.table.ts';

export type GuardianRefundRow = typeof guardianRefunds.$inferSelect;
export type GuardianRefundWithOperator = GuardianRefundRow & { operatorNickname: string | null };

/** A charge as the console lists it: the payment with its fan. */
export type ChargeWithFanRow = typeof payments.$inferSelect & { fanNickname: string | null; fanDeleted: boolean };

/** One ledger entry that moved points of a charge's lots, summed over those lots (postings), with its project now. */
export type ChargeLotMovementRow = {
  transactionId: number;
  type: string;
  reason: string;
  amount: number;
  project: { id: number; title: string | null; hidden: boolean; artistNames: LocalizedName } | null;
};

/** The SQL of a guardian's cancellation (docs/product.md#guardian-cancellation); the decisions are in guardian-refunds.service.ts. */
export function createGuardianRefundsRepository({ db }: { db: DbOrTx }) {
  const chargeColumns = { payment: payments, fanNickname: users.nickname, fanDeletedAt: users.deletedAt };
  const withFan = (row: { payment: typeof payments.$inferSelect; fanNickname: string | null; fanDeletedAt: Date | null }): ChargeWithFanRow => ({
    ...row.payment,
    fanNickname: row.fanDeletedAt ? null : row.fanNickname,
    fanDeleted: row.fanDeletedAt !== null,
  });

  return {
    async charge(paymentId: string): Promise<ChargeWithFanRow | undefined> {
      const [row] = await db.select(chargeColumns).from(payments).innerJoin(users, eq(users.id, payments.userId)).where(eq(payments.id, paymentId));
      return row && withFan(row);
    },

    async chargeByOrderId(orderId: string): Promise<ChargeWithFanRow | undefined> {
      const [row] = await db.select(chargeColumns).from(payments).innerJoin(users, eq(users.id, payments.userId)).where(eq(payments.orderId, orderId));
      return row && withFan(row);
    },

    /** A fan's charges (by nickname key), newest first. */
    async chargesOfNicknameKey(key: string, limit: number): Promise<ChargeWithFanRow[]> {
      const rows = await db
        .select(chargeColumns)
        .from(payments)
        .innerJoin(users, eq(users.id, payments.userId))
        .where(eq(users.nicknameKey, key))
        .orderBy(desc(payments.createdAt), desc(payments.orderId))
        .limit(limit);
      return rows.map(withFan);
    },

    /** The charge's lots as they stand, unlocked (the preview; the refund locks them through the points service). */
    async lotsOf(paymentId: string): Promise<{ kind: 'purchased' | 'bonus'; remaining: number; expiresAt: Date }[]> {
      const rows = await db
        .select({ kind: pointLots.kind, remaining: pointLots.remaining, expiresAt: pointLots.expiresAt })
        .from(pointLots)
        .where(eq(pointLots.paymentId, paymentId));
      return rows.map((row) => ({ ...row, kind: row.kind as 'purchased' | 'bonus' }));
    },

    /** The charge's guardian refunds, oldest first, with the operator's nickname (null once deleted). */
    async refundsOf(paymentId: string): Promise<GuardianRefundWithOperator[]> {
      const rows = await db
        .select({ refund: guardianRefunds, nickname: users.nickname, deletedAt: users.deletedAt })
        .from(guardianRefunds)
        .innerJoin(users, eq(users.id, guardianRefunds.operatorId))
        .where(eq(guardianRefunds.paymentId, paymentId))
        .orderBy(asc(guardianRefunds.id));
      return rows.map((row) => ({ ...row.refund, operatorNickname: row.deletedAt ? null : row.nickname }));
    },

    async count(paymentId: string): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(guardianRefunds).where(eq(guardianRefunds.paymentId, paymentId));
      return Number(row!.n);
    },

    async insert(values: Omit<typeof guardianRefunds.$inferInsert, 'id'>): Promise<GuardianRefundRow> {
      const [row] = await db.insert(guardianRefunds).values(values).returning();
      return row!;
    },

    async find(refundId: number): Promise<GuardianRefundRow | undefined> {
      const [row] = await db.select().from(guardianRefunds).where(eq(guardianRefunds.id, refundId));
      return row;
    },

    /** Locks the refund row (after the fan's wallet: docs/architecture.md#locking). */
    async lock(refundId: number): Promise<GuardianRefundRow | undefined> {
      const [row] = await db.select().from(guardianRefunds).where(eq(guardianRefunds.id, refundId)).for('update');
      return row;
    },

    async finish(refundId: number, change: { status: 'refunded' | 'failed'; failureCode: string | null; finishedAt: Date }) {
      await db.update(guardianRefunds).set(change).where(and(eq(guardianRefunds.id, refundId), eq(guardianRefunds.status, 'refunding')));
    },

    /** Refunds left 'refunding' since before `due` (the gateway did not answer, or a crash between its answer and the finish). */
    async dueForRepair(due: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: guardianRefunds.id })
        .from(guardianRefunds)
        .where(and(eq(guardianRefunds.status, 'refunding'), lt(guardianRefunds.requestedAt, due)))
        .orderBy(asc(guardianRefunds.requestedAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * Every ledger entry that moved points of the charge's lots, but the ones that made them:
     * per entry its sum over those lots, its project as it stands (hidden: no title).
     */
    async movementsOfChargeLots(paymentId: string): Promise<ChargeLotMovementRow[]> {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select t.id, t.type, t.reason, sum(p.amount)::int as amount, t.project_id, pr.title, a.names as artist_names,
          exists (select 1 from hidden_projects h where h.project_id = t.project_id) as hidden
        from point_lots l
        join point_postings p on p.lot_id = l.id
        join point_transactions t on t.id = p.transaction_id
        left join projects pr on pr.id = t.project_id
        left join artists a on a.id = pr.artist_id
        where l.payment_id = ${paymentId} and t.type not in ('charge', 'bonus')
        group by t.id, pr.id, a.id
        order by t.id`);
      return rows.map((row) => {
        const hidden = Boolean(row.hidden);
        return {
          transactionId: Number(row.id),
          type: String(row.type),
          reason: String(row.reason),
          amount: Number(row.amount),
          project:
            row.project_id === null || row.artist_names === null
              ? null
              : { id: Number(row.project_id), title: hidden ? null : ((row.title as string | null) ?? null), hidden, artistNames: row.artist_names as LocalizedName },
        };
      });
    },

    /** docs/product.md#operators: every step audited, inside the step's transaction. */
    async audit(values: { operatorId: string; action: string; before: unknown; after: unknown; at: Date }) {
      await db.insert(operatorAuditLog).values({ ...values, projectId: null });
    },
  };
}

import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { guardianRefunds, payments } from './payments.table.ts';

export type GuardianRefundRow = typeof guardianRefunds.$inferSelect;
export type GuardianRefundWithOperator = GuardianRefundRow & { operatorNickname: string | null };

/** A charge as the console lists it: the payment with its fan. */
export type ChargeWithFanRow = typeof payments.$inferSelect & { fanNickname: string | null; fanDeleted: boolean };

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
  };
}

import { and, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { epochMsText } from '../../db/rows.ts';
import { users } from '../users/users.table.ts';
import { guardianRefunds, payments, paymentWebhookEvents } from './payments.table.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** A payment with whether its owner's account was deleted (such a payment is never credited). */
export type OwnedPaymentRow = PaymentRow & { ownerDeleted: boolean };

/**
 * The payment whose id is `paymentId` (SQL text of the caller's named statement, null for none),
 * left-joined as `p`, and the columns a ledger entry shows of it: `payment_id`, `amount_krw`,
 * `method` and `paid_ms` (epoch milliseconds).
 */
export const entryPaymentText = (paymentId: string) => ({
  join: `left join payments p on p.id = ${paymentId}`,
  columns: `p.id as payment_id, p.amount_krw, p.method, ${epochMsText('p.paid_at')} as paid_ms`,
});

/** All SQL of the payments table and its webhook events; the state machine is in payments.service.ts. */
export function createPaymentsRepository({ db }: { db: DbOrTx }) {
  const owned = { payment: payments, ownerDeletedAt: users.deletedAt };
  const withOwner = (row: { payment: PaymentRow; ownerDeletedAt: Date | null } | undefined): OwnedPaymentRow | undefined =>
    row && { ...row.payment, ownerDeleted: row.ownerDeletedAt !== null };

  return {
    async insertPending(values: Omit<typeof payments.$inferInsert, 'id' | 'status'>): Promise<string> {
      const [row] = await db.insert(payments).values(values).returning({ id: payments.id });
      return row!.id;
    },

    /** The user's charge; another user's is not there. */
    async findOwn(userId: string, paymentId: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
      return row;
    },

    async find(paymentId: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
      return row;
    },

    async findByOrderId(orderId: string): Promise<OwnedPaymentRow | undefined> {
      const [row] = await db.select(owned).from(payments).innerJoin(users, eq(users.id, payments.userId)).where(eq(payments.orderId, orderId));
      return withOwner(row);
    },

    /** Locks the payment row (after the owner's wallet: docs/architecture.md#locking). */
    async lock(paymentId: string): Promise<OwnedPaymentRow | undefined> {
      const [row] = await db
        .select(owned)
        .from(payments)
        .innerJoin(users, eq(users.id, payments.userId))
        .where(eq(payments.id, paymentId))
        .for('update', { of: payments });
      return withOwner(row);
    },

    /** Keeps the first checkout page opened for the charge; a later one is dropped. */
    async keepCheckoutUrl(paymentId: string, checkoutUrl: string, now: Date) {
      await db
        .update(payments)
        .set({ checkoutUrl, updatedAt: now })
        .where(and(eq(payments.id, paymentId), isNull(payments.checkoutUrl)));
    },

    async markConfirmed(paymentId: string, change: { paidAt: Date; paymentKey: string; method: string }) {
      await db
        .update(payments)
        .set({ status: 'confirmed', paidAt: change.paidAt, paymentKey: change.paymentKey, method: change.method, failureCode: null, failureReason: null, updatedAt: change.paidAt })
        .where(eq(payments.id, paymentId));
    },

    /** Declines a pending payment only: a late failure never undoes a credited payment. */
    async declinePending(paymentId: string, failure: { code: string; reason: string }, now: Date) {
      await db
        .update(payments)
        .set({ status: 'declined', failureCode: failure.code, failureReason: failure.reason, updatedAt: now })
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')));
    },

    async markRefunding(paymentId: string, now: Date): Promise<PaymentRow> {
      const [row] = await db
        .update(payments)
        .set({ status: 'refunding', refundRequestedAt: now, updatedAt: now })
        .where(eq(payments.id, paymentId))
        .returning();
      return row!;
    },

    async markRefunded(paymentId: string, now: Date) {
      await db
        .update(payments)
        .set({ status: 'refunded', refundedAt: now, updatedAt: now })
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'refunding')));
    },

    /** The gateway refused the cancellation: the charge is confirmed again, with why. */
    async restoreConfirmed(paymentId: string, failure: { code: string; reason: string }, now: Date) {
      await db
        .update(payments)
        .set({ status: 'confirmed', refundRequestedAt: null, failureCode: failure.code, failureReason: failure.reason, updatedAt: now })
        .where(eq(payments.id, paymentId));
    },

    /** Refunds left 'refunding' since before `due` (a crash between the gateway call and the finish). */
    async refundsDueForRepair(due: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.status, 'refunding'), lt(payments.refundRequestedAt, due)))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** Whether the user has a charge still open at the gateway: pending since `openSince`, or refunding. */
    async hasOpenCharges(userId: string, openSince: Date): Promise<boolean> {
      const rows = await db
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.userId, userId),
            or(eq(payments.status, 'refunding'), and(eq(payments.status, 'pending'), gt(payments.createdAt, openSince))),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** The owner's interface language, for the gateway's checkout page. */
    async ownerLanguage(userId: string): Promise<string | null> {
      const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
      return row?.language ?? null;
    },

    /** Who bought a charge, as a receipt names them, and the language its mail is in. */
    async buyerOf(userId: string): Promise<{ nickname: string | null; email: string | null; language: string } | undefined> {
      const [row] = await db.select({ nickname: users.nickname, email: users.email, language: users.language }).from(users).where(eq(users.id, userId));
      return row;
    },

    /** These charges' prices, of this user only (another user's id is left out). */
    async amountsOf(userId: string, paymentIds: string[]): Promise<{ id: string; amountKrw: number }[]> {
      if (paymentIds.length === 0) return [];
      return db.select({ id: payments.id, amountKrw: payments.amountKrw }).from(payments).where(and(eq(payments.userId, userId), inArray(payments.id, paymentIds)));
    },

    /** The money of guardian refunds, by their ledger entry, of this user only. */
    async guardianRefundAmountsOf(userId: string, transactionIds: number[]): Promise<{ transactionId: number; amountKrw: number }[]> {
      if (transactionIds.length === 0) return [];
      return db
        .select({ transactionId: guardianRefunds.transactionId, amountKrw: guardianRefunds.amountKrw })
        .from(guardianRefunds)
        .where(and(eq(guardianRefunds.userId, userId), inArray(guardianRefunds.transactionId, transactionIds)));
    },

    /** Records a webhook event once; false when the event id was seen before. */
    async recordWebhookEvent(event: { gateway: string; eventId: string; type: string; orderId: string; receivedAt: Date }): Promise<boolean> {
      const inserted = await db.insert(paymentWebhookEvents).values(event).onConflictDoNothing().returning({ eventId: paymentWebhookEvents.eventId });
      return inserted.length > 0;
    },

  };
}

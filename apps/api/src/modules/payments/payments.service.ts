import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { findChargePackage, type Charge, type ChargeStatus, type PaymentMethod } from '@orchard/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, unprocessable } from '../../lib/errors.ts';
import { RETRIABLE_FAILURE_CODE, type GatewayEvent, type PaymentGateway } from '../../lib/payments/gateway.ts';
import { refundRefusal } from '../../lib/points/rules.ts';
import { createLedgerRepository } from './ledger.repository.ts';
import { chargeNotFound, refundRefusals } from './points.errors.ts';
import type { PointsService } from './points.service.ts';
import { payments, paymentWebhookEvents } from './points.table.ts';

type PaymentRow = typeof payments.$inferSelect;

/** Where the browser lands after the gateway: the Completed-charge screen (spec §2). */
export const completedChargePath = (chargeId: string) => `/my-page/completed-charge/${chargeId}`;

/** A refund left 'refunding' this long (a crash between the gateway call and the finish) is repaired by the sweep. */
export const refundRepairAfterMs = 60_000;

/**
 * Charges and refunds: the payments table's state machine around the gateway.
 *   pending ─confirm ok / approved event─▶ confirmed ─refund─▶ refunding ─cancel ok─▶ refunded
 *   pending ─fail return / declined event / confirm refused─▶ declined (a later verified approval still credits)
 * Lots are created exactly once per payment: under the wallet and payment row locks, only a
 * pending or declined payment is credited, and the ledger's unique keys back that up.
 */
export function createPaymentsService({
  db,
  clock,
  gateway,
  points,
  publicUrl,
}: {
  db: Db;
  clock: Clock;
  gateway: PaymentGateway;
  points: PointsService;
  publicUrl: URL;
}) {
  async function lockPayment(tx: DbOrTx, paymentId: string): Promise<PaymentRow | undefined> {
    const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    return row;
  }

  async function findByOrderId(orderId: string) {
    const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId));
    return row;
  }

  async function present(row: PaymentRow, source: DbOrTx = db): Promise<Charge> {
    let refundable = false;
    if (row.status === 'confirmed' && row.paidAt) {
      const lots = await source.execute<{ original: number; remaining: number }>(
        sql`select original, remaining from point_lots where payment_id = ${row.id}`,
      );
      refundable =
        refundRefusal({ paidAt: row.paidAt, refunded: false, lots: lots.rows.map((lot) => ({ original: Number(lot.original), remaining: Number(lot.remaining) })) }, clock.now()) === null;
    }
    return {
      id: row.id,
      status: row.status as ChargeStatus,
      packageId: row.packageId,
      orange: row.orange,
      bonusOrange: row.bonusOrange,
      amountKrw: row.amountKrw,
      method: row.method as PaymentMethod,
      failure: row.failureCode ? { code: row.failureCode, reason: row.failureReason ?? '' } : null,
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
      refundedAt: row.refundedAt?.toISOString() ?? null,
      refundable,
    };
  }

  /** Credits a payment the gateway approved, inside the caller's transaction; idempotent. */
  async function creditWithin(tx: DbOrTx, paymentId: string, approval: { paymentKey: string; method?: PaymentMethod }) {
    const [unlocked] = await tx.select({ userId: payments.userId }).from(payments).where(eq(payments.id, paymentId));
    if (!unlocked) return;
    const ledger = createLedgerRepository({ db: tx });
    await ledger.ensureWallet(unlocked.userId);
    await ledger.lockWallet(unlocked.userId);
    const payment = (await lockPayment(tx, paymentId))!;
    if (payment.status !== 'pending' && payment.status !== 'declined') return;
    // The charge date is when the ledger learns of the payment: validity and the refund window count from it.
    const now = clock.now();
    await points.creditChargeWithin(tx, payment, now);
    await tx
      .update(payments)
      .set({ status: 'confirmed', paidAt: now, paymentKey: approval.paymentKey, method: approval.method ?? payment.method, failureCode: null, failureReason: null, updatedAt: now })
      .where(eq(payments.id, paymentId));
  }

  async function declineWithin(tx: DbOrTx, paymentId: string, code: string, reason: string) {
    const now = clock.now();
    // Only a pending payment is declined: a late failure never undoes a credited payment.
    await tx
      .update(payments)
      .set({ status: 'declined', failureCode: code.slice(0, 100), failureReason: reason.slice(0, 500), updatedAt: now })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')));
  }

  async function finishRefund(paymentId: string): Promise<void> {
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment || payment.status !== 'refunding' || !payment.paymentKey) return;
    // Outside any transaction: no row lock is held while the gateway answers. The idempotency key
    // makes a repeated call (a retry after a crash) cancel once at the gateway.
    const result = await gateway.cancel({
      paymentKey: payment.paymentKey,
      reason: 'Customer refund within 7 days, points untouched',
      amountKrw: payment.amountKrw,
      idempotencyKey: `refund-${payment.id}`,
    });
    if (!result.ok && result.code === RETRIABLE_FAILURE_CODE) return;
    await db.transaction(async (tx) => {
      const ledger = createLedgerRepository({ db: tx });
      await ledger.lockWallet(payment.userId);
      const locked = (await lockPayment(tx, paymentId))!;
      if (locked.status !== 'refunding') return;
      const now = clock.now();
      if (result.ok) {
        await tx.update(payments).set({ status: 'refunded', refundedAt: now, updatedAt: now }).where(eq(payments.id, paymentId));
        return;
      }
      const lots = await ledger.lockLots({ userId: payment.userId, paymentId });
      const attempts = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from point_transactions where payment_id = ${paymentId} and reason = 'refund_reversed'`,
      );
      await points.reverseRefundWithin(tx, locked, lots, now, Number(attempts.rows[0]!.n) + 1);
      await tx
        .update(payments)
        .set({ status: 'confirmed', refundRequestedAt: null, failureCode: result.code.slice(0, 100), failureReason: result.reason.slice(0, 500), updatedAt: now })
        .where(eq(payments.id, paymentId));
    });
    if (!result.ok) throw new AppError(422, 'points.refund_failed', `The payment could not be cancelled: ${result.reason}`, { code: result.code });
  }

  return {
    /** A pending charge, inside the caller's transaction (the Idempotency-Key's). Answers its id. */
    async createChargeWithin(tx: DbOrTx, userId: string, input: { packageId: string; method: PaymentMethod }): Promise<string> {
      const chargePackage = findChargePackage(input.packageId);
      if (!chargePackage) throw unprocessable('points.package_unknown', 'There is no such charge package.');
      const now = clock.now();
      const [row] = await tx
        .insert(payments)
        .values({
          userId,
          orderId: `ord_${randomBytes(16).toString('base64url')}`,
          gateway: gateway.id,
          packageId: chargePackage.id,
          orange: chargePackage.orange,
          bonusOrange: chargePackage.bonusOrange,
          amountKrw: chargePackage.priceKrw,
          method: input.method,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: payments.id });
      return row!.id;
    },

    /**
     * The gateway's checkout page for a pending charge, opened after the charge committed: no
     * transaction or pool connection is held while the gateway answers. The first page opened is
     * kept; a replay, or a request that raced this one, answers that same page.
     */
    async openCheckout(userId: string, chargeId: string) {
      const stored = async () => {
        const [row] = await db.select().from(payments).where(and(eq(payments.id, chargeId), eq(payments.userId, userId)));
        if (!row) throw chargeNotFound();
        return row;
      };
      const payment = await stored();
      if (payment.checkoutUrl) return { charge: await present(payment), checkoutUrl: payment.checkoutUrl };
      try {
        const { checkoutUrl } = await gateway.createCheckout({
          orderId: payment.orderId,
          amountKrw: payment.amountKrw,
          orderName: `${payment.orange.toLocaleString('en-US')} Orange`,
          method: payment.method as PaymentMethod,
          successUrl: new URL('/api/payments/return/success', publicUrl).toString(),
          failUrl: new URL('/api/payments/return/fail', publicUrl).toString(),
        });
        await db
          .update(payments)
          .set({ checkoutUrl, updatedAt: clock.now() })
          .where(and(eq(payments.id, chargeId), isNull(payments.checkoutUrl)));
      } catch {
        // A racing request may have opened the page meanwhile; otherwise the charge stays pending
        // without a page, and a retry with the same key tries the gateway again.
      }
      const latest = await stored();
      if (!latest.checkoutUrl) throw new AppError(502, 'payments.gateway_error', 'The payment service could not be reached. Please try again.');
      return { charge: await present(latest), checkoutUrl: latest.checkoutUrl };
    },

    async charge(userId: string, chargeId: string): Promise<Charge> {
      const [row] = await db.select().from(payments).where(and(eq(payments.id, chargeId), eq(payments.userId, userId)));
      if (!row) throw chargeNotFound();
      return present(row);
    },

    /** The gateway's success return: confirm with the gateway, then credit. Answers the charge id. */
    async confirmReturn(input: { orderId: string; paymentKey: string; amount: number }): Promise<string> {
      const payment = await findByOrderId(input.orderId);
      if (!payment) throw chargeNotFound();
      if (payment.status !== 'pending' && payment.status !== 'declined') return payment.id;
      if (input.amount !== payment.amountKrw) {
        // A tampered amount in the return URL: never confirm another amount than the package's.
        await declineWithin(db, payment.id, 'AMOUNT_MISMATCH', 'The paid amount does not match the charge.');
        return payment.id;
      }
      const result = await gateway.confirm({ orderId: payment.orderId, paymentKey: input.paymentKey, amountKrw: payment.amountKrw });
      if (result.ok) {
        await db.transaction((tx) => creditWithin(tx, payment.id, { paymentKey: result.paymentKey, method: result.method }));
      } else if (result.code !== RETRIABLE_FAILURE_CODE) {
        await declineWithin(db, payment.id, result.code, result.reason);
      }
      return payment.id;
    },

    /** The gateway's failure return: declined with the gateway's code and reason ("Purchase failed."). */
    async failReturn(input: { orderId: string; code?: string; message?: string }): Promise<string> {
      const payment = await findByOrderId(input.orderId);
      if (!payment) throw chargeNotFound();
      await declineWithin(db, payment.id, input.code ?? 'PAYMENT_FAILED', input.message ?? 'The payment was not completed.');
      return payment.id;
    },

    /**
     * What a verified webhook event does (S10): the event id is stored in the same transaction as
     * its effects, so the fifth delivery of an event changes nothing.
     */
    async handleGatewayEvent(event: GatewayEvent, from: PaymentGateway = gateway): Promise<void> {
      const afterwards: string[] = [];
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(paymentWebhookEvents)
          .values({ gateway: from.id, eventId: event.eventId, type: event.type, orderId: event.orderId, receivedAt: clock.now() })
          .onConflictDoNothing()
          .returning({ eventId: paymentWebhookEvents.eventId });
        if (inserted.length === 0) return;
        const [payment] = await tx.select().from(payments).where(eq(payments.orderId, event.orderId));
        if (!payment) return;
        if (event.type === 'payment.approved') {
          if (event.amountKrw !== payment.amountKrw || !event.paymentKey) return;
          await creditWithin(tx, payment.id, { paymentKey: event.paymentKey });
        } else if (event.type === 'payment.declined') {
          // The event and the customer's failure return race; both carry the gateway's code and reason.
          await declineWithin(tx, payment.id, event.code ?? 'DECLINED', event.reason ?? 'The payment was declined.');
        } else if (payment.status === 'refunding') {
          // The gateway reports the cancellation: finish the refund (the same as our own finish).
          afterwards.push(payment.id);
        }
      });
      for (const paymentId of afterwards) {
        await db.transaction(async (tx) => {
          const [row] = await tx.select({ userId: payments.userId }).from(payments).where(eq(payments.id, paymentId));
          await createLedgerRepository({ db: tx }).lockWallet(row!.userId);
          const now = clock.now();
          await tx
            .update(payments)
            .set({ status: 'refunded', refundedAt: now, updatedAt: now })
            .where(and(eq(payments.id, paymentId), eq(payments.status, 'refunding')));
        });
      }
    },

    /**
     * Refund, first half (decisions: Points): inside the caller's transaction, check the charge is
     * whole, within 7 × 24 h and untouched, take both lots to zero and mark it 'refunding'. The
     * gateway is called afterwards, outside the transaction (finishRefund).
     */
    async beginRefundWithin(tx: DbOrTx, userId: string, chargeId: string): Promise<Charge> {
      const ledger = createLedgerRepository({ db: tx });
      await ledger.lockWallet(userId);
      const payment = await lockPayment(tx, chargeId);
      if (!payment || payment.userId !== userId) throw chargeNotFound();
      if (payment.status === 'refunding') return present(payment, tx);
      if (payment.status === 'refunded') throw refundRefusals.already_refunded();
      if (payment.status !== 'confirmed' || !payment.paidAt) throw refundRefusals.not_paid();
      const lots = await ledger.lockLots({ userId, paymentId: payment.id });
      const now = clock.now();
      const refusal = refundRefusal({ paidAt: payment.paidAt, refunded: false, lots }, now);
      if (refusal) throw refundRefusals[refusal]();
      // Under the wallet and payment locks: no other refund of this charge can count at the same time.
      const reversed = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from point_transactions where payment_id = ${payment.id} and reason = 'refund_reversed'`,
      );
      await points.debitRefundWithin(tx, payment, lots, now, Number(reversed.rows[0]!.n) + 1);
      const [updated] = await tx
        .update(payments)
        .set({ status: 'refunding', refundRequestedAt: now, updatedAt: now })
        .where(eq(payments.id, payment.id))
        .returning();
      return present(updated!, tx);
    },

    finishRefund,

    /** Repairs refunds a crash left between the gateway call and the finish (run by the scheduler). */
    async repairRefunds() {
      const due = new Date(clock.now().getTime() - refundRepairAfterMs);
      const rows = await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.status, 'refunding'), lt(payments.refundRequestedAt, due)))
        .limit(100);
      let repaired = 0;
      for (const row of rows) {
        try {
          await finishRefund(row.id);
          repaired += 1;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
        }
      }
      return { repaired };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

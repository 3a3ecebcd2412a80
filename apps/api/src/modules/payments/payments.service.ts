import { randomBytes } from 'node:crypto';
import { findChargePackage, type Charge, type ChargeStatus, type ErrorCode, type PaymentMethod, type Language, type PointReason, type Receipt } from '@orchard/shared';
import { defaultLanguage, isLanguage } from '@orchard/shared/locale-codes';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { chargePointsUsed, refundRefusal } from '../../lib/points/rules.ts';
import type { Idempotency, KeyScope } from '../idempotency/idempotency.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { PointsService } from '../points/points.service.ts';
import { RETRIABLE_FAILURE_CODE, type GatewayEvent, type PaymentGateway } from './gateways/gateway.ts';
import { chargeNotFound, gatewayUnreachable, knownFailure, noReceipt, packageUnknown, paymentFailures, refundFailed, refundRefusals, type PaymentFailureCode } from './payments.errors.ts';
import { receiptOf, type Merchant } from './payments.receipt.ts';
import { createPaymentsRepository, type PaymentRow } from './payments.repository.ts';
export { entryPaymentText } from './payments.repository.ts';

/** A refund left 'refunding' this long (a crash between the gateway call and the finish) is repaired by the sweep. */
export const refundRepairAfterMs = 60_000;

/**
 * How long a pending charge counts as open at the gateway. A payment window that was left (the
 * customer closed it, the return never came) stays 'pending' in our table; after this long the
 * gateway no longer approves it (Toss's window expires well within it), so it no longer holds up
 * an account deletion. An approval that still arrives for a deleted account is cancelled.
 */
export const pendingChargeOpenMs = 60 * 60_000;

const languageOf = (value: string | null) => (isLanguage(value) ? value : undefined);
const languageOrDefault = (value: string | null) => languageOf(value) ?? defaultLanguage;

/** What a return from the gateway did: acted with the owner's session, or only redirected. */
export type ReturnOutcome = { chargeId: string; acted: boolean };

/**
 * Charges and refunds: the payments table's state machine around the gateway.
 *   pending ─confirm ok / approved event─▶ confirmed ─refund─▶ refunding ─cancel ok─▶ refunded
 *   pending ─fail return / declined event / confirm refused─▶ declined (a later verified approval still credits)
 *   pending ─approved for a deleted account─▶ declined (ACCOUNT_DELETED), cancelled at the gateway
 * Lots are created exactly once per payment: under the wallet and payment row locks, only a
 * pending or declined payment of a live account is credited, and the ledger's unique keys back
 * that up. Points move only through the points service.
 */
export function createPaymentsService({
  db,
  clock,
  gateway,
  points,
  idempotency,
  publicUrl,
  merchant,
  mail,
}: {
  db: Db;
  clock: Clock;
  gateway: PaymentGateway;
  points: PointsService;
  /**
   * Shared with the points service in the app (one key names one request across routes). No
   * default: one would need the ledger's probe (decision 103), which the points service holds.
   */
  idempotency: Idempotency;
  publicUrl: URL;
  /** The seller receipts name, as configured now (docs/decisions/105-receipts-and-vat.md). */
  merchant: Merchant;
  /** The outbox a confirmed charge's receipt is queued in, in the credit's transaction; none: not mailed. */
  mail?: Pick<MailService, 'enqueueWithin'>;
}) {
  const repository = (source: DbOrTx = db) => createPaymentsRepository({ db: source });
  const failure = (code: PaymentFailureCode) => ({ code, reason: paymentFailures[code] });

  async function present(row: PaymentRow, source: DbOrTx = db): Promise<Charge> {
    let refundable = false;
    // Only a paid charge has lots to read; any other is refused by its status alone.
    if (row.status === 'confirmed' && row.paidAt) {
      const lots = await points.chargeLotsOf(row.id, source);
      refundable = refundRefusal({ status: 'confirmed', paidAt: row.paidAt, pointsUsed: chargePointsUsed(lots) }, clock.now()) === null;
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

  /** A paid charge's receipt, read through `source` (the credit's transaction, or the pool). */
  async function receiptWithin(source: DbOrTx, row: PaymentRow, chargeEntryId: number): Promise<{ receipt: Receipt; email: string | null; language: Language }> {
    const buyer = await repository(source).buyerOf(row.userId);
    const language = languageOrDefault(buyer?.language ?? null);
    const receipt = receiptOf({
      charge: {
        orderId: row.orderId,
        orange: row.orange,
        bonusOrange: row.bonusOrange,
        amountKrw: row.amountKrw,
        method: row.method as PaymentMethod,
        paymentKey: row.paymentKey ?? '',
        paidAt: row.paidAt!,
        refundedAt: row.refundedAt,
      },
      buyer: { nickname: buyer?.nickname ?? null, email: buyer?.email ?? null },
      chargeEntryId,
      merchant,
      language,
    });
    return { receipt, email: buyer?.email ?? null, language };
  }

  /**
   * The receipt mail of a charge just credited, inside the credit's transaction: queued exactly
   * when the points are, in the buyer's language; transactional, so it leaves at once at night too
   * (docs/product.md#night-time). A buyer without an address gets none.
   */
  async function mailReceiptWithin(tx: Tx, row: PaymentRow, chargeEntryId: number) {
    if (!mail) return;
    const { receipt, email, language } = await receiptWithin(tx, row, chargeEntryId);
    if (!email) return;
    await mail.enqueueWithin(tx, {
      to: email,
      userId: row.userId,
      language,
      template: 'charge_receipt',
      data: {
        chargeId: row.id,
        number: receipt.number,
        approvedAt: receipt.approvedAt,
        item: receipt.item,
        amountKrw: receipt.amountKrw,
        supplyKrw: receipt.supplyKrw,
        vatKrw: receipt.vatKrw,
        method: receipt.method,
        orderId: receipt.orderId,
        paymentKeyMasked: receipt.paymentKeyMasked,
        merchant: receipt.merchant,
      },
    });
  }

  async function ownCharge(userId: string, chargeId: string): Promise<PaymentRow> {
    const row = await repository().findOwn(userId, chargeId);
    if (!row) throw chargeNotFound();
    return row;
  }

  /** A pending charge of a package, its amounts the package's; refused for a package that does not exist. */
  async function insertPendingWithin(tx: Tx, input: { userId: string; packageId: string; method: PaymentMethod; orderId: string; gatewayId: string }): Promise<string> {
    const chargePackage = findChargePackage(input.packageId);
    if (!chargePackage) throw packageUnknown();
    const now = clock.now();
    return repository(tx).insertPending({
      userId: input.userId,
      orderId: input.orderId,
      gateway: input.gatewayId,
      packageId: chargePackage.id,
      orange: chargePackage.orange,
      bonusOrange: chargePackage.bonusOrange,
      amountKrw: chargePackage.priceKrw,
      method: input.method,
      createdAt: now,
      updatedAt: now,
    });
  }

  /**
   * Credits a payment the gateway approved, inside the caller's transaction; idempotent. Returns
   * false when the owner's account was deleted: the payment is declined instead, never credited.
   */
  async function creditWithin(tx: Tx, payment: { id: string; userId: string }, approval: { paymentKey: string; method?: PaymentMethod }): Promise<boolean> {
    await points.lockWalletWithin(tx, payment.userId, { create: true });
    const locked = (await repository(tx).lock(payment.id))!;
    const now = clock.now();
    if (locked.ownerDeleted) {
      await repository(tx).declinePending(payment.id, failure('ACCOUNT_DELETED'), now);
      return false;
    }
    if (locked.status !== 'pending' && locked.status !== 'declined') return true;
    // The charge date is when the ledger learns of the payment: validity and the refund window count from it.
    const { chargeTransactionId } = await points.creditChargeWithin(tx, locked, now);
    const confirmed = { paidAt: now, paymentKey: approval.paymentKey, method: approval.method ?? locked.method };
    await repository(tx).markConfirmed(payment.id, confirmed);
    // Only the credit that moved the charge out of pending or declined gets here: one mail per charge.
    await mailReceiptWithin(tx, { ...locked, ...confirmed, status: 'confirmed' }, chargeTransactionId);
    return true;
  }

  /** An approved payment whose owner is gone is cancelled at the gateway (docs/product.md#account-deletion). */
  async function cancelForDeletedOwner(payment: PaymentRow, paymentKey: string) {
    const result = await gateway.cancel({
      paymentKey,
      reason: 'The account was deleted before the payment completed',
      amountKrw: payment.amountKrw,
      idempotencyKey: `deleted-owner-${payment.id}`,
    });
    // Unknown outcome: fail the webhook so the gateway delivers it again and the cancel is retried.
    if (!result.ok && result.code === RETRIABLE_FAILURE_CODE) throw new Error(`cancelling payment ${payment.id} of a deleted account: gateway unavailable`);
  }

  async function openCheckout(userId: string, chargeId: string) {
    const payment = await ownCharge(userId, chargeId);
    if (payment.checkoutUrl) return { charge: await present(payment), checkoutUrl: payment.checkoutUrl };
    try {
      const { checkoutUrl } = await gateway.createCheckout({
        orderId: payment.orderId,
        amountKrw: payment.amountKrw,
        orderName: `${payment.orange.toLocaleString('en-US')} Orange`,
        method: payment.method as PaymentMethod,
        successUrl: new URL('/api/payments/return/success', publicUrl).toString(),
        failUrl: new URL('/api/payments/return/fail', publicUrl).toString(),
        language: languageOf(await repository().ownerLanguage(userId)),
      });
      await repository().keepCheckoutUrl(chargeId, checkoutUrl, clock.now());
    } catch {
      // A racing request may have opened the page meanwhile; otherwise the charge stays pending
      // without a page, and a retry with the same key tries the gateway again.
    }
    const latest = await ownCharge(userId, chargeId);
    if (!latest.checkoutUrl) throw gatewayUnreachable();
    return { charge: await present(latest), checkoutUrl: latest.checkoutUrl };
  }

  async function finishRefund(paymentId: string): Promise<void> {
    const payment = await repository().find(paymentId);
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
      await points.lockWalletWithin(tx, payment.userId);
      const locked = (await repository(tx).lock(paymentId))!;
      if (locked.status !== 'refunding') return;
      const now = clock.now();
      if (result.ok) {
        await repository(tx).markRefunded(paymentId, now);
        return;
      }
      const lots = await points.lockChargeLotsWithin(tx, payment.userId, paymentId);
      await points.reverseRefundWithin(tx, locked, lots, now, (await points.refundAttemptsOf(tx, paymentId)) + 1);
      await repository(tx).restoreConfirmed(paymentId, failure(knownFailure(result.code, 'REFUND_FAILED')), now);
    });
    if (!result.ok) throw refundFailed(knownFailure(result.code, 'REFUND_FAILED'));
  }

  /**
   * Refund, first half (docs/product.md#refunds): inside the caller's transaction, check the
   * charge is whole, within 7 × 24 h and untouched, take both lots to zero and mark it
   * 'refunding'. The gateway is called afterwards, outside the transaction (finishRefund).
   */
  async function beginRefundWithin(tx: Tx, userId: string, chargeId: string): Promise<Charge> {
    await points.lockWalletWithin(tx, userId);
    const payment = await repository(tx).lock(chargeId);
    if (!payment || payment.userId !== userId) throw chargeNotFound();
    // Only a paid charge has lots to lock; any other is refused by its status alone.
    const lots = payment.status === 'confirmed' && payment.paidAt ? await points.lockChargeLotsWithin(tx, userId, payment.id) : [];
    const now = clock.now();
    const refusal = refundRefusal({ status: payment.status as ChargeStatus, paidAt: payment.paidAt, pointsUsed: chargePointsUsed(lots) }, now);
    // A refund under way (a retry, or a racing request) answers with the charge as it stands.
    if (refusal === 'in_progress') return present(payment, tx);
    if (refusal) throw refundRefusals[refusal]();
    // Under the wallet and payment locks: no other refund of this charge can count at the same time.
    await points.debitRefundWithin(tx, payment, lots, now, (await points.refundAttemptsOf(tx, payment.id)) + 1);
    return present(await repository(tx).markRefunding(payment.id, now), tx);
  }

  return {
    /**
     * A new charge (docs/product.md#payments), once per Idempotency-Key: the pending charge is
     * written in the key's transaction; the gateway's checkout page is opened after it committed
     * (no transaction or pool connection is held while the gateway answers); then the charge is
     * read again. The first page opened is kept: a replay, or a request that raced this one,
     * gets that same page.
     */
    async createCharge(input: KeyScope & { packageId: string; method: PaymentMethod }) {
      const { userId } = input;
      const outcome = await idempotency.run(input, async (tx) => {
        const chargeId = await insertPendingWithin(tx, { userId, packageId: input.packageId, method: input.method, orderId: `ord_${randomBytes(16).toString('base64url')}`, gatewayId: gateway.id });
        return { chargeId };
      });
      return { kind: outcome.kind, ...(await openCheckout(userId, outcome.value.chargeId)) };
    },

    /**
     * A refund of a whole charge, once per Idempotency-Key: the ledger side in the key's
     * transaction (beginRefundWithin), then the gateway's cancellation after it committed
     * (never under a row lock), then the charge as it stands.
     */
    async refund(input: KeyScope & { chargeId: string }): Promise<{ kind: 'applied' | 'replayed'; charge: Charge }> {
      const outcome = await idempotency.run(input, (tx) => beginRefundWithin(tx, input.userId, input.chargeId));
      await finishRefund(input.chargeId);
      return { kind: outcome.kind, charge: await present(await ownCharge(input.userId, input.chargeId)) };
    },

    /**
     * A charge the sandbox has already paid, with no checkout (the demo's fans charge this way,
     * src/demo/): the payment written and credited in one transaction, as a confirmation leaves it.
     */
    async recordPaidSandboxCharge(input: { userId: string; packageId: string; method: PaymentMethod; orderId: string; paymentKey: string }): Promise<void> {
      await db.transaction(async (tx) => {
        const paymentId = await insertPendingWithin(tx, { ...input, gatewayId: 'sandbox' });
        await creditWithin(tx, { id: paymentId, userId: input.userId }, { paymentKey: input.paymentKey, method: input.method });
      });
    },

    async charge(userId: string, chargeId: string): Promise<Charge> {
      return present(await ownCharge(userId, chargeId));
    },

    /**
     * The buyer's receipt of a charge (docs/decisions/105-receipts-and-vat.md): another user's or
     * an unknown charge is not found; one not paid (pending, declined) or with a refund under way
     * has none (409 points.no_receipt). Built from the charge, its ledger entry and the merchant as
     * configured now, so two reads give the same receipt.
     */
    async receipt(userId: string, chargeId: string): Promise<Receipt> {
      const row = await ownCharge(userId, chargeId);
      if ((row.status !== 'confirmed' && row.status !== 'refunded') || !row.paidAt) throw noReceipt();
      const chargeEntryId = await points.chargeEntryIdOf(userId, row.id);
      if (chargeEntryId === null) throw noReceipt();
      return (await receiptWithin(db, row, chargeEntryId)).receipt;
    },

    /**
     * The money of a user's ledger entries, by entry id, for the yearly statement (docs/decisions/106-yearly-statement.md):
     * a charge's price paid (+); a refund's price paid back (−) and, reversed, kept (+); a guardian
     * refund's amount paid back (−) and, reversed, kept (+). Entries of other charges' or users' are left out.
     */
    async entryMoneyOf(userId: string, entries: { transactionId: number; paymentId: string | null; reason: PointReason; relatedTransactionId: number | null }[]): Promise<Map<number, number>> {
      const paymentIds = [...new Set(entries.flatMap((entry) => (entry.paymentId ? [entry.paymentId] : [])))];
      const guardianIds = [...new Set(entries.flatMap((entry) => (entry.reason === 'guardian_refund' ? [entry.transactionId] : entry.reason === 'guardian_refund_reversed' && entry.relatedTransactionId !== null ? [entry.relatedTransactionId] : [])))];
      const prices = new Map((await repository().amountsOf(userId, paymentIds)).map((row) => [row.id, row.amountKrw]));
      const guardian = new Map((await repository().guardianRefundAmountsOf(userId, guardianIds)).map((row) => [row.transactionId, row.amountKrw]));
      const money = new Map<number, number>();
      for (const entry of entries) {
        const price = entry.paymentId ? prices.get(entry.paymentId) : undefined;
        const amount =
          entry.reason === 'point_charge' ? price
          : entry.reason === 'refund_of_charge' ? (price === undefined ? undefined : -price)
          : entry.reason === 'refund_reversed' ? price
          : entry.reason === 'guardian_refund' ? (guardian.has(entry.transactionId) ? -guardian.get(entry.transactionId)! : undefined)
          : entry.reason === 'guardian_refund_reversed' && entry.relatedTransactionId !== null ? guardian.get(entry.relatedTransactionId)
          : undefined;
        if (amount !== undefined) money.set(entry.transactionId, amount);
      }
      return money;
    },

    /**
     * The gateway's success return. It acts only for the charge's owner, signed in in this
     * browser (the session cookie is SameSite=Lax, so it travels on the gateway's top-level
     * redirect): then it confirms with the gateway and credits. For anyone else it changes nothing
     * (a stranger holding an order id must not decide someone's charge; the signed webhook covers
     * an owner whose cookie did not travel). An order id nobody has is not found.
     */
    async confirmReturn(sessionUserId: string | null, input: { orderId: string; paymentKey: string; amount: number }): Promise<ReturnOutcome> {
      const payment = await repository().findByOrderId(input.orderId);
      if (!payment) throw chargeNotFound();
      if (payment.userId !== sessionUserId) return { chargeId: payment.id, acted: false };
      if (payment.status !== 'pending' && payment.status !== 'declined') return { chargeId: payment.id, acted: true };
      if (payment.ownerDeleted) {
        // Never confirmed, so never captured: for the gateway, the approval lapses.
        await repository().declinePending(payment.id, failure('ACCOUNT_DELETED'), clock.now());
        return { chargeId: payment.id, acted: true };
      }
      if (input.amount !== payment.amountKrw) {
        // A tampered amount in the return URL: never confirm another amount than the package's.
        await repository().declinePending(payment.id, failure('AMOUNT_MISMATCH'), clock.now());
        return { chargeId: payment.id, acted: true };
      }
      const result = await gateway.confirm({ orderId: payment.orderId, paymentKey: input.paymentKey, amountKrw: payment.amountKrw });
      if (result.ok) {
        const credited = await db.transaction((tx) => creditWithin(tx, payment, { paymentKey: result.paymentKey, method: result.method }));
        // Deleted meanwhile: captured, so cancelled at the gateway.
        if (!credited) await cancelForDeletedOwner(payment, result.paymentKey);
      } else if (result.code !== RETRIABLE_FAILURE_CODE) {
        await repository().declinePending(payment.id, failure(knownFailure(result.code)), clock.now());
      }
      return { chargeId: payment.id, acted: true };
    },

    /**
     * The gateway's failure return: declined with the gateway's code when it is one the app knows
     * (PAYMENT_FAILED otherwise), never with its text. Only for the owner, as confirmReturn.
     */
    async failReturn(sessionUserId: string | null, input: { orderId: string; code?: string }): Promise<ReturnOutcome> {
      const payment = await repository().findByOrderId(input.orderId);
      if (!payment) throw chargeNotFound();
      if (payment.userId !== sessionUserId) return { chargeId: payment.id, acted: false };
      await repository().declinePending(payment.id, failure(knownFailure(input.code)), clock.now());
      return { chargeId: payment.id, acted: true };
    },

    /**
     * What a verified webhook event does (docs/quality.md#s10): the event id is stored in the same
     * transaction as its effects, so the fifth delivery of an event changes nothing. An approval
     * for a deleted account is cancelled at the gateway first and never credited.
     */
    async handleGatewayEvent(event: GatewayEvent, from: PaymentGateway = gateway): Promise<void> {
      if (event.type === 'payment.approved' && event.paymentKey) {
        const payment = await repository().findByOrderId(event.orderId);
        if (payment?.ownerDeleted && (payment.status === 'pending' || payment.status === 'declined')) {
          await cancelForDeletedOwner(payment, event.paymentKey);
        }
      }
      const afterwards: string[] = [];
      await db.transaction(async (tx) => {
        const recorded = await repository(tx).recordWebhookEvent({ gateway: from.id, eventId: event.eventId, type: event.type, orderId: event.orderId, receivedAt: clock.now() });
        if (!recorded) return;
        const payment = await repository(tx).findByOrderId(event.orderId);
        if (!payment) return;
        if (event.type === 'payment.approved') {
          if (event.amountKrw !== payment.amountKrw || !event.paymentKey) return;
          await creditWithin(tx, payment, { paymentKey: event.paymentKey });
        } else if (event.type === 'payment.declined') {
          // The event and the customer's failure return race; both carry the gateway's code.
          await repository(tx).declinePending(payment.id, failure(knownFailure(event.code)), clock.now());
        } else if (payment.status === 'refunding') {
          // The gateway reports the cancellation: finish the refund (the same as our own finish).
          afterwards.push(payment.id);
        }
      });
      for (const paymentId of afterwards) {
        await db.transaction(async (tx) => {
          const payment = (await repository(tx).find(paymentId))!;
          await points.lockWalletWithin(tx, payment.userId);
          await repository(tx).markRefunded(paymentId, clock.now());
        });
      }
    },

    beginRefundWithin,
    finishRefund,

    /** The charge paid with a gateway order id, if it is one of ours (the sandbox's finished checkouts go back to it). */
    async chargeIdOfOrder(orderId: string): Promise<string | null> {
      return (await repository().findByOrderId(orderId))?.id ?? null;
    },

    /**
     * The account-deletion guard (docs/product.md#account-deletion): an account with a charge
     * still open at the gateway (pending within pendingChargeOpenMs, or refunding) is not deleted,
     * or the gateway could capture money for a wallet nobody can reach.
     */
    async openChargesRefusal(userId: string, tx: Tx): Promise<ErrorCode | null> {
      const openSince = new Date(clock.now().getTime() - pendingChargeOpenMs);
      return (await repository(tx).hasOpenCharges(userId, openSince)) ? 'users.deletion_payment_open' : null;
    },

    /** Repairs refunds a crash left between the gateway call and the finish (run by the scheduler). */
    async repairRefunds(stop?: AbortSignal) {
      const due = new Date(clock.now().getTime() - refundRepairAfterMs);
      let repaired = 0;
      for (const paymentId of await repository().refundsDueForRepair(due, 100)) {
        if (stop?.aborted) break;
        try {
          await finishRefund(paymentId);
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

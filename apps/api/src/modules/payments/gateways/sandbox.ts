import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isLanguage } from '@orchard/shared/locale-codes';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { sandboxGatewayCancellations, sandboxGatewayPayments } from '../payments.table.ts';
import {
  paymentMethods,
  type CancelResult,
  type CheckoutRequest,
  type ConfirmResult,
  type GatewayEvent,
  type PaymentGateway,
  type PaymentMethod,
} from './gateway.ts';
import {
  assertFresh,
  hmacSha256,
  parseJsonBody,
  signaturesEqual,
  singleHeader,
  WebhookVerificationError,
} from './webhook-signature.ts';

export const sandboxCheckoutPrefix = '/sandbox-pay';
export const sandboxSignatureHeader = 'orchard-sandbox-signature';

/**
 * Decline reasons the tester can pick, with the codes Toss Payments sends to failUrl for the same
 * situations (docs.tosspayments.com/reference/error-codes), so the app handles both gateways alike.
 */
export const sandboxDeclineReasons = {
  REJECT_CARD_PAYMENT: 'Insufficient funds on the card.',
  EXCEED_MAX_AMOUNT: 'The card limit has been exceeded.',
  REJECT_CARD_COMPANY: 'The card company declined the payment.',
  INVALID_CARD_LOST_OR_STOLEN: 'The card has been reported lost or stolen.',
  PAY_PROCESS_CANCELED: 'The payment was cancelled by the customer.',
} as const;
export type SandboxDeclineCode = keyof typeof sandboxDeclineReasons;

/** Toss's code when the customer closes the payment window without deciding. */
export const abandonedCode = 'PAY_PROCESS_CANCELED';

type CheckoutState = 'pending' | 'approved' | 'confirmed' | 'declined' | 'abandoned' | 'partially_cancelled' | 'cancelled';

export type SandboxCheckout = {
  checkoutId: string;
  request: CheckoutRequest;
  state: CheckoutState;
  createdAt: Date;
  paymentKey?: string;
  method?: PaymentMethod;
  approvedAt?: Date;
  decline?: { code: string; reason: string };
  cancel?: { idempotencyKey: string; cancelledAt: Date; reason: string };
  /** Partial cancellations so far, in the order they were made. */
  partialCancels: { idempotencyKey: string; amountKrw: number; cancelledAt: Date; reason: string }[];
};

/** What a webhook delivery needs: the app's webhook route answered in this process (app.inject). */
export type WebhookDelivery = (rawBody: Buffer, headers: Record<string, string>) => Promise<number>;

export type SandboxGateway = PaymentGateway & {
  readonly id: 'sandbox';
  getCheckout(checkoutId: string): Promise<SandboxCheckout | undefined>;
  /**
   * The customer approved on the checkout page: the URL to send the browser to. A checkout that
   * was declined or left already answers its failure return again and approves nothing.
   */
  approve(checkoutId: string, method: PaymentMethod): Promise<string>;
  decline(checkoutId: string, code: SandboxDeclineCode): Promise<string>;
  abandon(checkoutId: string): Promise<string>;
  /** Connects webhook delivery to the app (done by the module registration). */
  connect(deliver: WebhookDelivery): void;
  /** Every event sent so far, in order, with the status the webhook route answered. */
  readonly deliveries: { event: GatewayEvent; status: number | 'failed' }[];
  /** Sends an already-sent event again, as a gateway retrying would: same body, fresh timestamp. */
  redeliver(eventId: string): Promise<number>;
  /** Resolves once every delivery scheduled so far has been answered (tests). */
  settled(): Promise<void>;
  /** The signed headers for a body, for tests that forge or replay deliveries. */
  sign(rawBody: Buffer, sentAt?: Date): Record<string, string>;
};

const sandboxEventSchema = z.strictObject({
  eventId: z.string().min(1).max(100),
  type: z.enum(['payment.approved', 'payment.declined', 'payment.cancelled']),
  orderId: z.string().min(1).max(200),
  paymentKey: z.string().min(1).max(200).optional(),
  amountKrw: z.number().int().nonnegative().optional(),
  code: z.string().min(1).max(100).optional(),
  reason: z.string().max(500).optional(),
});

const newKey = (prefix: string) => `${prefix}_${randomBytes(16).toString('base64url')}`;

type PaymentRow = typeof sandboxGatewayPayments.$inferSelect;

/** A cancellation the gateway refuses: thrown inside its transaction so the cancellation row goes too. */
class CancelRefused extends Error {
  constructor(readonly result: CancelResult & { ok: false }) {
    super(result.reason);
  }
}

const refusedCancel = (code: string, reason: string) => new CancelRefused({ ok: false, code, reason });

/**
 * docs/product.md#payments: the built-in sandbox gateway, the default. It behaves like Toss Payments'
 * redirect flow: a checkout page, successUrl with paymentKey/orderId/amount, failUrl with
 * code/message, confirm answered truthfully, cancel idempotent by key, and signed webhooks.
 *
 * Its checkouts and payments live in the database (docs/decisions/078-sandbox-gateway-in-the-database.md),
 * as a real gateway's live on its side: a restart or a second API process sees them, so a charge
 * confirmed before a restart is refunded after it. Every state change is one UPDATE guarded by the
 * expected status. Webhook deliveries stay in this process: each process delivers the events of
 * the changes it made to its own webhook route.
 */
export function createSandboxGateway(options: { db: Db; publicUrl: URL; clock: Clock; webhookSecret: string }): SandboxGateway {
  const { db, publicUrl, clock, webhookSecret } = options;
  const sentBodies = new Map<string, Buffer>();
  const deliveries: SandboxGateway['deliveries'] = [];
  const inFlight = new Set<Promise<unknown>>();
  let deliver: WebhookDelivery | undefined;

  function sign(rawBody: Buffer, sentAt: Date = clock.now()): Record<string, string> {
    const timestamp = String(Math.floor(sentAt.getTime() / 1000));
    const signature = hmacSha256(webhookSecret, `${timestamp}.`, rawBody).toString('hex');
    return { 'content-type': 'application/json', [sandboxSignatureHeader]: `t=${timestamp},v1=${signature}` };
  }

  async function send(eventId: string): Promise<number> {
    const body = sentBodies.get(eventId);
    if (!body) throw new Error(`the sandbox never sent event ${eventId}`);
    if (!deliver) throw new Error('the sandbox gateway is not connected to the app');
    return deliver(body, sign(body));
  }

  /**
   * Webhooks go out after the current call returns: confirm and cancel are called from inside the
   * payments service, and a webhook handled synchronously there could wait on that very request's
   * row locks.
   */
  function emit(event: Omit<GatewayEvent, 'eventId'>) {
    const full: GatewayEvent = { eventId: newKey('evt'), ...event };
    sentBodies.set(full.eventId, Buffer.from(JSON.stringify(full)));
    const record: SandboxGateway['deliveries'][number] = { event: full, status: 'failed' };
    deliveries.push(record);
    const delivery = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => send(full.eventId))
      .then(
        (status) => {
          record.status = status;
        },
        () => {
          record.status = 'failed';
        },
      )
      .finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
  }

  function withQuery(base: string, query: Record<string, string>) {
    const url = new URL(base);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url.href;
  }

  /** Where a checkout that ended in a decline or an abandon sends the browser: its failure return, every time. */
  const failureRedirect = (row: PaymentRow) =>
    withQuery(row.failUrl, { code: row.declineCode!, message: row.declineReason!, orderId: row.orderId });

  const findByCheckoutId = async (checkoutId: string) =>
    (await db.select().from(sandboxGatewayPayments).where(eq(sandboxGatewayPayments.checkoutId, checkoutId)))[0];
  const findByPaymentKey = async (paymentKey: string) =>
    (await db.select().from(sandboxGatewayPayments).where(eq(sandboxGatewayPayments.paymentKey, paymentKey)))[0];

  /** Moves a pending checkout on, or (it is not pending) says why not. Exactly one caller moves it. */
  async function closePending(checkoutId: string, changes: Partial<PaymentRow>): Promise<PaymentRow> {
    const [row] = await db
      .update(sandboxGatewayPayments)
      .set({ ...changes, updatedAt: clock.now() })
      .where(and(eq(sandboxGatewayPayments.checkoutId, checkoutId), eq(sandboxGatewayPayments.status, 'pending')))
      .returning();
    if (row) return row;
    const current = await findByCheckoutId(checkoutId);
    if (!current) throw new SandboxCheckoutError('not_found', 'There is no such sandbox checkout.');
    // Declined or left: the same failure return again (a second click, or Back and approve), never a payment.
    if (current.status === 'declined' || current.status === 'abandoned') throw new FailedCheckout(failureRedirect(current));
    throw new SandboxCheckoutError('closed', 'This sandbox checkout is already finished.');
  }

  /** closePending for the page's actions: a failed checkout's failure return is an answer, not an error. */
  async function act(checkoutId: string, changes: Partial<PaymentRow>, then: (row: PaymentRow) => string): Promise<string> {
    try {
      return then(await closePending(checkoutId, changes));
    } catch (error) {
      if (error instanceof FailedCheckout) return error.redirect;
      throw error;
    }
  }

  return {
    id: 'sandbox',
    deliveries,

    async createCheckout(request) {
      if (!Number.isSafeInteger(request.amountKrw) || request.amountKrw <= 0) {
        throw new Error('amountKrw must be a positive integer number of won');
      }
      if (!paymentMethods.includes(request.method)) throw new Error(`unknown payment method ${request.method}`);
      // The sandbox redirects only within the app: it must not become an open redirect.
      for (const target of [request.successUrl, request.failUrl]) {
        if (new URL(target).origin !== publicUrl.origin) throw new Error(`the sandbox redirects only to ${publicUrl.origin}`);
      }
      const checkoutId = newKey('chk');
      const now = clock.now();
      await db.insert(sandboxGatewayPayments).values({
        checkoutId,
        orderId: request.orderId,
        orderName: request.orderName,
        amountKrw: request.amountKrw,
        method: request.method,
        successUrl: request.successUrl,
        failUrl: request.failUrl,
        language: request.language ?? null,
        createdAt: now,
        updatedAt: now,
      });
      const checkoutUrl = new URL(`${sandboxCheckoutPrefix}/checkout/${checkoutId}`, publicUrl);
      if (request.language) checkoutUrl.searchParams.set('lang', request.language);
      return { checkoutUrl: checkoutUrl.href };
    },

    async getCheckout(checkoutId) {
      const row = await findByCheckoutId(checkoutId);
      if (!row) return undefined;
      const cancels = await db
        .select()
        .from(sandboxGatewayCancellations)
        .where(eq(sandboxGatewayCancellations.checkoutId, checkoutId))
        .orderBy(asc(sandboxGatewayCancellations.id));
      const whole = cancels.find((cancel) => !cancel.partial);
      return {
        checkoutId: row.checkoutId,
        request: {
          orderId: row.orderId,
          amountKrw: row.amountKrw,
          orderName: row.orderName,
          method: row.method as PaymentMethod,
          successUrl: row.successUrl,
          failUrl: row.failUrl,
          ...(isLanguage(row.language) ? { language: row.language } : {}),
        },
        state: row.status as CheckoutState,
        createdAt: row.createdAt,
        ...(row.paymentKey ? { paymentKey: row.paymentKey } : {}),
        ...(row.status === 'pending' ? {} : { method: row.method as PaymentMethod }),
        ...(row.approvedAt ? { approvedAt: row.approvedAt } : {}),
        ...(row.status === 'declined' ? { decline: { code: row.declineCode!, reason: row.declineReason! } } : {}),
        ...(whole ? { cancel: { idempotencyKey: whole.idempotencyKey, cancelledAt: whole.cancelledAt, reason: whole.reason } } : {}),
        partialCancels: cancels
          .filter((cancel) => cancel.partial)
          .map(({ idempotencyKey, amountKrw, cancelledAt, reason }) => ({ idempotencyKey, amountKrw, cancelledAt, reason })),
      };
    },

    async approve(checkoutId, method) {
      const successRedirect = (row: PaymentRow) => withQuery(row.successUrl, { paymentKey: row.paymentKey!, orderId: row.orderId, amount: String(row.amountKrw) });
      try {
        // As Toss: the payment is only authorised here; the shop's confirm captures it.
        return await act(checkoutId, { status: 'approved', method, paymentKey: newKey('sbx') }, successRedirect);
      } catch (error) {
        // The same approval again, its first answer lost (a dropped connection, a process gone): the same
        // success return, authorising nothing new, so the browser brings the payment key back to the shop.
        if (!(error instanceof SandboxCheckoutError) || error.reason !== 'closed') throw error;
        const current = await findByCheckoutId(checkoutId);
        if (current?.paymentKey && (current.status === 'approved' || current.status === 'confirmed')) return successRedirect(current);
        throw error;
      }
    },

    decline(checkoutId, code) {
      const reason = sandboxDeclineReasons[code];
      return act(checkoutId, { status: 'declined', paymentKey: newKey('sbx'), declineCode: code, declineReason: reason }, (row) => {
        emit({ type: 'payment.declined', orderId: row.orderId, paymentKey: row.paymentKey!, code, reason });
        return failureRedirect(row);
      });
    },

    abandon(checkoutId) {
      return act(checkoutId, { status: 'abandoned', declineCode: abandonedCode, declineReason: 'The customer left the payment page.' }, failureRedirect);
    },

    async confirm({ orderId, paymentKey, amountKrw }): Promise<ConfirmResult> {
      const payment = await findByPaymentKey(paymentKey);
      if (!payment || payment.orderId !== orderId) {
        return { ok: false, code: 'NOT_FOUND_PAYMENT', reason: 'There is no such payment.' };
      }
      if (payment.amountKrw !== amountKrw) {
        return { ok: false, code: 'INVALID_REQUEST', reason: 'The amount differs from the amount the customer approved.' };
      }
      if (payment.status === 'declined') return { ok: false, code: payment.declineCode!, reason: payment.declineReason! };
      const [captured] = await db
        .update(sandboxGatewayPayments)
        .set({ status: 'confirmed', approvedAt: clock.now(), updatedAt: clock.now() })
        .where(and(eq(sandboxGatewayPayments.paymentKey, paymentKey), eq(sandboxGatewayPayments.status, 'approved')))
        .returning();
      if (captured) emit({ type: 'payment.approved', orderId, paymentKey, amountKrw });
      // Confirmed before (here or by another process): the same answer again, so a retried confirm is harmless.
      const current = captured ?? (await findByPaymentKey(paymentKey))!;
      if (current.status === 'cancelled') {
        return { ok: false, code: 'ALREADY_CANCELED_PAYMENT', reason: 'This payment has been cancelled.' };
      }
      return { ok: true, paymentKey, method: current.method as PaymentMethod, approvedAt: current.approvedAt! };
    },

    async cancel({ paymentKey, reason, amountKrw, cancelAmountKrw, idempotencyKey }): Promise<CancelResult> {
      const payment = await findByPaymentKey(paymentKey);
      if (!payment) return { ok: false, code: 'NOT_FOUND_PAYMENT', reason: 'There is no such payment.' };
      const { checkoutId } = payment;
      const partial = cancelAmountKrw !== undefined;
      // A partial cancellation (Toss's cancelAmount) of a whole number of won, at most what is not cancelled yet.
      if (partial && (!Number.isSafeInteger(cancelAmountKrw) || cancelAmountKrw <= 0 || cancelAmountKrw > payment.amountKrw)) {
        return { ok: false, code: 'NOT_CANCELABLE_AMOUNT', reason: 'The amount is more than what is left of the payment.' };
      }
      const cancelledAt = clock.now();
      let result: { cancelledAt: Date; replayed: boolean };
      try {
        result = await db.transaction(async (tx) => {
          // As Toss's Idempotency-Key: the same key replays the first answer. The key's row is
          // written first, so the same key sent twice at once waits here for the first to finish.
          const [recorded] = await tx
            .insert(sandboxGatewayCancellations)
            .values({ checkoutId, idempotencyKey, amountKrw: cancelAmountKrw ?? payment.amountKrw, partial, reason, cancelledAt })
            .onConflictDoNothing()
            .returning();
          if (!recorded) {
            const [earlier] = await tx
              .select()
              .from(sandboxGatewayCancellations)
              .where(and(eq(sandboxGatewayCancellations.checkoutId, checkoutId), eq(sandboxGatewayCancellations.idempotencyKey, idempotencyKey)));
            return { cancelledAt: earlier!.cancelledAt, replayed: true };
          }
          const table = sandboxGatewayPayments;
          if (partial) {
            const [cancelled] = await tx
              .update(table)
              .set({
                cancelledKrw: sql`${table.cancelledKrw} + ${cancelAmountKrw}`,
                status: sql`case when ${table.cancelledKrw} + ${cancelAmountKrw} = ${table.amountKrw} then 'cancelled' else 'partially_cancelled' end`,
                updatedAt: cancelledAt,
              })
              .where(
                and(
                  eq(table.checkoutId, checkoutId),
                  inArray(table.status, ['confirmed', 'partially_cancelled']),
                  sql`${table.cancelledKrw} + ${cancelAmountKrw} <= ${table.amountKrw}`,
                ),
              )
              .returning();
            if (cancelled) return { cancelledAt, replayed: false };
            const current = (await tx.select().from(table).where(eq(table.checkoutId, checkoutId)))[0]!;
            if (current.status === 'cancelled') throw refusedCancel('ALREADY_CANCELED_PAYMENT', 'Only a confirmed payment can be cancelled.');
            if (current.status !== 'confirmed' && current.status !== 'partially_cancelled') {
              throw refusedCancel('NOT_CANCELABLE_PAYMENT', 'Only a confirmed payment can be cancelled.');
            }
            throw refusedCancel('NOT_CANCELABLE_AMOUNT', 'The amount is more than what is left of the payment.');
          }
          // docs/product.md#refunds: a customer's refund is of a whole charge only, never after a partial one.
          const [cancelled] = await tx
            .update(table)
            .set({ status: 'cancelled', cancelledKrw: table.amountKrw, updatedAt: cancelledAt })
            .where(and(eq(table.checkoutId, checkoutId), eq(table.status, 'confirmed'), eq(table.cancelledKrw, 0), eq(table.amountKrw, amountKrw)))
            .returning();
          if (cancelled) return { cancelledAt, replayed: false };
          const current = (await tx.select().from(table).where(eq(table.checkoutId, checkoutId)))[0]!;
          if (current.status === 'cancelled') throw refusedCancel('ALREADY_CANCELED_PAYMENT', 'This payment has already been cancelled.');
          if (current.status !== 'confirmed' && current.status !== 'partially_cancelled') {
            throw refusedCancel('NOT_CANCELABLE_PAYMENT', 'Only a confirmed payment can be cancelled.');
          }
          throw refusedCancel('NOT_CANCELABLE_AMOUNT', 'Only the whole amount can be cancelled.');
        });
      } catch (error) {
        if (error instanceof CancelRefused) return error.result;
        throw error;
      }
      // A new cancellation (not a replay) is announced once its transaction has committed.
      if (!result.replayed) {
        emit({ type: 'payment.cancelled', orderId: payment.orderId, paymentKey, amountKrw: cancelAmountKrw ?? amountKrw, reason });
      }
      return { ok: true, cancelledAt: result.cancelledAt };
    },

    parseWebhook(rawBody, headers) {
      const header = singleHeader(headers, sandboxSignatureHeader);
      if (!header) throw new WebhookVerificationError('unsigned', 'The webhook carries no signature.');
      const fields = new Map(
        header.split(',').map((pair) => {
          const at = pair.indexOf('=');
          return [pair.slice(0, at).trim(), pair.slice(at + 1).trim()] as const;
        }),
      );
      const timestamp = fields.get('t');
      const signature = fields.get('v1');
      if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !signature || !/^[0-9a-f]{64}$/.test(signature)) {
        throw new WebhookVerificationError('signature_invalid', 'The webhook signature header is malformed.');
      }
      // The signature covers the timestamp, so a captured event cannot be re-dated; checked first
      // so a forger learns nothing about the tolerance.
      const expected = hmacSha256(webhookSecret, `${timestamp}.`, rawBody);
      if (!signaturesEqual(expected, Buffer.from(signature, 'hex'))) {
        throw new WebhookVerificationError('signature_invalid', 'The webhook signature does not match its body.');
      }
      assertFresh(new Date(Number(timestamp) * 1000), clock.now());
      const parsed = sandboxEventSchema.safeParse(parseJsonBody(rawBody));
      if (!parsed.success) throw new WebhookVerificationError('malformed', 'The webhook body is not a sandbox event.');
      return parsed.data;
    },

    connect(next) {
      deliver = next;
    },

    redeliver: (eventId) => send(eventId),

    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },

    sign,
  };
}

/** A checkout that ended in a decline or an abandon: where the browser goes instead (its failure return). */
class FailedCheckout extends Error {
  constructor(readonly redirect: string) {
    super('the sandbox checkout has failed');
  }
}

export class SandboxCheckoutError extends Error {
  constructor(
    readonly reason: 'not_found' | 'closed',
    message: string,
  ) {
    super(message);
    this.name = 'SandboxCheckoutError';
  }
}

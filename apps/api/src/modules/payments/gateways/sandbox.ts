import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../../../lib/clock.ts';
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

type CheckoutState = 'pending' | 'approved' | 'confirmed' | 'declined' | 'abandoned' | 'cancelled';

export type SandboxCheckout = {
  checkoutId: string;
  request: CheckoutRequest;
  state: CheckoutState;
  createdAt: Date;
  paymentKey?: string;
  method?: PaymentMethod;
  approvedAt?: Date;
  decline?: { code: SandboxDeclineCode; reason: string };
  cancel?: { idempotencyKey: string; cancelledAt: Date; reason: string };
  /** Partial cancellations so far (the payment stays confirmed while part of it is left). */
  partialCancels?: { idempotencyKey: string; amountKrw: number; cancelledAt: Date; reason: string }[];
};

/** What a webhook delivery needs: the app's webhook route answered in this process (app.inject). */
export type WebhookDelivery = (rawBody: Buffer, headers: Record<string, string>) => Promise<number>;

export type SandboxGateway = PaymentGateway & {
  readonly id: 'sandbox';
  getCheckout(checkoutId: string): SandboxCheckout | undefined;
  /** The customer approved on the checkout page: the URL to send the browser to. */
  approve(checkoutId: string, method: PaymentMethod): string;
  decline(checkoutId: string, code: SandboxDeclineCode): string;
  abandon(checkoutId: string): string;
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

/**
 * docs/product.md#payments: the built-in sandbox gateway, the default. It behaves like Toss Payments'
 * redirect flow: a checkout page, successUrl with paymentKey/orderId/amount, failUrl with
 * code/message, confirm answered truthfully, cancel idempotent by key, and signed webhooks.
 *
 * State lives in this process's memory: it is a development and test tool, refused in production
 * unless allowed, and its checkouts last minutes. A restart forgets open checkouts; confirming one
 * afterwards answers NOT_FOUND_PAYMENT, which the app must handle for real gateways anyway (a
 * payment window that expired). A persistent table would need a migration shared with the ledger
 * work; revisit if the sandbox must serve several API instances.
 */
export function createSandboxGateway(options: { publicUrl: URL; clock: Clock; webhookSecret: string }): SandboxGateway {
  const { publicUrl, clock, webhookSecret } = options;
  const checkouts = new Map<string, SandboxCheckout>();
  const byPaymentKey = new Map<string, SandboxCheckout>();
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

  function openCheckout(checkoutId: string): SandboxCheckout {
    const checkout = checkouts.get(checkoutId);
    if (!checkout) throw new SandboxCheckoutError('not_found', 'There is no such sandbox checkout.');
    if (checkout.state !== 'pending') throw new SandboxCheckoutError('closed', 'This sandbox checkout is already finished.');
    return checkout;
  }

  function withQuery(base: string, query: Record<string, string>) {
    const url = new URL(base);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url.href;
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
      checkouts.set(checkoutId, { checkoutId, request: { ...request }, state: 'pending', createdAt: clock.now() });
      const checkoutUrl = new URL(`${sandboxCheckoutPrefix}/checkout/${checkoutId}`, publicUrl);
      if (request.language) checkoutUrl.searchParams.set('lang', request.language);
      return { checkoutUrl: checkoutUrl.href };
    },

    getCheckout: (checkoutId) => checkouts.get(checkoutId),

    approve(checkoutId, method) {
      const checkout = openCheckout(checkoutId);
      checkout.state = 'approved';
      checkout.method = method;
      checkout.paymentKey = newKey('sbx');
      byPaymentKey.set(checkout.paymentKey, checkout);
      // As Toss: the payment is only authorised here; the shop's confirm captures it.
      return withQuery(checkout.request.successUrl, {
        paymentKey: checkout.paymentKey,
        orderId: checkout.request.orderId,
        amount: String(checkout.request.amountKrw),
      });
    },

    decline(checkoutId, code) {
      const checkout = openCheckout(checkoutId);
      const reason = sandboxDeclineReasons[code];
      checkout.state = 'declined';
      checkout.paymentKey = newKey('sbx');
      checkout.decline = { code, reason };
      byPaymentKey.set(checkout.paymentKey, checkout);
      emit({ type: 'payment.declined', orderId: checkout.request.orderId, paymentKey: checkout.paymentKey, code, reason });
      return withQuery(checkout.request.failUrl, { code, message: reason, orderId: checkout.request.orderId });
    },

    abandon(checkoutId) {
      const checkout = openCheckout(checkoutId);
      checkout.state = 'abandoned';
      return withQuery(checkout.request.failUrl, {
        code: abandonedCode,
        message: 'The customer left the payment page.',
        orderId: checkout.request.orderId,
      });
    },

    async confirm({ orderId, paymentKey, amountKrw }): Promise<ConfirmResult> {
      const checkout = byPaymentKey.get(paymentKey);
      if (!checkout || checkout.request.orderId !== orderId) {
        return { ok: false, code: 'NOT_FOUND_PAYMENT', reason: 'There is no such payment.' };
      }
      if (checkout.request.amountKrw !== amountKrw) {
        return { ok: false, code: 'INVALID_REQUEST', reason: 'The amount differs from the amount the customer approved.' };
      }
      if (checkout.state === 'declined') {
        return { ok: false, code: checkout.decline!.code, reason: checkout.decline!.reason };
      }
      if (checkout.state === 'cancelled') {
        return { ok: false, code: 'ALREADY_CANCELED_PAYMENT', reason: 'This payment has been cancelled.' };
      }
      if (checkout.state === 'approved') {
        checkout.state = 'confirmed';
        checkout.approvedAt = clock.now();
        emit({ type: 'payment.approved', orderId, paymentKey, amountKrw });
      }
      // Confirmed before: the same answer again, so a retried confirm is harmless.
      return { ok: true, paymentKey, method: checkout.method!, approvedAt: checkout.approvedAt! };
    },

    async cancel({ paymentKey, reason, amountKrw, cancelAmountKrw, idempotencyKey }): Promise<CancelResult> {
      const checkout = byPaymentKey.get(paymentKey);
      if (!checkout) return { ok: false, code: 'NOT_FOUND_PAYMENT', reason: 'There is no such payment.' };
      // As Toss's Idempotency-Key: the same key replays the first answer.
      const earlierPart = checkout.partialCancels?.find((part) => part.idempotencyKey === idempotencyKey);
      if (earlierPart) return { ok: true, cancelledAt: earlierPart.cancelledAt };
      if (cancelAmountKrw !== undefined) {
        // A partial cancellation (Toss's cancelAmount): at most what is not cancelled yet.
        if (checkout.state !== 'confirmed') {
          return { ok: false, code: checkout.state === 'cancelled' ? 'ALREADY_CANCELED_PAYMENT' : 'NOT_CANCELABLE_PAYMENT', reason: 'Only a confirmed payment can be cancelled.' };
        }
        const cancelled = (checkout.partialCancels ?? []).reduce((sum, part) => sum + part.amountKrw, 0);
        if (!Number.isSafeInteger(cancelAmountKrw) || cancelAmountKrw <= 0 || cancelAmountKrw > checkout.request.amountKrw - cancelled) {
          return { ok: false, code: 'NOT_CANCELABLE_AMOUNT', reason: 'The amount is more than what is left of the payment.' };
        }
        const part = { idempotencyKey, amountKrw: cancelAmountKrw, cancelledAt: clock.now(), reason };
        checkout.partialCancels = [...(checkout.partialCancels ?? []), part];
        if (cancelled + cancelAmountKrw === checkout.request.amountKrw) checkout.state = 'cancelled';
        emit({ type: 'payment.cancelled', orderId: checkout.request.orderId, paymentKey, amountKrw: cancelAmountKrw, reason });
        return { ok: true, cancelledAt: part.cancelledAt };
      }
      if (checkout.state === 'cancelled') {
        // As Toss's Idempotency-Key: the same key replays the first answer; another key is refused.
        if (checkout.cancel!.idempotencyKey === idempotencyKey) return { ok: true, cancelledAt: checkout.cancel!.cancelledAt };
        return { ok: false, code: 'ALREADY_CANCELED_PAYMENT', reason: 'This payment has already been cancelled.' };
      }
      if (checkout.state !== 'confirmed') {
        return { ok: false, code: 'NOT_CANCELABLE_PAYMENT', reason: 'Only a confirmed payment can be cancelled.' };
      }
      // docs/product.md#refunds: a customer's refund is of a whole charge only, never after a partial one.
      if (amountKrw !== checkout.request.amountKrw || (checkout.partialCancels?.length ?? 0) > 0) {
        return { ok: false, code: 'NOT_CANCELABLE_AMOUNT', reason: 'Only the whole amount can be cancelled.' };
      }
      checkout.state = 'cancelled';
      checkout.cancel = { idempotencyKey, cancelledAt: clock.now(), reason };
      emit({ type: 'payment.cancelled', orderId: checkout.request.orderId, paymentKey, amountKrw, reason });
      return { ok: true, cancelledAt: checkout.cancel.cancelledAt };
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

export class SandboxCheckoutError extends Error {
  constructor(
    readonly reason: 'not_found' | 'closed',
    message: string,
  ) {
    super(message);
    this.name = 'SandboxCheckoutError';
  }
}

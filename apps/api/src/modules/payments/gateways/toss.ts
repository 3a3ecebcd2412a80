import { z } from 'zod';
import type { Clock } from '../../../lib/clock.ts';
import {
  RETRIABLE_FAILURE_CODE,
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
  WebhookIgnoredError,
  WebhookVerificationError,
} from './webhook-signature.ts';

/*
 * Toss Payments core API v1, as documented (docs.tosspayments.com/reference, read through the
 * search corpus; their official samples tosspayments/tosspayments-sample-v1 confirm the calls):
 * - Auth: `Authorization: Basic base64(secretKey + ':')` — the secret key is the user name, with no
 *   password, hence the trailing colon (reference/using-api/authorization).
 * - Confirm: `POST /v1/payments/confirm` `{ paymentKey, orderId, amount }` → the Payment object
 *   (`status: 'DONE'`, `totalAmount`, `method`, `easyPay.provider`, `approvedAt` in ISO 8601 +09:00).
 * - Cancel: `POST /v1/payments/{paymentKey}/cancel` `{ cancelReason }` (no cancelAmount = the whole
 *   payment) with an `Idempotency-Key` header, so a retried cancel replays the first answer
 *   → the Payment object with `cancels[].canceledAt`.
 * - Errors: an HTTP status and `{ code, message }` (reference/error-codes), e.g.
 *   ALREADY_PROCESSED_PAYMENT, REJECT_CARD_PAYMENT, NOT_FOUND_PAYMENT, ALREADY_CANCELED_PAYMENT;
 *   5xx and PROVIDER_ERROR / FAILED_INTERNAL_SYSTEM_PROCESSING are temporary.
 * - Payment window: `successUrl?paymentKey=&orderId=&amount=`, `failUrl?code=&message=&orderId=`.
 *   The window is opened from a server-created payment (`POST /v1/payments` with method, amount,
 *   orderId, orderName, successUrl, failUrl → `checkout.url`, the field every Payment object
 *   carries), so the app needs no third-party script under its CSP. Not yet exercised against a
 *   live test account: check it with TOSS_* test keys before going live.
 * - Webhooks (reference/using-api/webhook-events): `{ eventType, createdAt, data: Payment }` for
 *   PAYMENT_STATUS_CHANGED. Signed webhooks carry `tosspayments-webhook-signature: v1:<base64>,v1:…`
 *   and `tosspayments-webhook-transmission-time`; the signature is HMAC-SHA256 of
 *   `{rawBody}:{transmissionTime}` with the webhook security key (techchat.tosspayments.com). Toss
 *   documents that signature for payout/seller events only; docs/quality.md#s10 refuses any unsigned event here, so
 *   payment-status webhooks count only once Toss signs them — until then the confirm on return
 *   (and a later confirm retry, answered idempotently) is what credits a payment.
 */

export type TossSettings = {
  secretKey: string;
  clientKey: string;
  apiUrl: string;
  webhookSecret: string;
  timeoutMs: number;
};

const temporaryCodes = new Set(['PROVIDER_ERROR', 'FAILED_INTERNAL_SYSTEM_PROCESSING', 'FAILED_PAYMENT_INTERNAL_SYSTEM_PROCESSING', 'UNKNOWN_PAYMENT_ERROR']);

const tossErrorSchema = z.object({ code: z.string(), message: z.string() });
const tossPaymentSchema = z.object({
  paymentKey: z.string(),
  orderId: z.string(),
  status: z.string(),
  totalAmount: z.number().int(),
  method: z.string().nullish(),
  approvedAt: z.string().nullish(),
  lastTransactionKey: z.string().nullish(),
  easyPay: z.object({ provider: z.string().nullish() }).nullish(),
  cancels: z.array(z.object({ canceledAt: z.string(), cancelAmount: z.number().optional() })).nullish(),
  failure: z.object({ code: z.string().nullish(), message: z.string().nullish() }).nullish(),
  checkout: z.object({ url: z.string() }).nullish(),
});
type TossPayment = z.infer<typeof tossPaymentSchema>;
const tossWebhookSchema = z.object({
  eventType: z.string(),
  createdAt: z.string().optional(),
  eventId: z.string().optional(),
  data: tossPaymentSchema,
});

const windowMethods: Record<PaymentMethod, { method: 'CARD' | 'TRANSFER'; easyPay?: string }> = {
  card: { method: 'CARD' },
  bank_transfer: { method: 'TRANSFER' },
  // Easy-pay apps open directly from the card window (flowMode DIRECT with the provider).
  kakao_pay: { method: 'CARD', easyPay: 'KAKAOPAY' },
  naver_pay: { method: 'CARD', easyPay: 'NAVERPAY' },
  toss_pay: { method: 'CARD', easyPay: 'TOSSPAY' },
};

/** Toss answers `method` in Korean (API version 2022-11-16) and names the easy-pay provider. */
export function methodOfTossPayment(payment: Pick<TossPayment, 'method' | 'easyPay'>): PaymentMethod {
  const provider = (payment.easyPay?.provider ?? '').replace(/\s/g, '').toLowerCase();
  if (provider.includes('카카오') || provider.includes('kakao')) return 'kakao_pay';
  if (provider.includes('네이버') || provider.includes('naver')) return 'naver_pay';
  if (provider.includes('토스') || provider.includes('toss')) return 'toss_pay';
  const method = (payment.method ?? '').toUpperCase();
  if (method === '계좌이체' || method === 'TRANSFER') return 'bank_transfer';
  return 'card';
}

type TossAnswer =
  | { kind: 'ok'; payment: TossPayment }
  | { kind: 'error'; code: string; reason: string }
  | { kind: 'unavailable'; reason: string };

export function createTossGateway(options: { settings: TossSettings; clock: Clock; fetch?: typeof fetch }): PaymentGateway {
  const { settings, clock } = options;
  const fetchImpl = options.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(`${settings.secretKey}:`).toString('base64')}`;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<TossAnswer> {
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(new URL(path, settings.apiUrl), {
        method,
        headers: {
          Authorization: authorization,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        // Every call is bounded: a hung gateway must not hold a request (and its locks) open.
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return { kind: 'unavailable', reason: timedOut ? 'Toss Payments did not answer in time.' : 'Toss Payments could not be reached.' };
    }
    if (response.status >= 500) return { kind: 'unavailable', reason: `Toss Payments answered ${response.status}.` };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { kind: 'unavailable', reason: 'Toss Payments answered something that is not JSON.' };
    }
    if (!response.ok) {
      const error = tossErrorSchema.safeParse(json);
      if (!error.success) return { kind: 'unavailable', reason: `Toss Payments answered ${response.status}.` };
      if (temporaryCodes.has(error.data.code)) return { kind: 'unavailable', reason: error.data.message };
      return { kind: 'error', code: error.data.code, reason: error.data.message };
    }
    const payment = tossPaymentSchema.safeParse(json);
    if (!payment.success) return { kind: 'unavailable', reason: 'Toss Payments answered an unexpected payment shape.' };
    return { kind: 'ok', payment: payment.data };
  }

  function confirmedResult(payment: TossPayment, input: { orderId: string; amountKrw: number }): ConfirmResult {
    if (payment.orderId !== input.orderId || payment.totalAmount !== input.amountKrw) {
      return { ok: false, code: 'INVALID_REQUEST', reason: 'Toss Payments holds a different order or amount for this payment.' };
    }
    if (payment.status !== 'DONE' || !payment.approvedAt) {
      return {
        ok: false,
        code: payment.failure?.code ?? `PAYMENT_${payment.status}`,
        reason: payment.failure?.message ?? `The payment is ${payment.status}.`,
      };
    }
    return { ok: true, paymentKey: payment.paymentKey, method: methodOfTossPayment(payment), approvedAt: new Date(payment.approvedAt) };
  }

  return {
    id: 'toss',

    async createCheckout(request: CheckoutRequest) {
      const window = windowMethods[request.method];
      const answer = await call('POST', '/v1/payments', {
        method: window.method,
        amount: request.amountKrw,
        orderId: request.orderId,
        orderName: request.orderName,
        successUrl: request.successUrl,
        failUrl: request.failUrl,
        ...(window.easyPay ? { flowMode: 'DIRECT', easyPay: window.easyPay } : {}),
      });
      if (answer.kind !== 'ok' || !answer.payment.checkout?.url) {
        throw new TossGatewayError(answer.kind === 'error' ? answer.code : RETRIABLE_FAILURE_CODE, answer.kind === 'ok' ? 'No checkout URL.' : answer.reason);
      }
      return { checkoutUrl: answer.payment.checkout.url };
    },

    async confirm(input) {
      const answer = await call('POST', '/v1/payments/confirm', {
        paymentKey: input.paymentKey,
        orderId: input.orderId,
        amount: input.amountKrw,
      });
      if (answer.kind === 'ok') return confirmedResult(answer.payment, input);
      if (answer.kind === 'unavailable') return { ok: false, code: RETRIABLE_FAILURE_CODE, reason: answer.reason };
      if (answer.code === 'ALREADY_PROCESSED_PAYMENT') {
        // A retried confirm: Toss refuses the second call, so read the payment and answer as the
        // first time did — confirm stays idempotent for the caller across gateways.
        const lookup = await call('GET', `/v1/payments/${encodeURIComponent(input.paymentKey)}`);
        if (lookup.kind === 'ok') return confirmedResult(lookup.payment, input);
        if (lookup.kind === 'unavailable') return { ok: false, code: RETRIABLE_FAILURE_CODE, reason: lookup.reason };
        return { ok: false, code: lookup.code, reason: lookup.reason };
      }
      return { ok: false, code: answer.code, reason: answer.reason };
    },

    async cancel({ paymentKey, reason, cancelAmountKrw, idempotencyKey }): Promise<CancelResult> {
      // A partial cancellation sends cancelAmount; Toss then answers PARTIAL_CANCELED (CANCELED when nothing is left).
      const body = cancelAmountKrw === undefined ? { cancelReason: reason } : { cancelReason: reason, cancelAmount: cancelAmountKrw };
      const answer = await call('POST', `/v1/payments/${encodeURIComponent(paymentKey)}/cancel`, body, idempotencyKey);
      if (answer.kind === 'unavailable') return { ok: false, code: RETRIABLE_FAILURE_CODE, reason: answer.reason };
      if (answer.kind === 'error') return { ok: false, code: answer.code, reason: answer.reason };
      const cancels = answer.payment.cancels ?? [];
      const last = cancels[cancels.length - 1];
      const done = cancelAmountKrw === undefined ? answer.payment.status === 'CANCELED' : answer.payment.status === 'PARTIAL_CANCELED' || answer.payment.status === 'CANCELED';
      if (!last || !done) {
        return { ok: false, code: `PAYMENT_${answer.payment.status}`, reason: 'Toss Payments did not cancel the whole payment.' };
      }
      return { ok: true, cancelledAt: new Date(last.canceledAt) };
    },

    parseWebhook(rawBody, headers): GatewayEvent {
      const signatureHeader = singleHeader(headers, 'tosspayments-webhook-signature');
      const transmissionTime = singleHeader(headers, 'tosspayments-webhook-transmission-time');
      if (!signatureHeader || !transmissionTime) throw new WebhookVerificationError('unsigned', 'The webhook carries no signature.');
      const expected = hmacSha256(settings.webhookSecret, rawBody, `:${transmissionTime}`);
      // Toss sends two v1 signatures during a key rotation; one matching is enough. Every candidate
      // is compared so the time taken does not depend on which one matched.
      const candidates = signatureHeader
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part.startsWith('v1:'))
        .map((part) => Buffer.from(part.slice(3), 'base64'));
      const matches = candidates.map((candidate) => signaturesEqual(expected, candidate));
      if (!matches.includes(true)) throw new WebhookVerificationError('signature_invalid', 'The webhook signature does not match its body.');
      assertFresh(new Date(transmissionTime), clock.now());

      const parsed = tossWebhookSchema.safeParse(parseJsonBody(rawBody));
      if (!parsed.success) throw new WebhookVerificationError('malformed', 'The webhook body is not a Toss payment event.');
      const { eventType, data } = parsed.data;
      if (eventType !== 'PAYMENT_STATUS_CHANGED') throw new WebhookIgnoredError(`Toss event ${eventType} is not used.`);
      // Payment-status events have no id of their own; a status reached by a transaction is unique.
      const eventId = parsed.data.eventId ?? `${data.paymentKey}:${data.status}:${data.lastTransactionKey ?? ''}`;
      const base = { eventId, orderId: data.orderId, paymentKey: data.paymentKey };
      switch (data.status) {
        case 'DONE':
          return { ...base, type: 'payment.approved', amountKrw: data.totalAmount };
        case 'CANCELED':
        case 'PARTIAL_CANCELED':
          return { ...base, type: 'payment.cancelled', amountKrw: data.totalAmount, reason: 'Cancelled at Toss Payments.' };
        case 'ABORTED':
        case 'EXPIRED':
          return { ...base, type: 'payment.declined', reason: data.failure?.message ?? `The payment is ${data.status}.` };
        default:
          throw new WebhookIgnoredError(`Toss payment status ${data.status} needs no action.`);
      }
    },
  };
}

export class TossGatewayError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'TossGatewayError';
  }
}

import type { Language } from '@orchard/shared/locale-codes';

/**
 * The payment-gateway interface the points/payments services code against (docs/product.md#payments:
 * payment methods go through a payment-provider interface). Two implementations: the built-in
 * sandbox (default) and Toss Payments (configured by environment). Amounts are integer KRW.
 */
export type PaymentMethod = 'card' | 'bank_transfer' | 'kakao_pay' | 'naver_pay' | 'toss_pay';

export const paymentMethods: readonly PaymentMethod[] = [
  'card',
  'bank_transfer',
  'kakao_pay',
  'naver_pay',
  'toss_pay',
];

export type CheckoutRequest = {
  orderId: string;
  amountKrw: number;
  orderName: string;
  method: PaymentMethod;
  successUrl: string;
  failUrl: string;
  /** The customer's interface language, for a checkout page that can speak it (the sandbox's). */
  language?: Language;
};

export type ConfirmResult =
  | { ok: true; paymentKey: string; method: PaymentMethod; approvedAt: Date }
  | { ok: false; code: string; reason: string };

export type CancelResult =
  | { ok: true; cancelledAt: Date }
  | { ok: false; code: string; reason: string };

export type GatewayEvent = {
  eventId: string;
  type: 'payment.approved' | 'payment.declined' | 'payment.cancelled';
  orderId: string;
  paymentKey?: string;
  amountKrw?: number;
  /** A decline's code and reason, the same the customer's failure return carries. */
  code?: string;
  reason?: string;
};

/**
 * Failure code every adapter uses when the outcome is unknown (network error, time-out, gateway
 * 5xx): the caller may retry confirm (Toss answers a repeated confirm idempotently) or cancel with
 * the same idempotency key, and must not treat the payment as declined.
 */
export const RETRIABLE_FAILURE_CODE = 'GATEWAY_UNAVAILABLE';

export interface PaymentGateway {
  readonly id: 'sandbox' | 'toss';
  createCheckout(request: CheckoutRequest): Promise<{ checkoutUrl: string }>;
  confirm(input: { orderId: string; paymentKey: string; amountKrw: number }): Promise<ConfirmResult>;
  cancel(input: {
    paymentKey: string;
    reason: string;
    /** The payment's whole amount. */
    amountKrw: number;
    /**
     * A partial cancellation of this much (a guardian's cancellation of what is left unspent:
     * docs/product.md#guardian-cancellation); absent, the whole payment is cancelled.
     */
    cancelAmountKrw?: number;
    idempotencyKey: string;
  }): Promise<CancelResult>;
  /** Verifies signature, timestamp tolerance; throws on a forged or stale event. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): GatewayEvent;
}

/**
 * Called by POST /api/payments/webhooks/:gateway once an event has been verified. The ledger
 * side owns deduplication by `eventId` (it stores processed ids transactionally with its effects),
 * so the same event delivered five times must be a no-op after the first. Throwing makes the
 * route answer 5xx so the gateway redelivers later.
 */
export type GatewayEventHandler = (event: GatewayEvent, gateway: PaymentGateway) => Promise<void>;

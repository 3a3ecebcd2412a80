import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../../lib/clock.ts';
import { RETRIABLE_FAILURE_CODE, type PaymentGateway } from './gateway.ts';
import { createTossGateway, methodOfTossPayment } from './toss.ts';
import { hmacSha256, WebhookIgnoredError, WebhookVerificationError } from './webhook-signature.ts';

/*
 * Recorded Toss Payments answers, shaped as their documentation and sample responses show
 * (docs.tosspayments.com/reference: the Payment object; reference/error-codes: `{ code, message }`).
 */
const secretKey = 'test_sk_zXLkKEypNArWmo50nX3lmeaxYG5R';
const paymentKey = '5zJ4xY7m0kODnyRpQWGrN2xqGlNvLrKwv1M9ENjbeoPaZdL6';
const orderId = 'a4CWyWY5m89PNh7xJwhk1';
const donePayment = {
  mId: 'tosspayments',
  version: '2022-11-16',
  lastTransactionKey: '9C62B18EEF0DE3EB7F4422EB6D14BC6E',
  paymentKey,
  orderId,
  orderName: '1,000 Orange',
  currency: 'KRW',
  method: '간편결제',
  status: 'DONE',
  requestedAt: '2026-11-22T12:00:00+09:00',
  approvedAt: '2026-11-22T12:00:31+09:00',
  useEscrow: false,
  type: 'NORMAL',
  easyPay: { provider: '카카오페이', amount: 0, discountAmount: 0 },
  country: 'KR',
  failure: null,
  totalAmount: 100_000,
  balanceAmount: 100_000,
  suppliedAmount: 90_909,
  vat: 9_091,
  cancels: null,
  checkout: { url: `https://api.tosspayments.com/v1/payments/${paymentKey}/checkout` },
};
const cancelledPayment = {
  ...donePayment,
  status: 'CANCELED',
  balanceAmount: 0,
  cancels: [{ cancelAmount: 100_000, cancelReason: 'Refund within 7 days', canceledAt: '2026-11-23T09:15:00+09:00', transactionKey: 'abc' }],
};

type Recorded = { status: number; body?: unknown; delayMs?: number; raw?: string };
type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

describe('Toss Payments adapter against recorded responses', () => {
  let server: http.Server;
  let apiUrl: string;
  let script: Recorded[] = [];
  let seen: Seen[] = [];
  const clock = createManualClock(new Date('2026-11-22T03:00:00Z'));
  let toss: PaymentGateway;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });
        const next = script.shift() ?? { status: 599, raw: 'no recorded response left' };
        setTimeout(() => {
          if (response.destroyed) return;
          response.writeHead(next.status, { 'content-type': 'application/json' });
          response.end(next.raw ?? JSON.stringify(next.body));
        }, next.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    toss = createTossGateway({
      settings: { secretKey, clientKey: 'test_ck_x', apiUrl, webhookSecret: 'toss-webhook-key', timeoutMs: 1_000 },
      clock,
    });
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    script = [];
    seen = [];
  });

  const basic = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;

  it('confirms with POST /v1/payments/confirm, Basic auth and the JSON body, and maps the approved payment', async () => {
    script = [{ status: 200, body: donePayment }];
    const result = await toss.confirm({ orderId, paymentKey, amountKrw: 100_000 });
    expect(result).toEqual({ ok: true, paymentKey, method: 'kakao_pay', approvedAt: new Date('2026-11-22T03:00:31Z') });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.url).toBe('/v1/payments/confirm');
    expect(seen[0]!.headers.authorization).toBe(basic);
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0]!.body)).toEqual({ paymentKey, orderId, amount: 100_000 });
  });

  it('answers a repeated confirm (ALREADY_PROCESSED_PAYMENT) from the payment itself, as the first confirm did', async () => {
    script = [
      { status: 400, body: { code: 'ALREADY_PROCESSED_PAYMENT', message: '이미 처리된 결제 입니다.' } },
      { status: 200, body: donePayment },
    ];
    const result = await toss.confirm({ orderId, paymentKey, amountKrw: 100_000 });
    expect(result).toMatchObject({ ok: true, paymentKey, method: 'kakao_pay' });
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /v1/payments/confirm',
      `GET /v1/payments/${paymentKey}`,
    ]);
    expect(seen[1]!.headers.authorization).toBe(basic);
  });

  it('does not call a repeated confirm approved when Toss holds another amount for it', async () => {
    script = [
      { status: 400, body: { code: 'ALREADY_PROCESSED_PAYMENT', message: '이미 처리된 결제 입니다.' } },
      { status: 200, body: { ...donePayment, totalAmount: 1_000 } },
    ];
    expect(await toss.confirm({ orderId, paymentKey, amountKrw: 100_000 })).toMatchObject({ ok: false, code: 'INVALID_REQUEST' });
  });

  it('passes a card rejection and an unknown payment through with their codes', async () => {
    script = [
      { status: 403, body: { code: 'REJECT_CARD_PAYMENT', message: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.' } },
      { status: 404, body: { code: 'NOT_FOUND_PAYMENT', message: '존재하지 않는 결제 입니다.' } },
    ];
    expect(await toss.confirm({ orderId, paymentKey, amountKrw: 100_000 })).toEqual({
      ok: false,
      code: 'REJECT_CARD_PAYMENT',
      reason: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.',
    });
    expect(await toss.confirm({ orderId, paymentKey: 'nope', amountKrw: 100_000 })).toMatchObject({ ok: false, code: 'NOT_FOUND_PAYMENT' });
  });

  it('turns 5xx, temporary codes, non-JSON and time-outs into the retriable failure code', async () => {
    script = [
      { status: 500, body: { code: 'FAILED_INTERNAL_SYSTEM_PROCESSING', message: '내부 시스템 처리 작업이 실패했습니다.' } },
      { status: 400, body: { code: 'PROVIDER_ERROR', message: '일시적인 오류가 발생했습니다.' } },
      { status: 200, raw: '<html>gateway</html>' },
      { status: 200, body: donePayment, delayMs: 5_000 },
    ];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      // The last answer is a success sent after 5 s: only the configured 1 s time-out makes it a failure.
      expect(await toss.confirm({ orderId, paymentKey, amountKrw: 100_000 })).toMatchObject({ ok: false, code: RETRIABLE_FAILURE_CODE });
    }
  });

  it('cancels with POST /v1/payments/{paymentKey}/cancel, the reason and an Idempotency-Key header', async () => {
    script = [{ status: 200, body: cancelledPayment }];
    const result = await toss.cancel({ paymentKey, reason: 'Refund within 7 days', amountKrw: 100_000, idempotencyKey: 'refund-42' });
    expect(result).toEqual({ ok: true, cancelledAt: new Date('2026-11-23T00:15:00Z') });
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.url).toBe(`/v1/payments/${paymentKey}/cancel`);
    expect(seen[0]!.headers.authorization).toBe(basic);
    expect(seen[0]!.headers['idempotency-key']).toBe('refund-42');
    expect(JSON.parse(seen[0]!.body)).toEqual({ cancelReason: 'Refund within 7 days' });
  });

  it('cancels part of a payment with cancelAmount, and takes PARTIAL_CANCELED as done (docs/product.md#guardian-cancellation)', async () => {
    const partial = { ...cancelledPayment, status: 'PARTIAL_CANCELED', cancels: [{ ...cancelledPayment.cancels[0], cancelAmount: 40_000 }] };
    script = [{ status: 200, body: partial }];
    const result = await toss.cancel({ paymentKey, reason: 'Guardian', amountKrw: 100_000, cancelAmountKrw: 40_000, idempotencyKey: 'guardian-refund-7' });
    expect(result).toEqual({ ok: true, cancelledAt: new Date('2026-11-23T00:15:00Z') });
    expect(JSON.parse(seen[0]!.body)).toEqual({ cancelReason: 'Guardian', cancelAmount: 40_000 });
    expect(seen[0]!.headers['idempotency-key']).toBe('guardian-refund-7');
  });

  it('does not take PARTIAL_CANCELED as a whole cancellation', async () => {
    script = [{ status: 200, body: { ...cancelledPayment, status: 'PARTIAL_CANCELED' } }];
    const result = await toss.cancel({ paymentKey, reason: 'Refund within 7 days', amountKrw: 100_000, idempotencyKey: 'refund-43' });
    expect(result.ok).toBe(false);
  });

  it('reports an already cancelled payment, and a cancel time-out as retriable', async () => {
    script = [
      { status: 400, body: { code: 'ALREADY_CANCELED_PAYMENT', message: '이미 취소된 결제 입니다.' } },
      { status: 502, raw: 'Bad Gateway' },
    ];
    expect(await toss.cancel({ paymentKey, reason: 'r', amountKrw: 100_000, idempotencyKey: 'k' })).toEqual({
      ok: false,
      code: 'ALREADY_CANCELED_PAYMENT',
      reason: '이미 취소된 결제 입니다.',
    });
    expect(await toss.cancel({ paymentKey, reason: 'r', amountKrw: 100_000, idempotencyKey: 'k' })).toMatchObject({
      ok: false,
      code: RETRIABLE_FAILURE_CODE,
    });
  });

  it('opens the payment window from a server-created payment with the method, order and return URLs', async () => {
    script = [{ status: 200, body: { ...donePayment, status: 'READY', approvedAt: null } }];
    const { checkoutUrl } = await toss.createCheckout({
      orderId,
      amountKrw: 100_000,
      orderName: '1,000 Orange',
      method: 'naver_pay',
      successUrl: 'https://orchard.example/ok',
      failUrl: 'https://orchard.example/fail',
    });
    expect(checkoutUrl).toBe(donePayment.checkout.url);
    expect(seen[0]!.url).toBe('/v1/payments');
    expect(JSON.parse(seen[0]!.body)).toEqual({
      method: 'CARD',
      amount: 100_000,
      orderId,
      orderName: '1,000 Orange',
      successUrl: 'https://orchard.example/ok',
      failUrl: 'https://orchard.example/fail',
      flowMode: 'DIRECT',
      easyPay: 'NAVERPAY',
    });
  });

  it('maps Toss methods and easy-pay providers to ours', () => {
    expect(methodOfTossPayment({ method: '카드', easyPay: null })).toBe('card');
    expect(methodOfTossPayment({ method: '계좌이체', easyPay: null })).toBe('bank_transfer');
    expect(methodOfTossPayment({ method: '간편결제', easyPay: { provider: '네이버페이' } })).toBe('naver_pay');
    expect(methodOfTossPayment({ method: '간편결제', easyPay: { provider: '토스페이' } })).toBe('toss_pay');
  });

  describe('webhooks', () => {
    const transmissionTime = '2026-11-22T12:00:40+09:00';
    const sign = (body: Buffer, time = transmissionTime, key = 'toss-webhook-key') => ({
      'tosspayments-webhook-transmission-time': time,
      'tosspayments-webhook-signature': `v1:${hmacSha256('old-key', body, `:${time}`).toString('base64')},v1:${hmacSha256(key, body, `:${time}`).toString('base64')}`,
    });
    const statusEvent = (data: object) =>
      Buffer.from(JSON.stringify({ eventType: 'PAYMENT_STATUS_CHANGED', createdAt: '2026-11-22T12:00:39.000000', data }));

    it('verifies the documented signature over {body}:{transmission time} and maps a DONE payment', () => {
      const body = statusEvent(donePayment);
      expect(toss.parseWebhook(body, sign(body))).toEqual({
        eventId: `${paymentKey}:DONE:${donePayment.lastTransactionKey}`,
        type: 'payment.approved',
        orderId,
        paymentKey,
        amountKrw: 100_000,
      });
      const cancelled = statusEvent(cancelledPayment);
      expect(toss.parseWebhook(cancelled, sign(cancelled)).type).toBe('payment.cancelled');
    });

    it('refuses unsigned, forged, tampered and stale events, and ignores statuses that need no action', () => {
      const body = statusEvent(donePayment);
      const refusal = (headers: Record<string, string>, raw = body) => {
        try {
          toss.parseWebhook(raw, headers);
          return 'accepted';
        } catch (error) {
          return error instanceof WebhookVerificationError ? error.refusal : String(error);
        }
      };
      expect(refusal({})).toBe('unsigned');
      expect(refusal(sign(body, transmissionTime, 'guessed'))).toBe('signature_invalid');
      expect(refusal(sign(body), statusEvent({ ...donePayment, totalAmount: 1 }))).toBe('signature_invalid');
      expect(refusal(sign(body, '2026-11-22T11:54:00+09:00'))).toBe('stale');
      const ready = statusEvent({ ...donePayment, status: 'READY' });
      expect(() => toss.parseWebhook(ready, sign(ready))).toThrow(WebhookIgnoredError);
    });
  });
});

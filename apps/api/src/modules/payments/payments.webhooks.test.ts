import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock.ts';
import type { GatewayEvent } from './gateways/gateway.ts';
import { createSandboxGateway, sandboxSignatureHeader, type SandboxGateway } from './gateways/sandbox.ts';
import { createTestContext, errorCode, testOrigin, type TestContext } from '../../../test/harness.ts';
import { sandboxOf } from '../../../test/points-fixtures.ts';

const url = '/api/payments/webhooks/sandbox';

describe('payment webhooks (docs/quality.md#s10)', () => {
  let t: TestContext;
  let sandbox: SandboxGateway;
  const clock = createManualClock();
  let processed: GatewayEvent[] = [];
  let handlerCalls: string[] = [];

  beforeAll(async () => {
    // Stands in for the ledger's handler: it records, and (like the ledger) processes each id once.
    const seen = new Set<string>();
    t = await createTestContext({
      env: { SANDBOX_WEBHOOK_SECRET: 'webhook-test-secret' },
      deps: {
        clock,
        onPaymentEvent: async (event) => {
          handlerCalls.push(event.eventId);
          if (seen.has(event.eventId)) return;
          seen.add(event.eventId);
          processed.push(event);
        },
      },
    });
    sandbox = sandboxOf(t);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    processed = [];
    handlerCalls = [];
  });

  const event = (overrides: Partial<GatewayEvent> = {}): GatewayEvent => ({
    eventId: `evt_${Math.random().toString(36).slice(2)}`,
    type: 'payment.approved',
    orderId: 'order-1',
    paymentKey: 'sbx_key',
    amountKrw: 11_000,
    ...overrides,
  });
  // No Origin header: gateways are servers, and the route must not need one.
  const deliver = (body: Buffer, headers: Record<string, string>) => t.app.inject({ method: 'POST', url, headers, payload: body });

  it('accepts a correctly signed event and hands the parsed event to the handler', async () => {
    const sent = event();
    const body = Buffer.from(JSON.stringify(sent));
    const response = await deliver(body, sandbox.sign(body));
    expect(response.statusCode).toBe(200);
    expect(processed).toEqual([sent]);
  });

  it('delivers the same event five times and the handler receives the one event id each time', async () => {
    const { checkoutUrl } = await sandbox.createCheckout({
      orderId: 'order-five',
      amountKrw: 33_000,
      orderName: '300 Orange',
      method: 'card',
      successUrl: `${testOrigin}/ok`,
      failUrl: `${testOrigin}/fail`,
    });
    const path = new URL(checkoutUrl).pathname;
    const approved = await t.request({
      method: 'POST',
      url: `${path}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=card',
    });
    const paymentKey = new URL(approved.headers.location!).searchParams.get('paymentKey')!;
    await sandbox.confirm({ orderId: 'order-five', paymentKey, amountKrw: 33_000 });
    await sandbox.settled();
    const original = sandbox.deliveries.find((delivery) => delivery.event.paymentKey === paymentKey)!;
    expect(original.status).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      clock.advance(60_000);
      expect(await sandbox.redeliver(original.event.eventId)).toBe(200);
    }
    expect(handlerCalls).toEqual(Array(5).fill(original.event.eventId));
    expect(processed).toEqual([original.event]);
  });

  it('refuses an unsigned event with 401 and processes nothing', async () => {
    const response = await deliver(Buffer.from(JSON.stringify(event())), { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(401);
    expect(errorCode(response)).toBe('payments.webhook_unsigned');
    expect(processed).toEqual([]);
  });

  it('refuses a forged signature (another key) with 401', async () => {
    const body = Buffer.from(JSON.stringify(event()));
    const forger = createSandboxGateway({ db: t.database.db, publicUrl: new URL(testOrigin), clock, webhookSecret: 'guessed' });
    const response = await deliver(body, forger.sign(body));
    expect(response.statusCode).toBe(401);
    expect(errorCode(response)).toBe('payments.webhook_signature_invalid');
    expect(processed).toEqual([]);
  });

  it('refuses a captured signature replayed with a different body, even one differing only in whitespace', async () => {
    const sent = event();
    const body = Buffer.from(JSON.stringify(sent));
    const headers = sandbox.sign(body);
    for (const tampered of [
      Buffer.from(JSON.stringify({ ...sent, amountKrw: 1_100_000 })),
      Buffer.from(JSON.stringify(sent, null, 1)),
    ]) {
      const response = await deliver(tampered, headers);
      expect(response.statusCode).toBe(401);
      expect(errorCode(response)).toBe('payments.webhook_signature_invalid');
    }
    expect(processed).toEqual([]);
  });

  it('refuses a re-dated signature: the timestamp is part of what is signed', async () => {
    const body = Buffer.from(JSON.stringify(event()));
    const signed = sandbox.sign(body, new Date(clock.now().getTime() - 10 * 60_000));
    const fresh = String(Math.floor(clock.now().getTime() / 1000));
    const redated = signed[sandboxSignatureHeader]!.replace(/t=\d+/, `t=${fresh}`);
    const response = await deliver(body, { ...signed, [sandboxSignatureHeader]: redated });
    expect(response.statusCode).toBe(401);
    expect(processed).toEqual([]);
  });

  it('accepts 5 minutes of clock difference and refuses a correctly signed event older or newer than that', async () => {
    const now = clock.now().getTime();
    const body = Buffer.from(JSON.stringify(event()));
    expect((await deliver(body, sandbox.sign(body, new Date(now - 299_000)))).statusCode).toBe(200);
    for (const sentAt of [now - 301_000, now + 301_000]) {
      const other = Buffer.from(JSON.stringify(event()));
      const response = await deliver(other, sandbox.sign(other, new Date(sentAt)));
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('payments.webhook_stale');
    }
    expect(processed).toHaveLength(1);
  });

  it('refuses a signed body that is not a gateway event, and a gateway that is not configured', async () => {
    const body = Buffer.from(JSON.stringify({ eventId: 'e', type: 'payment.stolen', orderId: 'o' }));
    const malformed = await deliver(body, sandbox.sign(body));
    expect(malformed.statusCode).toBe(400);
    expect(errorCode(malformed)).toBe('payments.webhook_malformed');
    const fractional = Buffer.from(JSON.stringify(event({ amountKrw: 10.5 })));
    expect((await deliver(fractional, sandbox.sign(fractional))).statusCode).toBe(400);
    const toss = await t.app.inject({ method: 'POST', url: '/api/payments/webhooks/toss', headers: sandbox.sign(body), payload: body });
    expect(toss.statusCode).toBe(404);
    expect(errorCode(toss)).toBe('payments.gateway_unknown');
    expect(processed).toEqual([]);
  });

  it('answers 5xx when the handler fails, so the gateway delivers again', async () => {
    const failing = await createTestContext({
      deps: {
        clock,
        paymentGateway: sandbox,
        onPaymentEvent: async () => {
          throw new Error('database down');
        },
      },
    });
    try {
      const body = Buffer.from(JSON.stringify(event()));
      const response = await failing.app.inject({ method: 'POST', url, headers: sandbox.sign(body), payload: body });
      expect(response.statusCode).toBe(500);
    } finally {
      await failing.close();
      // The shared sandbox delivers to the app that connected last: point it back at this suite's.
      sandbox.connect(async (rawBody, headers) => (await t.app.inject({ method: 'POST', url, headers, payload: rawBody })).statusCode);
    }
  });
});

describe('payment gateway chosen by configuration', () => {
  it('mounts Toss Payments with PAYMENT_GATEWAY=toss: its webhook route verifies, the sandbox pages are gone', async () => {
    const events: GatewayEvent[] = [];
    const t = await createTestContext({
      env: { PAYMENT_GATEWAY: 'toss', TOSS_SECRET_KEY: 'test_sk', TOSS_CLIENT_KEY: 'test_ck', TOSS_WEBHOOK_SECRET: 'toss-key' },
      deps: { onPaymentEvent: async (event) => void events.push(event) },
    });
    try {
      const body = Buffer.from(
        JSON.stringify({
          eventType: 'PAYMENT_STATUS_CHANGED',
          data: { paymentKey: 'pk', orderId: 'o1', status: 'DONE', totalAmount: 11_000, lastTransactionKey: 'tx1' },
        }),
      );
      const time = t.clock.now().toISOString();
      const signature = createHmac('sha256', 'toss-key').update(body).update(`:${time}`).digest('base64');
      const headers = {
        'content-type': 'application/json',
        'tosspayments-webhook-transmission-time': time,
        'tosspayments-webhook-signature': `v1:${signature}`,
      };
      const accepted = await t.app.inject({ method: 'POST', url: '/api/payments/webhooks/toss', headers, payload: body });
      expect(accepted.statusCode).toBe(200);
      expect(events).toEqual([{ eventId: 'pk:DONE:tx1', type: 'payment.approved', orderId: 'o1', paymentKey: 'pk', amountKrw: 11_000 }]);
      const unsigned = await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/toss',
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      expect(unsigned.statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/api/payments/webhooks/sandbox', headers, payload: body })).statusCode).toBe(404);
      expect((await t.request({ url: '/sandbox-pay/sandbox-checkout.css' })).statusCode).toBe(404);
      expect(events).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});

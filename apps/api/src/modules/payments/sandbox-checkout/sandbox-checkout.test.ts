import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../../lib/clock.ts';
import type { GatewayEvent } from '../gateways/gateway.ts';
import type { SandboxGateway } from '../gateways/sandbox.ts';
import { createTestContext, testOrigin, type TestContext } from '../../../../test/harness.ts';
import { sandboxOf } from '../../../../test/points-fixtures.ts';

const successUrl = `${testOrigin}/points/charge/complete`;
const failUrl = `${testOrigin}/points/charge/failed`;

describe('sandbox gateway checkout', () => {
  let t: TestContext;
  let sandbox: SandboxGateway;
  const received: GatewayEvent[] = [];
  let orderCounter = 0;

  beforeAll(async () => {
    const clock = createManualClock();
    t = await createTestContext({
      env: { SANDBOX_WEBHOOK_SECRET: 'test-secret' },
      deps: { clock, onPaymentEvent: async (event) => void received.push(event) },
    });
    sandbox = sandboxOf(t);
  });
  afterAll(() => t.close());

  async function checkout(overrides: { amountKrw?: number; method?: 'card' | 'kakao_pay' } = {}) {
    orderCounter += 1;
    const orderId = `order-${orderCounter}-${Date.now()}`;
    const { checkoutUrl } = await sandbox.createCheckout({
      orderId,
      amountKrw: overrides.amountKrw ?? 55_000,
      orderName: '500 Orange <b>bonus</b>',
      method: overrides.method ?? 'kakao_pay',
      successUrl,
      failUrl,
    });
    const url = new URL(checkoutUrl);
    expect(url.origin).toBe(testOrigin);
    return { orderId, path: url.pathname };
  }

  const post = (url: string, payload?: Record<string, string>) =>
    t.request({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(payload).toString(),
    });

  it('renders the order, the preselected method and the sandbox marking under the CSP, with no inline script or style', async () => {
    const { path, orderId } = await checkout();
    const page = await t.request({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(page.body).toContain('Sandbox');
    expect(page.body).toContain('no real money');
    expect(page.body).toContain('₩55,000');
    expect(page.body).toContain(orderId);
    // The order name is text, never markup.
    expect(page.body).toContain('500 Orange &lt;b&gt;bonus&lt;/b&gt;');
    expect(page.body).toMatch(/value="kakao_pay" checked/);
    for (const label of ['Card', 'Bank transfer', 'KakaoPay', 'Naver Pay', 'Toss Pay']) expect(page.body).toContain(label);
    expect(page.body).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
    expect(page.body).toContain('name="viewport" content="width=device-width, initial-scale=1"');

    const css = await t.request({ url: '/sandbox-pay/sandbox-checkout.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
  });

  it('approving redirects to successUrl with paymentKey, orderId and amount, and confirm then answers truthfully and idempotently', async () => {
    const { path, orderId } = await checkout();
    const approved = await post(`${path}/approve`, { method: 'naver_pay' });
    expect(approved.statusCode).toBe(303);
    const location = new URL(approved.headers.location!);
    expect(`${location.origin}${location.pathname}`).toBe(successUrl);
    expect(location.searchParams.get('orderId')).toBe(orderId);
    expect(location.searchParams.get('amount')).toBe('55000');
    const paymentKey = location.searchParams.get('paymentKey')!;
    expect(paymentKey).toMatch(/^sbx_/);

    expect(await sandbox.confirm({ orderId, paymentKey: 'sbx_unknown', amountKrw: 55_000 })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND_PAYMENT',
    });
    expect(await sandbox.confirm({ orderId: 'another-order', paymentKey, amountKrw: 55_000 })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND_PAYMENT',
    });
    expect(await sandbox.confirm({ orderId, paymentKey, amountKrw: 5_500 })).toMatchObject({ ok: false, code: 'INVALID_REQUEST' });

    const first = await sandbox.confirm({ orderId, paymentKey, amountKrw: 55_000 });
    expect(first).toMatchObject({ ok: true, paymentKey, method: 'naver_pay' });
    const again = await sandbox.confirm({ orderId, paymentKey, amountKrw: 55_000 });
    expect(again).toEqual(first);

    await sandbox.settled();
    const approvals = received.filter((event) => event.type === 'payment.approved' && event.orderId === orderId);
    expect(approvals).toEqual([expect.objectContaining({ paymentKey, amountKrw: 55_000 })]);

    // The page is finished: it cannot be shown again. Approving again (an answer lost) answers the
    // same success return and authorises nothing new (decision 078).
    expect((await t.request({ url: path })).statusCode).toBe(409);
    const repeated = await post(`${path}/approve`, { method: 'card' });
    expect(repeated.statusCode).toBe(303);
    expect(repeated.headers.location).toBe(approved.headers.location);
    await sandbox.settled();
    expect(received.filter((event) => event.type === 'payment.approved' && event.orderId === orderId)).toHaveLength(1);
  });

  it('declining redirects to failUrl with the code and message, sends a declined webhook, and confirm answers the decline', async () => {
    const { path, orderId } = await checkout({ method: 'card' });
    const declined = await post(`${path}/decline`, { code: 'EXCEED_MAX_AMOUNT' });
    expect(declined.statusCode).toBe(303);
    const location = new URL(declined.headers.location!);
    expect(`${location.origin}${location.pathname}`).toBe(failUrl);
    expect(location.searchParams.get('code')).toBe('EXCEED_MAX_AMOUNT');
    expect(location.searchParams.get('message')).toBe('The card limit has been exceeded.');
    expect(location.searchParams.get('orderId')).toBe(orderId);
    expect(location.searchParams.has('paymentKey')).toBe(false);

    await sandbox.settled();
    const event = received.find((candidate) => candidate.type === 'payment.declined' && candidate.orderId === orderId)!;
    expect(event.reason).toBe('The card limit has been exceeded.');
    expect(await sandbox.confirm({ orderId, paymentKey: event.paymentKey!, amountKrw: 55_000 })).toEqual({
      ok: false,
      code: 'EXCEED_MAX_AMOUNT',
      reason: 'The card limit has been exceeded.',
    });
  });

  it('abandoning goes back to the shop through failUrl with PAY_PROCESS_CANCELED and sends no webhook', async () => {
    const { path, orderId } = await checkout();
    const before = received.length;
    const left = await post(`${path}/abandon`);
    expect(left.statusCode).toBe(303);
    const location = new URL(left.headers.location!);
    expect(`${location.origin}${location.pathname}`).toBe(failUrl);
    expect(location.searchParams.get('code')).toBe('PAY_PROCESS_CANCELED');
    expect(location.searchParams.get('orderId')).toBe(orderId);
    await sandbox.settled();
    expect(received.length).toBe(before);
  });

  it('refuses form posts from another origin (CSRF) and unknown methods, reasons and checkouts', async () => {
    const { path } = await checkout();
    const crossSite = await t.request({
      method: 'POST',
      url: `${path}/approve`,
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=card',
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await post(`${path}/approve`, { method: 'bitcoin' })).statusCode).toBe(400);
    expect((await post(`${path}/decline`, { code: 'SOMETHING_ELSE' })).statusCode).toBe(400);
    expect((await t.request({ url: '/sandbox-pay/checkout/chk_doesnotexist000' })).statusCode).toBe(404);
    // Still open after all of that.
    expect((await t.request({ url: path })).statusCode).toBe(200);
  });

  it('cancels a confirmed payment once per idempotency key, whole amounts only, and sends a cancelled webhook', async () => {
    const { path, orderId } = await checkout({ amountKrw: 11_000 });
    const paymentKey = new URL((await post(`${path}/approve`, { method: 'card' })).headers.location!).searchParams.get('paymentKey')!;
    expect(await sandbox.cancel({ paymentKey, reason: 'refund', amountKrw: 11_000, idempotencyKey: 'k1' })).toMatchObject({
      ok: false,
      code: 'NOT_CANCELABLE_PAYMENT',
    });
    await sandbox.confirm({ orderId, paymentKey, amountKrw: 11_000 });
    expect(await sandbox.cancel({ paymentKey, reason: 'refund', amountKrw: 5_000, idempotencyKey: 'k1' })).toMatchObject({
      ok: false,
      code: 'NOT_CANCELABLE_AMOUNT',
    });
    const cancelled = await sandbox.cancel({ paymentKey, reason: 'refund', amountKrw: 11_000, idempotencyKey: 'k1' });
    expect(cancelled.ok).toBe(true);
    expect(await sandbox.cancel({ paymentKey, reason: 'refund', amountKrw: 11_000, idempotencyKey: 'k1' })).toEqual(cancelled);
    expect(await sandbox.cancel({ paymentKey, reason: 'refund', amountKrw: 11_000, idempotencyKey: 'k2' })).toMatchObject({
      ok: false,
      code: 'ALREADY_CANCELED_PAYMENT',
    });
    expect(await sandbox.confirm({ orderId, paymentKey, amountKrw: 11_000 })).toMatchObject({ ok: false, code: 'ALREADY_CANCELED_PAYMENT' });
    await sandbox.settled();
    expect(received.filter((event) => event.type === 'payment.cancelled' && event.paymentKey === paymentKey)).toHaveLength(1);
  });

  it('refuses checkouts that would redirect off the app or charge a non-integer amount', async () => {
    const base = { orderId: 'o', orderName: 'n', method: 'card' as const, successUrl, failUrl };
    await expect(sandbox.createCheckout({ ...base, amountKrw: 1.5 })).rejects.toThrow(/integer/);
    await expect(sandbox.createCheckout({ ...base, amountKrw: 0 })).rejects.toThrow(/integer/);
    await expect(sandbox.createCheckout({ ...base, amountKrw: 100, successUrl: 'https://evil.example/ok' })).rejects.toThrow(/redirects only/);
  });
});

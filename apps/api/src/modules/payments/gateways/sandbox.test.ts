import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChargePackage } from '@orchard/shared';
import { spaPaths } from '@orchard/shared/spa-paths';
import { buildApp } from '../../../app.ts';
import { createTestContext, testOrigin, type TestContext, type TestUser } from '../../../../test/harness.ts';
import { expectLedgerClean, idempotencyKey, sandboxOf, startCharge } from '../../../../test/points-fixtures.ts';
import { createSandboxGateway } from './sandbox.ts';

/**
 * The sandbox keeps its checkouts and payments in the database (docs/decisions/078-sandbox-gateway-in-the-database.md):
 * what one process or one run of the app did is there for the next.
 */
describe('the sandbox gateway in the database', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000' } });
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  /** Another gateway on the same database: what a restarted process or a second API process builds. */
  const anotherSandbox = () => createSandboxGateway({ db: t.database.db, publicUrl: new URL(testOrigin), clock: t.clock, webhookSecret: 'another-process' });
  const post = (url: string, payload: Record<string, string> = {}) =>
    t.request({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(payload).toString() });
  const chargeOf = async (chargeId: string, who: TestUser) =>
    (await t.request({ url: `/api/points/charges/${chargeId}`, cookie: who.cookie })).json() as { status: string; failure?: { code: string } | null };

  it('refunds a charge confirmed before a restart: a new app on the same database cancels it at the gateway', async () => {
    const fan = await t.createUser();
    const { chargeId, checkoutId } = await startCharge(t, fan, 'orange-1000');
    const success = new URL(await sandboxOf(t).approve(checkoutId, 'card'));
    expect((await t.request({ url: `${success.pathname}${success.search}`, cookie: fan.cookie })).statusCode).toBe(302);
    await sandboxOf(t).settled();
    expect(await chargeOf(chargeId, fan)).toMatchObject({ status: 'confirmed' });

    const restarted = await buildApp(t.config, { database: t.database, clock: t.clock, files: t.files, logger: false });
    try {
      await restarted.ready();
      const refund = await restarted.inject({
        method: 'POST',
        url: `/api/points/charges/${chargeId}/refund`,
        headers: { origin: testOrigin, cookie: fan.cookie, 'idempotency-key': idempotencyKey() },
        payload: {},
      });
      expect(refund.statusCode, refund.body).toBe(200);
      expect(refund.json()).toMatchObject({ status: 'refunded' });
    } finally {
      await restarted.close();
    }
    // The first process sees the cancellation the restarted one made.
    expect((await sandboxOf(t).getCheckout(checkoutId))?.state).toBe('cancelled');
  });

  it('a declined checkout approved afterwards charges nothing and sends the fan to the result page, which says declined', async () => {
    const fan = await t.createUser();
    const { chargeId, checkoutId } = await startCharge(t, fan, 'orange-1000');
    const declined = await post(`/sandbox-pay/checkout/${checkoutId}/decline`, { code: 'REJECT_CARD_COMPANY' });
    expect(declined.statusCode).toBe(303);
    // The fan goes Back to the checkout page (its failure return not followed yet) and approves.
    const approved = await post(`/sandbox-pay/checkout/${checkoutId}/approve`, { method: 'card' });
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(declined.headers.location);
    const failReturn = new URL(approved.headers.location!);
    const landed = await t.request({ url: `${failReturn.pathname}${failReturn.search}`, cookie: fan.cookie });
    expect(landed.statusCode, landed.body).toBe(302);
    expect(landed.headers.location).toBe(spaPaths.completedCharge(chargeId));
    await sandboxOf(t).settled();
    expect(await chargeOf(chargeId, fan)).toMatchObject({ status: 'declined', failure: { code: 'REJECT_CARD_COMPANY' } });
    expect(sandboxOf(t).deliveries.filter(({ event }) => event.type === 'payment.approved' && event.orderId === failReturn.searchParams.get('orderId'))).toEqual([]);
    // Another process approving it is refused the same way: the gateway's row says declined.
    expect(await anotherSandbox().approve(checkoutId, 'card')).toBe(declined.headers.location);
    expect((await anotherSandbox().getCheckout(checkoutId))?.state).toBe('declined');
    const balances = (await t.request({ url: '/api/points/balances', cookie: fan.cookie })).json() as { orange: { total: number } };
    expect(balances.orange.total).toBe(0);
  });

  it('an approval sent again (its answer lost) sends the fan to the same success return, and the charge completes once', async () => {
    const fan = await t.createUser();
    const { chargeId, checkoutId } = await startCharge(t, fan, 'orange-1000');
    const first = await post(`/sandbox-pay/checkout/${checkoutId}/approve`, { method: 'card' });
    expect(first.statusCode).toBe(303);
    // The browser never saw that answer (a process killed, a dropped connection) and posts again, here to another process.
    expect(await anotherSandbox().approve(checkoutId, 'card')).toBe(first.headers.location);
    const again = await post(`/sandbox-pay/checkout/${checkoutId}/approve`, { method: 'card' });
    expect(again.headers.location).toBe(first.headers.location);
    const success = new URL(again.headers.location!);
    expect((await t.request({ url: `${success.pathname}${success.search}`, cookie: fan.cookie })).statusCode).toBe(302);
    await sandboxOf(t).settled();
    expect(await chargeOf(chargeId, fan)).toMatchObject({ status: 'confirmed' });
    // Once confirmed, the same approval still answers the same return, and nothing is credited twice.
    expect(await anotherSandbox().approve(checkoutId, 'card')).toBe(first.headers.location);
    expect((await t.request({ url: `${success.pathname}${success.search}`, cookie: fan.cookie })).statusCode).toBe(302);
    const balances = (await t.request({ url: '/api/points/balances', cookie: fan.cookie })).json() as { orange: { total: number } };
    const orangePackage = findChargePackage('orange-1000')!;
    expect(balances.orange.total).toBe(orangePackage.orange + orangePackage.bonusOrange);
  });

  it('refuses partial cancellations beyond what is left, whichever process asks, and replays a repeated key', async () => {
    const fan = await t.createUser();
    const { chargeId, checkoutId } = await startCharge(t, fan, 'orange-1000');
    const success = new URL(await sandboxOf(t).approve(checkoutId, 'card'));
    await t.request({ url: `${success.pathname}${success.search}`, cookie: fan.cookie });
    expect(await chargeOf(chargeId, fan)).toMatchObject({ status: 'confirmed' });
    const paymentKey = success.searchParams.get('paymentKey')!;
    const amountKrw = Number(success.searchParams.get('amount'));
    const part = Math.floor(amountKrw * 0.6);
    const first = sandboxOf(t);
    const second = anotherSandbox();

    const firstPart = await first.cancel({ paymentKey, reason: 'guardian', amountKrw, cancelAmountKrw: part, idempotencyKey: 'part-1' });
    expect(firstPart.ok).toBe(true);
    expect(await second.cancel({ paymentKey, reason: 'guardian', amountKrw, cancelAmountKrw: amountKrw - part + 1, idempotencyKey: 'part-2' })).toMatchObject({
      ok: false,
      code: 'NOT_CANCELABLE_AMOUNT',
    });
    expect(await second.cancel({ paymentKey, reason: 'guardian', amountKrw, cancelAmountKrw: part, idempotencyKey: 'part-1' })).toEqual(firstPart);
    expect((await second.getCheckout(checkoutId))?.state).toBe('partially_cancelled');
    expect(await second.cancel({ paymentKey, reason: 'guardian', amountKrw, cancelAmountKrw: amountKrw - part, idempotencyKey: 'part-2' })).toMatchObject({ ok: true });
    const checkout = await first.getCheckout(checkoutId);
    expect(checkout?.state).toBe('cancelled');
    expect(checkout?.partialCancels?.map((cancel) => cancel.amountKrw)).toEqual([part, amountKrw - part]);
    expect(await first.cancel({ paymentKey, reason: 'guardian', amountKrw, cancelAmountKrw: 1, idempotencyKey: 'part-3' })).toMatchObject({
      ok: false,
      code: 'ALREADY_CANCELED_PAYMENT',
    });
  });
});

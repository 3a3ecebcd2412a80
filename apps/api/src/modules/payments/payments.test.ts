import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Charge } from '@orchard/shared';
import { spaPaths } from '@orchard/shared/spa-paths';
import { createTestContext, errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { cancelThen, cancelTimedOut, charge, creditCharge, expectLedgerClean, idempotencyKey, sandboxOf, startCharge, withSandboxCancel } from '../../../test/points-fixtures.ts';
import { paymentFailures } from './payments.errors.ts';
import { pendingChargeOpenMs, refundRepairAfterMs } from './payments.service.ts';

const deleteAccount = (t: TestContext, user: TestUser) =>
  t.request({ method: 'DELETE', url: '/api/users/me', cookie: user.cookie, payload: { acknowledgePointForfeit: true } });

async function orderIdOf(t: TestContext, chargeId: string): Promise<string> {
  const { rows } = await t.database.db.execute<{ order_id: string }>(sql`select order_id from payments where id = ${chargeId}`);
  return rows[0]!.order_id;
}

async function chargeEntries(t: TestContext, userId: string): Promise<number> {
  const { rows } = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from point_transactions where user_id = ${userId} and amount > 0`);
  return Number(rows[0]!.n);
}

describe('payments: the gateway returns act only for the owner', () => {
  let t: TestContext;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await createTestContext({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000' } });
    owner = await t.createUser();
    stranger = await t.createUser();
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  const chargeOf = async (chargeId: string) => (await t.request({ url: `/api/points/charges/${chargeId}`, cookie: owner.cookie })).json() as Charge;

  it('declines nothing on a failure return without the owner\'s session, and only redirects', async () => {
    const { chargeId, checkoutId } = await startCharge(t, owner, 'orange-300');
    const orderId = await orderIdOf(t, chargeId);
    const hostile = `/api/payments/return/fail?orderId=${orderId}&code=REJECT_CARD_PAYMENT&message=${encodeURIComponent('Payment held. Call +82-10-0000-0000')}`;
    for (const cookie of [undefined, stranger.cookie]) {
      const landed = await t.request({ url: hostile, cookie });
      expect(landed.statusCode).toBe(302);
      expect(landed.headers.location).toBe(spaPaths.completedCharge(chargeId));
      expect(await chargeOf(chargeId)).toMatchObject({ status: 'pending', failure: null });
    }
    // The owner can still pay: the stranger's return changed nothing.
    const success = new URL(await sandboxOf(t).approve(checkoutId, 'card'));
    expect((await t.request({ url: `${success.pathname}${success.search}`, cookie: stranger.cookie })).statusCode).toBe(302);
    expect((await chargeOf(chargeId)).status).toBe('pending');
    await t.request({ url: `${success.pathname}${success.search}`, cookie: owner.cookie });
    await sandboxOf(t).settled();
    expect((await chargeOf(chargeId)).status).toBe('confirmed');
  });

  it('stores only a known failure code with the app\'s own words, never the gateway\'s text', async () => {
    const { chargeId } = await startCharge(t, owner, 'orange-100');
    const orderId = await orderIdOf(t, chargeId);
    const message = encodeURIComponent('Payment held. Call +82-10-0000-0000');
    await t.request({ url: `/api/payments/return/fail?orderId=${orderId}&code=SOMETHING_ELSE&message=${message}`, cookie: owner.cookie });
    const failed = await chargeOf(chargeId);
    expect(failed).toMatchObject({ status: 'declined', failure: { code: 'PAYMENT_FAILED', reason: paymentFailures.PAYMENT_FAILED } });
    expect(JSON.stringify(failed)).not.toContain('Call');

    const known = await startCharge(t, owner, 'orange-100');
    await t.request({ url: `/api/payments/return/fail?orderId=${await orderIdOf(t, known.chargeId)}&code=EXCEED_MAX_AMOUNT&message=${message}`, cookie: owner.cookie });
    expect((await chargeOf(known.chargeId)).failure).toEqual({ code: 'EXCEED_MAX_AMOUNT', reason: paymentFailures.EXCEED_MAX_AMOUNT });
  });

  it('refuses control characters in orderId, code and message with a 400 in the app\'s error shape, never a 500', async () => {
    const { chargeId } = await startCharge(t, owner, 'orange-100');
    const orderId = await orderIdOf(t, chargeId);
    const urls = [
      `/api/payments/return/fail?orderId=${orderId}%00`,
      `/api/payments/return/fail?orderId=${orderId}&code=A%00B`,
      `/api/payments/return/fail?orderId=${orderId}&code=REJECT%0A`,
      `/api/payments/return/fail?orderId=${orderId}&message=held%00`,
      `/api/payments/return/fail?orderId=${orderId}&message=a%1Bb`,
      `/api/payments/return/success?orderId=${orderId}%00&paymentKey=k&amount=100`,
      `/api/payments/return/success?orderId=${orderId}&paymentKey=k%00&amount=100`,
      `/api/payments/return/success?orderId=${orderId}&paymentKey=k%7F&amount=100`,
    ];
    for (const url of urls) {
      for (const cookie of [undefined, owner.cookie]) {
        const response = await t.request({ url, cookie });
        expect(response.statusCode, url).toBe(400);
        expect(response.json(), url).toEqual({ error: expect.objectContaining({ code: 'validation.invalid', message: expect.any(String) }) });
      }
    }
    expect((await chargeOf(chargeId)).status).toBe('pending');
  });
});

describe('payments: the gateway returns are rate limited', () => {
  it('counts both return routes in the writes bucket: the fourth return of a minute is refused with 429', async () => {
    const t = await createTestContext({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '3' } });
    try {
      const success = '/api/payments/return/success?orderId=nope&paymentKey=k&amount=1';
      const fail = '/api/payments/return/fail?orderId=nope';
      const statuses = [];
      for (const url of [success, fail, success, fail]) statuses.push((await t.request({ url })).statusCode);
      expect(statuses).toEqual([404, 404, 404, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('payments: deleted accounts and open charges (sandbox)', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000' } });
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  it('refuses to delete an account while a charge is pending at the gateway or refunding', async () => {
    const user = await t.createUser();
    await startCharge(t, user, 'orange-100');
    const refused = await deleteAccount(t, user);
    expect(refused.statusCode).toBe(409);
    expect(errorCode(refused)).toBe('users.deletion_payment_open');

    const refunding = await t.createUser();
    const chargeId = await charge(t, refunding, 'orange-100');
    await t.database.db.execute(sql`update payments set status = 'refunding', refund_requested_at = now() where id = ${chargeId}`);
    expect(errorCode(await deleteAccount(t, refunding))).toBe('users.deletion_payment_open');
    await t.database.db.execute(sql`update payments set status = 'confirmed', refund_requested_at = null where id = ${chargeId}`);
  });

  it('cancels at the gateway, and never credits, an approval that arrives after the account was deleted', async () => {
    const user = await t.createUser();
    const { chargeId, checkoutId } = await startCharge(t, user, 'orange-500');
    // The payment window was left open; once it can no longer be paid, it no longer holds the deletion up.
    t.clock.advance(pendingChargeOpenMs + 60_000);
    expect((await deleteAccount(t, user)).statusCode).toBe(200);

    const success = new URL(await sandboxOf(t).approve(checkoutId, 'card'));
    // The deleted owner's browser comes back with its old (revoked) cookie: nothing is confirmed.
    const landed = await t.request({ url: `${success.pathname}${success.search}`, cookie: user.cookie });
    expect(landed.statusCode).toBe(302);
    expect((await sandboxOf(t).getCheckout(checkoutId))!.state).toBe('approved');

    // The gateway captures anyway and says so by webhook: the app cancels it there.
    const orderId = await orderIdOf(t, chargeId);
    const confirmed = await sandboxOf(t).confirm({ orderId, paymentKey: success.searchParams.get('paymentKey')!, amountKrw: 50_000 });
    expect(confirmed.ok).toBe(true);
    await sandboxOf(t).settled();
    expect((await sandboxOf(t).getCheckout(checkoutId))!.state).toBe('cancelled');
    const { rows } = await t.database.db.execute<{ status: string; failure_code: string }>(sql`select status, failure_code from payments where id = ${chargeId}`);
    expect(rows[0]).toEqual({ status: 'declined', failure_code: 'ACCOUNT_DELETED' });
    expect(await chargeEntries(t, user.id)).toBe(0);
    await expectLedgerClean(t);
  });

  it('flags in the reconciliation any credit that reached an account after its deletion', async () => {
    const user = await t.createUser();
    await t.database.db.execute(sql`update users set deleted_at = ${new Date(t.clock.now().getTime() - 60_000).toISOString()}::timestamptz where id = ${user.id}`);
    await creditCharge(t.database.db, t.services.points, { userId: user.id, orange: 100, paidAt: t.clock.now() });
    const { violations } = await t.services.points.reconcile();
    expect(violations.filter((violation) => violation.invariant === 'no credit reaches an account after its deletion')).toHaveLength(1);
    // Put the account back, so the suite's own check stays about the tests above.
    await t.database.db.execute(sql`update users set deleted_at = null where id = ${user.id}`);
  });
});

describe('payments: the refund repair (sandbox)', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000' } });
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  it('a shutdown during the refund repair stops before the next refund; the next repair finishes it (decision 084)', async () => {
    const fresh = await t.createUser();
    const refund = (chargeId: string) =>
      t.request({ method: 'POST', url: `/api/points/charges/${chargeId}/refund`, cookie: fresh.cookie, headers: { 'idempotency-key': idempotencyKey() }, payload: {} });
    const chargeIds = [await charge(t, fresh, 'orange-100'), await charge(t, fresh, 'orange-100')];
    // The gateway does not answer: both refunds stay 'refunding' for the repair.
    await withSandboxCancel(t, () => cancelTimedOut, async () => {
      for (const chargeId of chargeIds) expect((await refund(chargeId)).json()).toMatchObject({ status: 'refunding' });
    });
    t.clock.advance(refundRepairAfterMs + 1_000);
    const stop = new AbortController();
    // The gateway answers the first cancellation, and the shutdown arrives meanwhile.
    await withSandboxCancel(t, cancelThen(() => stop.abort()), async () => {
      expect(await t.services.payments.repairRefunds(stop.signal)).toEqual({ repaired: 1 });
    });
    const statuses = async () => Promise.all(chargeIds.map(async (chargeId) => ((await t.request({ url: `/api/points/charges/${chargeId}`, cookie: fresh.cookie })).json() as Charge).status));
    expect((await statuses()).sort()).toEqual(['refunded', 'refunding']);
    expect(await t.services.payments.repairRefunds()).toEqual({ repaired: 1 });
    expect(await statuses()).toEqual(['refunded', 'refunded']);
    expect((await t.services.points.balances(fresh.id)).orange.total).toBe(0);
    await expectLedgerClean(t);
  });
});

describe('payments: deleted accounts with Toss Payments (recorded server)', () => {
  type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders };
  const seen: Seen[] = [];
  let server: http.Server;
  let t: TestContext;
  const paymentKey = 'tgen_20261122120000abcd';

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        seen.push({ method: request.method!, url: request.url!, headers: request.headers });
        const base = { paymentKey, orderId: 'set-below', totalAmount: 10_000, method: '카드' };
        const body = request.url === '/v1/payments'
          ? { ...base, status: 'READY', checkout: { url: 'https://pay.toss.example/checkout/1' } }
          : { ...base, status: 'CANCELED', cancels: [{ canceledAt: '2026-11-22T12:00:00+09:00', cancelAmount: 10_000 }] };
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t = await createTestContext({
      env: {
        RATE_LIMIT_WRITES_PER_MINUTE: '100000',
        PAYMENT_GATEWAY: 'toss',
        TOSS_SECRET_KEY: 'test_sk',
        TOSS_CLIENT_KEY: 'test_ck',
        TOSS_WEBHOOK_SECRET: 'toss-key',
        TOSS_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('cancels a DONE payment of a deleted account at Toss (with an idempotency key) and credits nothing', async () => {
    const user = await t.createUser();
    const { chargeId } = await startCharge(t, user, 'orange-100');
    expect(errorCode(await deleteAccount(t, user))).toBe('users.deletion_payment_open');
    t.clock.advance(pendingChargeOpenMs + 60_000);
    expect((await deleteAccount(t, user)).statusCode).toBe(200);

    const orderId = await orderIdOf(t, chargeId);
    const body = Buffer.from(JSON.stringify({ eventType: 'PAYMENT_STATUS_CHANGED', data: { paymentKey, orderId, status: 'DONE', totalAmount: 10_000, lastTransactionKey: 'tx1' } }));
    const time = t.clock.now().toISOString();
    const signature = createHmac('sha256', 'toss-key').update(body).update(`:${time}`).digest('base64');
    const delivered = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/toss',
      headers: { 'content-type': 'application/json', 'tosspayments-webhook-transmission-time': time, 'tosspayments-webhook-signature': `v1:${signature}` },
      payload: body,
    });
    expect(delivered.statusCode).toBe(200);
    const cancel = seen.find((call) => call.url === `/v1/payments/${paymentKey}/cancel`);
    expect(cancel?.method).toBe('POST');
    expect(cancel?.headers['idempotency-key']).toBe(`deleted-owner-${chargeId}`);
    const { rows } = await t.database.db.execute<{ status: string; failure_code: string }>(sql`select status, failure_code from payments where id = ${chargeId}`);
    expect(rows[0]).toEqual({ status: 'declined', failure_code: 'ACCOUNT_DELETED' });
    expect(await chargeEntries(t, user.id)).toBe(0);
    await expectLedgerClean(t);
  });
});

describe('payments: a new charge returns its first outcome again', () => {
  it('replays a charge with its key, without a second payment or a second checkout', async () => {
    const t = await createTestContext({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000' } });
    try {
      const user = await t.createUser();
      const key = idempotencyKey();
      const create = () =>
        t.request({ method: 'POST', url: '/api/points/charges', cookie: user.cookie, headers: { 'idempotency-key': key }, payload: { packageId: 'orange-100', method: 'card' } });
      const first = (await create()).json() as { charge: Charge; checkoutUrl: string };
      expect((await create()).json()).toEqual(first);
      const { rows } = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from payments where user_id = ${user.id}`);
      expect(Number(rows[0]!.n)).toBe(1);
    } finally {
      await t.close();
    }
  });
});

describe('payments: the sandbox checkout speaks the user\'s language and leads back to the app', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000' } });
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  const checkoutPathOf = async (user: TestUser) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/points/charges',
      cookie: user.cookie,
      headers: { 'idempotency-key': idempotencyKey() },
      payload: { packageId: 'orange-100', method: 'card' },
    });
    const { charge: created, checkoutUrl } = response.json() as { charge: Charge; checkoutUrl: string };
    const url = new URL(checkoutUrl);
    return { chargeId: created.id, path: `${url.pathname}${url.search}`, base: url.pathname, lang: url.searchParams.get('lang') };
  };

  it('opens the checkout in the language of the user\'s setting, in each of the five languages', async () => {
    const expected = { ko: ['<html lang="ko">', '샌드박스', '카드'], en: ['<html lang="en">', 'no real money', 'Card'], ja: ['<html lang="ja">', 'サンドボックス', 'カード'], zh: ['<html lang="zh">', '沙盒', '银行卡'], es: ['<html lang="es">', 'no se mueve dinero real', 'Tarjeta'] };
    for (const [language, words] of Object.entries(expected)) {
      const user = await t.createUser();
      await t.database.db.execute(sql`update users set language = ${language} where id = ${user.id}`);
      const { path, lang } = await checkoutPathOf(user);
      expect(lang).toBe(language);
      const page = await t.request({ url: path });
      expect(page.statusCode).toBe(200);
      for (const word of words) expect(page.body, language).toContain(word);
    }
  });

  it('takes the language from the query over the checkout\'s, and ignores one the app does not speak', async () => {
    const user = await t.createUser();
    const { base } = await checkoutPathOf(user);
    expect((await t.request({ url: `${base}?lang=es` })).body).toContain('Paga tu pedido');
    expect((await t.request({ url: `${base}?lang=xx` })).body).toContain('<html lang="ko">');
  });

  it('sends the browser back to the completed-charge screen when a finished checkout is opened again (Back after paying)', async () => {
    const user = await t.createUser();
    const { chargeId, base } = await checkoutPathOf(user);
    const approved = await t.request({ method: 'POST', url: `${base}/approve`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'method=card' });
    expect(approved.statusCode).toBe(303);
    const success = new URL(approved.headers.location!);
    await t.request({ url: `${success.pathname}${success.search}`, cookie: user.cookie });
    await sandboxOf(t).settled();
    const back = await t.request({ url: base });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(spaPaths.completedCharge(chargeId));
    // Approve on a page kept from before: the same approval again, the same success return (decision
    // 078), which lands on the completed charge without crediting it twice.
    const again = await t.request({ method: 'POST', url: `${base}/approve`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'method=card' });
    expect(again.headers.location).toBe(approved.headers.location);
    const landed = await t.request({ url: `${success.pathname}${success.search}`, cookie: user.cookie });
    expect(landed.statusCode, landed.body).toBe(302);
    expect(landed.headers.location).toBe(spaPaths.completedCharge(chargeId));
    await expectLedgerClean(t);
  });
});

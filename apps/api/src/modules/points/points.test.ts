import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeFailedMessage, type Charge, type HistoryEntry, type PointBalances } from '@orchard/shared';
import { createTestContext, errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { charge, expectLedgerClean, idempotencyKey, sandboxOf, startCharge } from '../../../test/points-fixtures.ts';
import { tableCounts } from '../../../test/security/route-fixtures.ts';
import { createPointsService } from './points.service.ts';

const day = 86_400_000;

describe('points: charge, exchange, refund, history', () => {
  let t: TestContext;
  let user: TestUser;
  let other: TestUser;

  const balances = async (who: TestUser = user) =>
    (await t.request({ url: '/api/points/balances', cookie: who.cookie })).json() as PointBalances;
  const chargeOf = async (chargeId: string, who: TestUser = user) =>
    t.request({ url: `/api/points/charges/${chargeId}`, cookie: who.cookie });
  const exchange = (orange: unknown, key = idempotencyKey(), who: TestUser = user) =>
    t.request({ method: 'POST', url: '/api/points/exchange', cookie: who.cookie, headers: { 'idempotency-key': key }, payload: { orange } });
  const refund = (chargeId: string, key = idempotencyKey(), who: TestUser = user) =>
    t.request({ method: 'POST', url: `/api/points/charges/${chargeId}/refund`, cookie: who.cookie, headers: { 'idempotency-key': key }, payload: {} });
  const history = async (query: string, who: TestUser = user) =>
    (await t.request({ url: `/api/points/history?${query}`, cookie: who.cookie })).json() as { items: HistoryEntry[]; nextCursor: string | null };

  beforeAll(async () => {
    t = await createTestContext({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000' } });
    user = await t.createUser();
    other = await t.createUser();
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  it('lists the packages with their bonus (docs/product.md#charge-packages)', async () => {
    const body = (await t.request({ url: '/api/points/packages' })).json() as { krwPerOrange: number; items: { orange: number; bonusOrange: number; priceKrw: number }[] };
    expect(body.krwPerOrange).toBe(100);
    expect(body.items.map((item) => [item.orange, item.bonusOrange, item.priceKrw])).toEqual([
      [100, 0, 10_000], [300, 0, 30_000], [500, 15, 50_000], [1000, 50, 100_000], [3000, 210, 300_000], [5000, 500, 500_000],
    ]);
  });

  it('credits an approved charge once: the purchased lot and its bonus, whatever the confirm and webhooks do', async () => {
    const chargeId = await charge(t, user, 'orange-1000');
    const status = (await chargeOf(chargeId)).json() as Charge;
    expect(status).toMatchObject({ status: 'confirmed', orange: 1000, bonusOrange: 50, amountKrw: 100_000, method: 'card', refundable: true });
    expect(await balances()).toMatchObject({ orange: { total: 1050, purchased: 1000, bonus: 50 }, berry: { total: 0 } });
    // The approval webhook arrived; deliver it four more times (docs/quality.md#r4: 5 deliveries, one credit).
    const approved = sandboxOf(t).deliveries.find((delivery) => delivery.event.type === 'payment.approved' && delivery.event.orderId)!;
    expect(approved.status).toBe(200);
    for (let i = 0; i < 4; i++) expect(await sandboxOf(t).redeliver(approved.event.eventId)).toBe(200);
    expect((await balances()).orange.total).toBe(1050);
    await expectLedgerClean(t);
  });

  it('shows a declined charge with the gateway reason and credits nothing', async () => {
    const before = await balances();
    const { chargeId, checkoutId } = await startCharge(t, user, 'orange-300');
    const fail = new URL(await sandboxOf(t).decline(checkoutId, 'REJECT_CARD_PAYMENT'));
    const landed = await t.request({ url: `${fail.pathname}${fail.search}` });
    expect(landed.headers.location).toBe(`/my-page/completed-charge/${chargeId}`);
    await sandboxOf(t).settled();
    const status = (await chargeOf(chargeId)).json() as Charge;
    expect(status.status).toBe('declined');
    expect(status.failure).toEqual({ code: 'REJECT_CARD_PAYMENT', reason: 'Insufficient funds on the card.' });
    expect(await balances()).toEqual(before);
  });

  it('records the gateway reason of a decline whether its webhook or the customer arrives first', async () => {
    const { chargeId, checkoutId } = await startCharge(t, user, 'orange-100');
    const fail = new URL(await sandboxOf(t).decline(checkoutId, 'REJECT_CARD_COMPANY'));
    await sandboxOf(t).settled();
    expect(((await chargeOf(chargeId)).json() as Charge).failure).toEqual({ code: 'REJECT_CARD_COMPANY', reason: 'The card company declined the payment.' });
    await t.request({ url: `${fail.pathname}${fail.search}` });
    const status = (await chargeOf(chargeId)).json() as Charge;
    expect(status.status).toBe('declined');
    expect(status.failure).toEqual({ code: 'REJECT_CARD_COMPANY', reason: 'The card company declined the payment.' });
  });

  it("keeps another user's charge and history entries out of reach (404)", async () => {
    const chargeId = await charge(t, other, 'orange-100');
    expect((await chargeOf(chargeId, user)).statusCode).toBe(404);
    expect(errorCode(await refund(chargeId, idempotencyKey(), user))).toBe('points.charge_not_found');
    const entry = (await history('currency=orange', other)).items[0]!;
    const response = await t.request({ url: `/api/points/history/${entry.transactionId}`, cookie: user.cookie });
    expect(response.statusCode).toBe(404);
    expect(errorCode(response)).toBe('points.transaction_not_found');
  });

  it('exchanges Orange into Berry at 1 : 13, bonus first, kinds kept; refuses more than the balance with the message of docs/product.md#exchange', async () => {
    const fresh = await t.createUser();
    await charge(t, fresh, 'orange-500'); // 500 purchased + 15 bonus
    const response = await exchange(20, idempotencyKey(), fresh);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ orange: 20, berry: 260 });
    // 15 bonus Orange → 195 bonus Berry; 5 purchased Orange → 65 purchased Berry.
    expect(await balances(fresh)).toMatchObject({ orange: { total: 495, purchased: 495, bonus: 0 }, berry: { total: 260, purchased: 65, bonus: 195 } });
    const refused = await exchange(496, idempotencyKey(), fresh);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: { code: 'points.insufficient', message: exchangeFailedMessage } });
    const berry = await history('currency=berry&tab=charge', fresh);
    expect(berry.items).toHaveLength(1);
    expect(berry.items[0]).toMatchObject({ type: 'exchange', reason: 'exchange', amount: 260 });
  });

  it('answers a replayed exchange with the first answer, and a changed body with 409 (docs/quality.md#r4)', async () => {
    const fresh = await t.createUser();
    await charge(t, fresh, 'orange-100');
    const key = idempotencyKey();
    const first = await exchange(10, key, fresh);
    const again = await exchange(10, key, fresh);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const changed = await exchange(11, key, fresh);
    expect(changed.statusCode).toBe(409);
    expect(errorCode(changed)).toBe('idempotency.key_reused');
    expect((await balances(fresh)).orange.total).toBe(90);
    // A refusal is the first answer too.
    const refusedKey = idempotencyKey();
    expect((await exchange(1000, refusedKey, fresh)).statusCode).toBe(422);
    expect((await exchange(1000, refusedKey, fresh)).statusCode).toBe(422);
  });

  it('refunds an untouched charge within 7 × 24 h, cancelling at the gateway once; refuses a used one and a late one', async () => {
    const fresh = await t.createUser();
    const used = await charge(t, fresh, 'orange-500');
    const untouched = await charge(t, fresh, 'orange-1000');
    const late = await charge(t, fresh, 'orange-100');
    // Bonus first, then (same expiry) the older lot: the exchange touches the 500 charge's bonus lot.
    expect((await exchange(1, idempotencyKey(), fresh)).statusCode).toBe(200);
    const key = idempotencyKey();
    const accepted = await refund(untouched, key, fresh);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'refunded', refundable: false });
    expect((await refund(untouched, key, fresh)).statusCode).toBe(200);
    expect(errorCode(await refund(untouched, idempotencyKey(), fresh))).toBe('points.refund_already_refunded');
    await sandboxOf(t).settled();
    const cancels = sandboxOf(t).deliveries.filter((delivery) => delivery.event.type === 'payment.cancelled');
    expect(cancels).toHaveLength(1);
    const usedAnswer = await refund(used, idempotencyKey(), fresh);
    expect(usedAnswer.statusCode).toBe(422);
    expect(errorCode(usedAnswer)).toBe('points.refund_points_used');
    // Paid 7 × 24 h + 1 s ago (moving the clock instead would also end the test sessions).
    await t.database.db.execute(sql`update payments set paid_at = ${new Date(t.clock.now().getTime() - 7 * day - 1000).toISOString()}::timestamptz where id = ${late}`);
    expect(errorCode(await refund(late, idempotencyKey(), fresh))).toBe('points.refund_window_passed');
    const refunds = await history('currency=orange&tab=refund', fresh);
    expect(refunds.items.map((entry) => [entry.type, entry.reason, entry.amount])).toEqual([['refund', 'refund_of_charge', -1050]]);
    await expectLedgerClean(t);
  });

  it('refunds again after the gateway refused a cancel and the refund was reversed (found by npm run chaos: it answered 500)', async () => {
    const fresh = await t.createUser();
    const chargeId = await charge(t, fresh, 'orange-1000');
    const sandbox = sandboxOf(t);
    const cancel = sandbox.cancel;
    // What a restarted sandbox (or a gateway that lost the payment) answers: not retriable, so the refund is reversed.
    sandbox.cancel = async () => ({ ok: false, code: 'NOT_FOUND_PAYMENT', reason: 'There is no such payment.' });
    try {
      expect(errorCode(await refund(chargeId, idempotencyKey(), fresh))).toBe('points.refund_failed');
    } finally {
      sandbox.cancel = cancel;
    }
    expect((await chargeOf(chargeId, fresh)).json()).toMatchObject({ status: 'confirmed', refundable: true });
    const again = await refund(chargeId, idempotencyKey(), fresh);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'refunded' });
    expect((await balances(fresh)).orange.total).toBe(0);
    const entries = (await history('currency=orange&tab=refund', fresh)).items.map((entry) => [entry.reason, entry.amount]);
    expect(entries).toEqual([['refund_of_charge', -1050], ['refund_reversed', 1050], ['refund_of_charge', -1050]]);
    await expectLedgerClean(t);
  });

  it('pages the history newest first with an opaque keyset cursor, every entry with its fields', async () => {
    const fresh = await t.createUser();
    for (let i = 0; i < 3; i++) await charge(t, fresh, 'orange-500');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: HistoryEntry[]; nextCursor: string | null } = await history(`currency=orange&tab=all&limit=2${cursor ? `&cursor=${cursor}` : ''}`, fresh);
      seen.push(...page.items.map((entry) => entry.transactionId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(6);
    expect(seen.map(Number)).toEqual([...seen.map(Number)].sort((a, b) => b - a));
    const charges = await history('currency=orange&tab=charge', fresh);
    const entry = charges.items.find((item) => item.type === 'bonus')!;
    expect(entry).toMatchObject({ reason: 'bonus_from_charge', amount: 15, chargeMethod: 'card', payment: { amountKrw: 50_000, method: 'card' } });
    expect(entry.usableDate).not.toBeNull();
    const detail = await t.request({ url: `/api/points/history/${entry.transactionId}`, cookie: fresh.cookie });
    expect(detail.json()).toMatchObject({ transactionId: entry.transactionId, lots: [{ kind: 'bonus', amount: 15 }] });
  });

  it('refuses bad input on every points endpoint with a 4xx and a code, writing nothing', async () => {
    const before = await tableCounts(t);
    const key = { 'idempotency-key': idempotencyKey() };
    for (const orange of [0, -1, 1.5, 2 ** 53, '10', '1e3', null]) {
      const response = await t.request({ method: 'POST', url: '/api/points/exchange', cookie: user.cookie, headers: key, payload: { orange } });
      expect(response.statusCode, String(orange)).toBe(400);
      expect(errorCode(response)).toBe('validation.invalid');
    }
    expect((await t.request({ method: 'POST', url: '/api/points/exchange', cookie: user.cookie, payload: { orange: 1 } })).statusCode).toBe(400);
    for (const payload of [{ packageId: 'orange-7', method: 'card' }, { packageId: 'orange-100', method: 'cash' }, { packageId: 1, method: 'card' }]) {
      const response = await t.request({ method: 'POST', url: '/api/points/charges', cookie: user.cookie, payload });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    for (const url of ['/api/points/charges/1', '/api/points/charges/00000000-0000-4000-8000-000000000000', '/api/points/history/-1', '/api/points/history/1.5', '/api/points/history/99999999', '/api/points/history?currency=gold', '/api/points/history?currency=berry&tab=refund', '/api/points/history?currency=orange&cursor=bad', '/api/points/history?currency=orange&limit=0']) {
      const response = await t.request({ url, cookie: user.cookie });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(typeof errorCode(response), url).toBe('string');
    }
    for (const url of ['/api/payments/return/success?orderId=nope&paymentKey=x&amount=100', '/api/payments/return/success?orderId=x&paymentKey=x&amount=-1', '/api/payments/return/fail?orderId=nope']) {
      expect((await t.request({ url })).statusCode, url).toBeGreaterThanOrEqual(400);
    }
    expect(await tableCounts(t)).toEqual(before);
  });

  it('creates a charge once per Idempotency-Key: a replay answers the same checkout; another body is a 409', async () => {
    const create = (payload: Record<string, string>, key?: string) =>
      t.request({ method: 'POST', url: '/api/points/charges', cookie: user.cookie, headers: key ? { 'idempotency-key': key } : {}, payload });
    const pendingCount = async () =>
      Number((await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from payments where user_id = ${user.id}`)).rows[0]!.n);
    const before = await pendingCount();
    const key = idempotencyKey();
    const answers = await Promise.all(Array.from({ length: 4 }, () => create({ packageId: 'orange-300', method: 'naver_pay' }, key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const bodies = answers.map((answer) => answer.json() as { charge: { id: string }; checkoutUrl: string });
    expect(new Set(bodies.map((body) => body.charge.id)).size).toBe(1);
    expect(new Set(bodies.map((body) => body.checkoutUrl)).size).toBe(1);
    expect(await pendingCount()).toBe(before + 1);
    const reused = await create({ packageId: 'orange-500', method: 'naver_pay' }, key);
    expect(reused.statusCode).toBe(409);
    expect(errorCode(reused)).toBe('idempotency.key_reused');
    const keyless = await create({ packageId: 'orange-300', method: 'naver_pay' });
    expect(keyless.statusCode).toBe(400);
    expect(await pendingCount()).toBe(before + 1);
  });

  it('answers 502 when the gateway cannot open a checkout; a retry with the key opens it for the same charge', async () => {
    const sandbox = sandboxOf(t);
    const createCheckout = sandbox.createCheckout;
    sandbox.createCheckout = () => Promise.reject(new Error('connection refused'));
    const count = async () => Number((await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from payments`)).rows[0]!.n);
    const before = await count();
    const key = idempotencyKey();
    const send = () =>
      t.request({ method: 'POST', url: '/api/points/charges', cookie: user.cookie, headers: { 'idempotency-key': key }, payload: { packageId: 'orange-100', method: 'card' } });
    try {
      const failed = await send();
      expect(failed.statusCode).toBe(502);
      expect(errorCode(failed)).toBe('payments.gateway_error');
    } finally {
      sandbox.createCheckout = createCheckout;
    }
    const retried = await send();
    expect(retried.statusCode).toBe(200);
    const { charge: pending, checkoutUrl } = retried.json() as { charge: Charge; checkoutUrl: string };
    expect(pending.status).toBe('pending');
    expect(checkoutUrl).toContain('/sandbox-pay/');
    expect(await count()).toBe(before + 1);
    expect(((await send()).json() as { checkoutUrl: string }).checkoutUrl).toBe(checkoutUrl);
  });

  it('shows the operator a clean reconciliation', async () => {
    const operator = await t.createUser({ roles: ['operator'] });
    const response = await t.request({ url: '/api/operator/ledger/reconciliation', cookie: operator.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ok: true, violations: [] });
  });

  it('lists the live lots due a notice within 30 days, a page at a time, and leaves out those already told', async () => {
    const soon = await t.createUser();
    const later = await t.createUser();
    const gone = await t.createUser();
    for (const who of [soon, later, gone]) await charge(t, who, 'orange-500');
    const setExpiry = (who: TestUser, kind: string, at: Date) =>
      t.database.db.execute(sql`update point_lots set expires_at = ${at.toISOString()}::timestamptz where user_id = ${who.id} and kind = ${kind}`);
    const now = t.clock.now().getTime();
    await setExpiry(soon, 'bonus', new Date(now + 10 * day));
    await setExpiry(later, 'purchased', new Date(now + 31 * day + 1000));
    await setExpiry(gone, 'purchased', new Date(now - 1000));
    const points = createPointsService({ db: t.database.db, clock: t.clock });
    const due = async (days: 30 | 7) => {
      const lots = [];
      for (let afterLotId = 0; ; ) {
        const page = await points.lotsDueExpiryNotice({ days, afterLotId, limit: 1 });
        if (page.length === 0) return lots.filter((lot) => [soon.id, later.id, gone.id].includes(lot.userId));
        lots.push(...page);
        afterLotId = page[0]!.id;
      }
    };
    const [soonLot] = await due(30);
    expect(await due(30)).toEqual([{ id: soonLot!.id, userId: soon.id, currency: 'orange', remaining: 15, expiresAt: new Date(now + 10 * day) }]);
    await setExpiry(later, 'purchased', new Date(now + 29 * day));
    expect((await due(30)).map((lot) => [lot.userId, lot.remaining])).toEqual([[soon.id, 15], [later.id, 500]]);
    const taken = await t.database.db.transaction((tx) => points.takeExpiryNoticesWithin(tx, [soonLot!.id], 30));
    expect(taken).toEqual([soonLot!.id]);
    expect(await t.database.db.transaction((tx) => points.takeExpiryNoticesWithin(tx, [soonLot!.id], 30))).toEqual([]);
    expect((await due(30)).map((lot) => lot.userId)).toEqual([later.id]);
    // Told at 30, the lot is due again at 7 once that close: only its 7-day notice is left to take.
    expect((await due(7)).map((lot) => lot.userId)).toEqual([]);
    await setExpiry(soon, 'bonus', new Date(now + 5 * day));
    expect((await due(7)).map((lot) => lot.userId)).toEqual([soon.id]);
    expect(await t.database.db.transaction((tx) => points.takeExpiryNoticesWithin(tx, [soonLot!.id], 7))).toEqual([soonLot!.id]);
    expect(await due(7)).toEqual([]);
    await setExpiry(soon, 'bonus', new Date(now + 5 * 365 * day));
    await setExpiry(later, 'purchased', new Date(now + 5 * 365 * day));
    await setExpiry(gone, 'purchased', new Date(now + 5 * 365 * day));
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '@orchard/shared';
import { spaPaths } from '@orchard/shared/spa-paths';
import { createTestContext, errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { charge, expectLedgerClean, idempotencyKey, sandboxOf, startCharge } from '../../../test/points-fixtures.ts';
import { queuedMails } from '../../../test/mail-kit.ts';
import { users } from '../users/users.table.ts';
import { receiptItemOf } from './payments.receipt.ts';

/** An instant given as KST wall time. */
const kst = (wall: string) => new Date(`${wall}+09:00`);

describe('receipts: the item line in the buyer’s language', () => {
  it('names the purchased Orange and the bonus, grouped, in the five languages', () => {
    expect(receiptItemOf('ko', 1_000, 50)).toBe('오렌지 1,000 + 보너스 50');
    expect(receiptItemOf('en', 1_000, 50)).toBe('Orange 1,000 + bonus 50');
    expect(receiptItemOf('zh', 5_000, 500)).toBe('橙子 5,000 + 赠送 500');
    expect(receiptItemOf('ja', 3_000, 210)).toBe('オレンジ 3,000 + ボーナス 210');
    expect(receiptItemOf('es', 1_000, 50)).toBe('1.000 Orange + 50 de bonificación');
    expect(receiptItemOf('ko', 100, 0)).toBe('오렌지 100');
  });
});

describe('receipts: GET /api/points/charges/:chargeId/receipt and the receipt mail', () => {
  let t: TestContext;
  let buyer: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await createTestContext({
      env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000', MERCHANT_NAME: '오차드 주식회사', MERCHANT_BUSINESS_NUMBER: '123-45-67890', MERCHANT_ADDRESS: '서울특별시 중구 세종대로 110' },
    });
    buyer = await t.createUser({ nickname: 'mina' });
    stranger = await t.createUser();
    await t.database.db.update(users).set({ email: 'mina@example.test', language: 'ko' }).where(eq(users.id, buyer.id));
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  const receiptOf = (chargeId: string, user: TestUser = buyer) => t.request({ url: `/api/points/charges/${chargeId}/receipt`, cookie: user.cookie });
  const receiptMails = async (chargeId: string) =>
    (await queuedMails(t, { template: 'charge_receipt' })).filter((row) => (row.data as { chargeId: string }).chargeId === chargeId);

  it('answers a confirmed charge’s receipt: its number stable, VAT split, key masked, the merchant configured, the item in Korean', async () => {
    t.clock.set(kst('2026-06-01T12:00:00'));
    const chargeId = await charge(t, buyer, 'orange-1000');
    const first = await receiptOf(chargeId);
    expect(first.statusCode, first.body).toBe(200);
    const { receipt } = first.json() as { receipt: Receipt };
    expect(receipt).toMatchObject({
      merchant: { name: '오차드 주식회사', businessNumber: '123-45-67890', address: '서울특별시 중구 세종대로 110' },
      buyer: { nickname: 'mina', email: 'mina@example.test' },
      item: '오렌지 1,000 + 보너스 50',
      amountKrw: 100_000,
      supplyKrw: 90_909,
      vatKrw: 9_091,
      method: 'card',
      approvedAt: kst('2026-06-01T12:00:00').toISOString(),
      issuedAt: kst('2026-06-01T12:00:00').toISOString(),
      points: { purchased: 1_000, bonus: 50 },
      refundedAt: null,
    });
    expect(receipt.number).toMatch(/^OR-2026-\d{8}$/);
    const { rows } = await t.database.db.execute<{ payment_key: string; order_id: string }>(sql`select payment_key, order_id from payments where id = ${chargeId}`);
    const key = rows[0]!.payment_key;
    expect(receipt.orderId).toBe(rows[0]!.order_id);
    expect(receipt.paymentKeyMasked).toBe(`${key.slice(0, 4)}${'*'.repeat(key.length - 8)}${key.slice(-4)}`);
    expect(JSON.stringify(receipt)).not.toContain(key);
    // Read again later: the same receipt, number and all.
    t.clock.advance(3 * 86_400_000);
    expect((await receiptOf(chargeId)).json()).toEqual({ receipt });
  });

  it('queues the receipt mail once, in the buyer’s language, due at once even at night, and not again for a retried confirmation', async () => {
    await t.database.db.update(users).set({ language: 'ja', nightNotificationConsent: false }).where(eq(users.id, buyer.id));
    t.clock.set(kst('2026-06-02T23:30:00'));
    const { chargeId, checkoutId } = await startCharge(t, buyer, 'orange-500');
    const success = new URL(await sandboxOf(t).approve(checkoutId, 'card'));
    const returnUrl = `${success.pathname}${success.search}`;
    const landed = await t.request({ url: returnUrl, cookie: buyer.cookie });
    expect(landed.headers.location).toBe(spaPaths.completedCharge(chargeId));
    await sandboxOf(t).settled();
    // The browser comes back again, and every webhook of the charge is delivered again.
    await t.request({ url: returnUrl, cookie: buyer.cookie });
    for (const delivery of [...sandboxOf(t).deliveries]) await sandboxOf(t).redeliver(delivery.event.eventId);
    await sandboxOf(t).settled();
    const mails = await receiptMails(chargeId);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ recipient: 'mina@example.test', userId: buyer.id, language: 'ja', status: 'pending', nextAttemptAt: kst('2026-06-02T23:30:00') });
    const { receipt } = (await receiptOf(chargeId)).json() as { receipt: Receipt };
    expect(mail!.data).toMatchObject({ number: receipt.number, amountKrw: 50_000, vatKrw: 4_545, supplyKrw: 45_455, item: 'オレンジ 500 + ボーナス 15', paymentKeyMasked: receipt.paymentKeyMasked });
    // It leaves in the same night's drain, and reads in Japanese with the receipt's figures.
    expect(await t.services.mail.drainDue()).toMatchObject({ held: 0 });
    const [sent] = await queuedMails(t, { id: mail!.id });
    expect(sent).toMatchObject({ status: 'sent', sentAt: kst('2026-06-02T23:30:00') });
    const outbox = path.join(t.dataDir, 'outbox');
    const eml = fs.readdirSync(outbox).map((file) => fs.readFileSync(path.join(outbox, file), 'utf8')).find((text) => text.includes('Content-Language: ja'))!;
    expect(eml).toContain('To: mina@example.test');
  });

  it('queues no mail for a buyer without an address, and none when the credit rolls back', async () => {
    const silent = await t.createUser();
    const chargeId = await charge(t, silent, 'orange-100');
    expect(await receiptMails(chargeId)).toHaveLength(0);
    expect((await receiptOf(chargeId, silent)).statusCode).toBe(200);
  });

  it('refuses a charge not paid with 409 points.no_receipt, and shows a refunded one with its refund', async () => {
    const { chargeId: pending } = await startCharge(t, buyer, 'orange-100');
    const refused = await receiptOf(pending);
    expect(refused.statusCode).toBe(409);
    expect(errorCode(refused)).toBe('points.no_receipt');
    expect(await receiptMails(pending)).toHaveLength(0);

    const declined = await startCharge(t, buyer, 'orange-100');
    const { rows } = await t.database.db.execute<{ order_id: string }>(sql`select order_id from payments where id = ${declined.chargeId}`);
    await t.request({ url: `/api/payments/return/fail?orderId=${rows[0]!.order_id}&code=REJECT_CARD_PAYMENT`, cookie: buyer.cookie });
    expect(errorCode(await receiptOf(declined.chargeId))).toBe('points.no_receipt');

    const paid = await charge(t, buyer, 'orange-300');
    const before = ((await receiptOf(paid)).json() as { receipt: Receipt }).receipt;
    const refund = await t.request({ method: 'POST', url: `/api/points/charges/${paid}/refund`, cookie: buyer.cookie, headers: { 'idempotency-key': idempotencyKey() }, payload: {} });
    expect(refund.json()).toMatchObject({ status: 'refunded' });
    const after = ((await receiptOf(paid)).json() as { receipt: Receipt }).receipt;
    expect(after).toEqual({ ...before, refundedAt: t.clock.now().toISOString() });
    expect(await receiptMails(paid)).toHaveLength(1);
  });

  it('answers another user’s charge and an unknown one 404, and hostile ids 400, in the error shape', async () => {
    const chargeId = await charge(t, buyer, 'orange-100');
    for (const response of [await receiptOf(chargeId, stranger), await receiptOf('00000000-0000-4000-8000-000000000000')]) {
      expect(response.statusCode).toBe(404);
      expect(errorCode(response)).toBe('points.charge_not_found');
    }
    for (const id of ['abc', '-1', '1.5', '99999999999999999999999', `${chargeId}x`, '%00']) {
      const response = await receiptOf(id);
      expect(response.statusCode, id).toBe(400);
      expect(errorCode(response), id).toBe('validation.invalid');
    }
    expect((await t.request({ url: `/api/points/charges/${chargeId}/receipt` })).statusCode).toBe(401);
  });
});

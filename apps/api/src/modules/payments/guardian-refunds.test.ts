import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuardianRefundPreview, GuardianRefundResponse, Notification, OperatorAuditLogPage, OperatorCharge } from '@orchard/shared';
import { addDays, startOfKstDay } from '@orchard/shared/project-rules';
import { errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { cancelThen, cancelTimedOut, charge, creditCharge, expectLedgerClean, idempotencyKey, sandboxOf, startCharge, withSandboxCancel } from '../../../test/points-fixtures.ts';
import { guardianRefundRepairAfterMs } from './guardian-refunds.service.ts';
import { fundingProject, postParticipation, projectsTestContext, validRequestBody } from '../../../test/projects-kit.ts';

const day = 24 * 60 * 60_000;

/**
 * A guardian's cancellation (docs/product.md#guardian-cancellation, decision 073): an operator
 * refunds the unspent part of a minor's charge past the 7-day window, through the gateway, with
 * the ledger entry, the audit log and the fan's notification; what was spent stays spent.
 */
describe('guardian refunds', () => {
  let t: TestContext;
  let operator: TestUser;
  let projectId: number;

  const previewOf = (chargeId: string, user: TestUser = operator) => t.request({ url: `/api/operator/charges/${chargeId}/guardian-refund`, cookie: user.cookie });
  const refund = (chargeId: string, payload: unknown, options: { user?: TestUser; key?: string | null } = {}) =>
    t.request({
      method: 'POST',
      url: `/api/operator/charges/${chargeId}/guardian-refund`,
      cookie: (options.user ?? operator).cookie,
      headers: options.key === null ? {} : { 'idempotency-key': options.key ?? idempotencyKey() },
      payload: payload as object,
    });
  const balancesOf = async (user: TestUser) =>
    ((await t.request({ url: '/api/points/balances', cookie: user.cookie })).json() as { orange: { total: number; purchased: number; bonus: number } }).orange;
  /** The sandbox's checkout of each charge paid through it: the gateway's side of a refund. */
  const checkoutIds = new Map<string, string>();
  const checkoutOf = async (chargeId: string) => (await sandboxOf(t).getCheckout(checkoutIds.get(chargeId)!))!;
  /** A charge paid through the sandbox, its checkout remembered for reading the gateway's side. */
  const paidCharge = async (user: TestUser, packageId = 'orange-1000') => {
    const { chargeId, checkoutId } = await startCharge(t, user, packageId);
    checkoutIds.set(chargeId, checkoutId);
    const success = new URL(await sandboxOf(t).approve(checkoutId, 'card'));
    await t.request({ url: `${success.pathname}${success.search}`, cookie: user.cookie });
    await sandboxOf(t).settled();
    return chargeId;
  };

  let artistId: number;

  beforeAll(async () => {
    ({ t, operator, artistId } = await projectsTestContext({ longSessions: true }));
    projectId = (await fundingProject(t, await t.createUser(), operator, { ...(await validRequestBody(t, artistId)), purpose: 'ongoing' })).id;
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  it('refunds the unspent part past the 7-day window, shows what was spent where, audits each step and notifies the fan', async () => {
    const fan = await t.createUser();
    const chargeId = await paidCharge(fan); // 1,000 Orange + 50 bonus, 100,000 KRW
    const joined = await postParticipation(t, fan, projectId, 300);
    expect(joined.statusCode, joined.body).toBe(201);
    t.clock.advance(8 * day);
    // The customer's own refund is over: the window passed (and points were used).
    const own = await t.request({ method: 'POST', url: `/api/points/charges/${chargeId}/refund`, cookie: fan.cookie, headers: { 'idempotency-key': idempotencyKey() } });
    expect(errorCode(own)).toBe('points.refund_window_passed');

    const preview = (await previewOf(chargeId)).json() as GuardianRefundPreview;
    // Bonus first: the 300 took the 50 bonus and 250 purchased; 750 purchased are left.
    expect(preview.refundable).toEqual({ orange: 750, bonusOrange: 0, amountKrw: 75_000 });
    expect(preview.spent).toEqual({ orange: 300, items: [{ kind: 'project', project: expect.objectContaining({ id: projectId }), orange: 300 }] });
    expect(preview.refusal).toBeNull();
    expect(preview.charge).toMatchObject({ id: chargeId, status: 'confirmed', amountKrw: 100_000, fan: { id: fan.id } });

    const key = idempotencyKey();
    const reason = 'Guardian (mother) does not consent. <script>alert(1)</script> ‮';
    const done = await refund(chargeId, { reason, inquiryId: 42 }, { key });
    expect(done.statusCode, done.body).toBe(200);
    const body = done.json() as GuardianRefundResponse;
    expect(body.refund).toMatchObject({ status: 'refunded', orange: 750, bonusOrange: 0, amountKrw: 75_000, reason, inquiryId: 42 });
    expect(body.preview.refusal).toBe('payments.guardian_refund_nothing_left');
    expect(body.preview.spent.orange).toBe(300);
    // The gateway cancelled 75,000 KRW of the 100,000, once.
    const checkout = await checkoutOf(chargeId);
    expect(checkout.partialCancels?.map((part) => part.amountKrw)).toEqual([75_000]);
    expect(checkout.state).toBe('partially_cancelled');
    expect(await balancesOf(fan)).toMatchObject({ total: 0 });

    // A replay with the same key answers the same refund and moves nothing again.
    const replay = await refund(chargeId, { reason, inquiryId: 42 }, { key });
    expect(replay.statusCode).toBe(200);
    expect((replay.json() as GuardianRefundResponse).refund.id).toBe(body.refund.id);
    expect((await checkoutOf(chargeId)).partialCancels).toHaveLength(1);
    // A new request finds nothing left.
    expect(errorCode(await refund(chargeId, { reason: 'again' }))).toBe('payments.guardian_refund_nothing_left');

    // The fan's history: one refund entry of -750; the notification names the amount.
    const { rows } = await t.database.db.execute<{ amount: number }>(sql`select amount from point_transactions where user_id = ${fan.id} and reason = 'guardian_refund'`);
    expect(rows.map((row) => Number(row.amount))).toEqual([-750]);
    const notes = (await t.request({ url: '/api/notifications', cookie: fan.cookie })).json() as { items: Notification[] };
    expect(notes.items.filter((note) => note.kind === 'guardian_refund').map((note) => note.params)).toEqual([{ amountKrw: 75_000, orange: 750, bonusOrange: 0 }]);

    // Every step is in the audit log with the operator, the reason and the inquiry.
    const log = (await t.request({ url: '/api/operator/audit-log', cookie: operator.cookie })).json() as OperatorAuditLogPage;
    const steps = log.items.filter((item) => item.action.startsWith('charge.guardian_refund'));
    expect(steps.map((item) => item.action)).toEqual(['charge.guardian_refund.refunded', 'charge.guardian_refund']);
    expect(steps[1]!.after).toMatchObject({ reason, inquiryId: 42, amountKrw: 75_000, orange: 750 });
    expect(steps[1]!.before).toMatchObject({ chargeId, unspent: { orange: 750, bonusOrange: 0 } });
    await expectLedgerClean(t);
  });

  it('takes the bonus with its purchase, and refunds a charge untouched within the window in full (less nothing)', async () => {
    const fan = await t.createUser();
    const chargeId = await paidCharge(fan, 'orange-500'); // 500 + 15 bonus
    const done = await refund(chargeId, { reason: 'Guardian asked by phone' });
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json() as GuardianRefundResponse).refund).toMatchObject({ orange: 500, bonusOrange: 15, amountKrw: 50_000 });
    expect(await balancesOf(fan)).toMatchObject({ total: 0, purchased: 0, bonus: 0 });
    // The gateway's whole amount is now cancelled; the customer's refund cannot follow.
    expect((await checkoutOf(chargeId)).state).toBe('cancelled');
    const own = await t.request({ method: 'POST', url: `/api/points/charges/${chargeId}/refund`, cookie: fan.cookie, headers: { 'idempotency-key': idempotencyKey() } });
    expect(errorCode(own)).toBe('points.refund_points_used');
  });

  it('puts the points back when the gateway refuses, and says so with a code', async () => {
    const fan = await t.createUser();
    // Credited straight into the ledger: the sandbox has never seen its payment key, so it refuses the cancellation.
    const chargeId = await creditCharge(t.database.db, t.services.points, { userId: fan.id, orange: 300, paidAt: t.clock.now() });
    const failed = await refund(chargeId, { reason: 'Guardian' });
    expect(failed.statusCode).toBe(422);
    expect(failed.json()).toMatchObject({ error: { code: 'payments.guardian_refund_failed' } });
    expect(await balancesOf(fan)).toMatchObject({ total: 300 });
    const preview = (await previewOf(chargeId)).json() as GuardianRefundPreview;
    expect(preview.refunds.map((item) => item.status)).toEqual(['failed']);
    expect(preview.refundable.orange).toBe(300);
    const log = (await t.request({ url: '/api/operator/audit-log', cookie: operator.cookie })).json() as OperatorAuditLogPage;
    expect(log.items[0]!.action).toBe('charge.guardian_refund.failed');
    await expectLedgerClean(t);
  });

  it('finds charges by nickname, order id and charge id', async () => {
    const fan = await t.createUser({ nickname: 'minor_fan' });
    const first = await charge(t, fan, 'orange-100');
    t.clock.advance(60_000);
    const second = await charge(t, fan, 'orange-300');
    const search = async (q: string) => ((await t.request({ url: `/api/operator/charges?q=${encodeURIComponent(q)}`, cookie: operator.cookie })).json() as { items: OperatorCharge[] }).items;
    expect((await search('MINOR_fan')).map((item) => item.id)).toEqual([second, first]);
    const { rows } = await t.database.db.execute<{ order_id: string }>(sql`select order_id from payments where id = ${first}`);
    expect((await search(rows[0]!.order_id)).map((item) => item.id)).toEqual([first]);
    expect((await search(second.toUpperCase()))[0]).toMatchObject({ id: second, fan: { nickname: 'minor_fan' }, orange: 300 });
    expect(await search('nobody_at_all')).toEqual([]);
  });

  it('refuses charges that are not paid, already refunded, or unknown', async () => {
    const fan = await t.createUser();
    const { chargeId: pending } = await startCharge(t, fan, 'orange-100');
    expect(errorCode(await refund(pending, { reason: 'x' }))).toBe('payments.guardian_refund_not_paid');
    expect(((await previewOf(pending)).json() as GuardianRefundPreview).refusal).toBe('payments.guardian_refund_not_paid');
    const refunded = await charge(t, fan, 'orange-100');
    const own = await t.request({ method: 'POST', url: `/api/points/charges/${refunded}/refund`, cookie: fan.cookie, headers: { 'idempotency-key': idempotencyKey() } });
    expect(own.statusCode).toBe(200);
    expect(errorCode(await refund(refunded, { reason: 'x' }))).toBe('payments.guardian_refund_already_refunded');
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await previewOf(unknown)).statusCode).toBe(404);
    expect(errorCode(await refund(unknown, { reason: 'x' }))).toBe('points.charge_not_found');
  });

  it('is for operators only, and refuses bad input with coded 400s', async () => {
    const fan = await t.createUser();
    const chargeId = await charge(t, fan, 'orange-100');
    // docs/quality.md#s1: a fan (even the owner) and another fan get nothing; a visitor is asked to sign in.
    for (const user of [fan, await t.createUser()]) {
      expect((await previewOf(chargeId, user)).statusCode).toBe(403);
      expect((await refund(chargeId, { reason: 'x' }, { user })).statusCode).toBe(403);
      expect((await t.request({ url: '/api/operator/charges?q=x', cookie: user.cookie })).statusCode).toBe(403);
    }
    expect((await t.request({ url: `/api/operator/charges/${chargeId}/guardian-refund` })).statusCode).toBe(401);
    const bad: [string, unknown, string | null][] = [
      ['not-a-uuid', { reason: 'x' }, 'k'],
      [`${chargeId}%00`, { reason: 'x' }, 'k'],
      [chargeId, {}, 'k'],
      [chargeId, { reason: '' }, 'k'],
      [chargeId, { reason: '   \n ' }, 'k'],
      [chargeId, { reason: 'x'.repeat(1001) }, 'k'],
      [chargeId, { reason: 'bad\u0000nul' }, 'k'],
      [chargeId, { reason: 'esc\u001b[31m' }, 'k'],
      [chargeId, { reason: 'x', inquiryId: 0 }, 'k'],
      [chargeId, { reason: 'x', inquiryId: '7' }, 'k'],
      [chargeId, { reason: 'x', inquiryId: 2 ** 31 }, 'k'],
      [chargeId, { reason: 'x', extra: true }, 'k'],
      [chargeId, { reason: 'x' }, null],
    ];
    for (const [id, payload, key] of bad) {
      const response = await t.request({
        method: 'POST',
        url: `/api/operator/charges/${id}/guardian-refund`,
        cookie: operator.cookie,
        headers: key === null ? {} : { 'idempotency-key': idempotencyKey() },
        payload: payload as object,
      });
      expect(response.statusCode, `${id} ${JSON.stringify(payload)} ${response.body}`).toBe(400);
      expect(errorCode(response)).toMatch(/^(validation\.invalid|idempotency\.key_required)$/);
    }
    for (const q of ['', 'x'.repeat(201), 'a%00b']) {
      expect((await t.request({ url: `/api/operator/charges?q=${q}`, cookie: operator.cookie })).statusCode).toBe(400);
    }
    // Nothing moved.
    expect(await balancesOf(fan)).toMatchObject({ total: 100 });
  });
  it('waits for a gateway that does not answer, refuses a second refund meanwhile, and the sweep finishes it', async () => {
    const fan = await t.createUser();
    const chargeId = await paidCharge(fan, 'orange-300');
    await withSandboxCancel(t, () => cancelTimedOut, async () => {
      const waiting = await refund(chargeId, { reason: 'Guardian' });
      expect(waiting.statusCode, waiting.body).toBe(200);
      expect((waiting.json() as GuardianRefundResponse).refund.status).toBe('refunding');
      expect(errorCode(await refund(chargeId, { reason: 'Guardian again' }))).toBe('payments.guardian_refund_in_progress');
      expect(await balancesOf(fan)).toMatchObject({ total: 0 });
    });
    t.clock.advance(guardianRefundRepairAfterMs + 1_000);
    expect(await t.services.guardianRefunds.repairRefunds()).toEqual({ repaired: 1 });
    const preview = (await previewOf(chargeId)).json() as GuardianRefundPreview;
    expect(preview.refunds.map((item) => [item.status, item.amountKrw])).toEqual([['refunded', 30_000]]);
    expect((await checkoutOf(chargeId)).state).toBe('cancelled');
    // A second sweep finds nothing to do.
    expect(await t.services.guardianRefunds.repairRefunds()).toEqual({ repaired: 0 });
    await expectLedgerClean(t);
  });

  it('a shutdown during the repair stops before the next refund; the next repair finishes it (decision 084)', async () => {
    const fan = await t.createUser();
    const chargeIds = [await paidCharge(fan, 'orange-300'), await paidCharge(fan, 'orange-300')];
    await withSandboxCancel(t, () => cancelTimedOut, async () => {
      for (const chargeId of chargeIds) expect((((await refund(chargeId, { reason: 'Guardian' })).json()) as GuardianRefundResponse).refund.status).toBe('refunding');
    });
    t.clock.advance(guardianRefundRepairAfterMs + 1_000);
    const stop = new AbortController();
    // The gateway answers the first cancellation, and the shutdown arrives meanwhile.
    await withSandboxCancel(t, cancelThen(() => stop.abort()), async () => {
      expect(await t.services.guardianRefunds.repairRefunds(stop.signal)).toEqual({ repaired: 1 });
    });
    const statuses = async () => Promise.all(chargeIds.map(async (chargeId) => ((await previewOf(chargeId)).json() as GuardianRefundPreview).refunds.map((item) => item.status)));
    expect((await statuses()).sort()).toEqual([['refunded'], ['refunding']]);
    expect(await t.services.guardianRefunds.repairRefunds()).toEqual({ repaired: 1 });
    expect(await statuses()).toEqual([['refunded'], ['refunded']]);
    expect(await balancesOf(fan)).toMatchObject({ total: 0 });
    await expectLedgerClean(t);
  });

  // Last: it closes every project whose funding has ended.
  it('refunds again what a failed project returns to the charge later (docs/product.md#returns)', async () => {
    const fan = await t.createUser();
    const project = await fundingProject(t, await t.createUser(), operator, await validRequestBody(t, artistId));
    const chargeId = await paidCharge(fan); // 1,000 + 50
    expect((await postParticipation(t, fan, project.id, 300)).statusCode).toBe(201);
    const first = (await refund(chargeId, { reason: 'Guardian' })).json() as GuardianRefundResponse;
    expect(first.refund).toMatchObject({ orange: 750, bonusOrange: 0, amountKrw: 75_000 });
    expect(first.preview.spent.items).toEqual([{ kind: 'project', project: expect.objectContaining({ id: project.id }), orange: 300 }]);
    // The project does not reach its goal: the 300 go back to the charge's lots (50 bonus, 250 purchased).
    t.clock.set(startOfKstDay(addDays(project.fundingEndDate, 1)));
    await t.services.participations.closeFundingDue();
    const preview = (await previewOf(chargeId)).json() as GuardianRefundPreview;
    expect(preview.spent).toEqual({ orange: 0, items: [] });
    expect(preview.refundable).toEqual({ orange: 250, bonusOrange: 50, amountKrw: 25_000 });
    const second = await refund(chargeId, { reason: 'Guardian, the returned points' });
    expect(second.statusCode, second.body).toBe(200);
    expect((second.json() as GuardianRefundResponse).preview.refunds.map((item) => item.amountKrw)).toEqual([75_000, 25_000]);
    expect((await checkoutOf(chargeId)).partialCancels?.map((part) => part.amountKrw)).toEqual([75_000, 25_000]);
    expect(await balancesOf(fan)).toMatchObject({ total: 0 });
    await expectLedgerClean(t);
  });
});

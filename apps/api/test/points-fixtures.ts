import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { spaPaths } from '@orchard/shared/spa-paths';
import type { Db } from '../src/db/client.ts';
import { RETRIABLE_FAILURE_CODE } from '../src/modules/payments/gateways/gateway.ts';
import type { SandboxGateway } from '../src/modules/payments/gateways/sandbox.ts';
import { createLedgerRepository } from '../src/modules/points/ledger.repository.ts';
import { reconcileLedger } from '../src/modules/points/points.reconciliation.repository.ts';
import type { PointsService } from '../src/modules/points/points.service.ts';
import type { TestContext, TestUser } from './harness.ts';

/** Test helpers of the points and payments modules: charges (through the sandbox or straight into the ledger) and the reconciliation. */

export const idempotencyKey = () => `k-${randomUUID()}`;

export function sandboxOf(t: TestContext): SandboxGateway {
  return t.services.paymentGateway as SandboxGateway;
}

type SandboxCancel = SandboxGateway['cancel'];

/** A gateway that does not answer in time: the refund stays 'refunding' for its repair. */
export const cancelTimedOut: SandboxCancel = async () => ({ ok: false, code: RETRIABLE_FAILURE_CODE, reason: 'timed out' });

/** Runs `work` while the sandbox cancels with `replacement` (which may call the real one), then puts the real one back. */
export async function withSandboxCancel<T>(t: TestContext, replacement: (real: SandboxCancel) => SandboxCancel, work: () => Promise<T>): Promise<T> {
  const sandbox = sandboxOf(t);
  const real = sandbox.cancel;
  sandbox.cancel = replacement(real.bind(sandbox));
  try {
    return await work();
  } finally {
    sandbox.cancel = real;
  }
}

/** The real cancellation, then `then()` (a shutdown arriving while the gateway answered). */
export const cancelThen =
  (then: () => void) =>
  (real: SandboxCancel): SandboxCancel =>
  async (input) => {
    const answer = await real(input);
    then();
    return answer;
  };

export async function startCharge(t: TestContext, user: TestUser, packageId = 'orange-1000', method = 'card') {
  const response = await t.request({
    method: 'POST',
    url: '/api/points/charges',
    cookie: user.cookie,
    headers: { 'idempotency-key': idempotencyKey() },
    payload: { packageId, method },
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { charge: { id: string }; checkoutUrl: string };
  const checkoutId = new URL(body.checkoutUrl).pathname.split('/').pop()!;
  return { chargeId: body.charge.id, checkoutId };
}

/** Charges a package and approves it on the sandbox, returning in the owner's browser; returns the charge id once credited. */
export async function charge(t: TestContext, user: TestUser, packageId = 'orange-1000') {
  const { chargeId, checkoutId } = await startCharge(t, user, packageId);
  const success = new URL(await sandboxOf(t).approve(checkoutId, 'card'));
  const landed = await t.request({ url: `${success.pathname}${success.search}`, cookie: user.cookie });
  expect(landed.statusCode, landed.body).toBe(302);
  expect(landed.headers.location).toBe(spaPaths.completedCharge(chargeId));
  await sandboxOf(t).settled();
  return chargeId;
}

/**
 * A confirmed payment credited the way the charge path credits it (payments row, wallet, then
 * creditChargeWithin in one transaction), without a gateway round trip: ledger tests that are not
 * about the gateway stay fast. Returns the payment id.
 */
export async function creditCharge(db: Db, points: PointsService, input: { userId: string; orange: number; bonus?: number; paidAt: Date }) {
  const bonus = input.bonus ?? 0;
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      insert into payments (user_id, order_id, gateway, package_id, orange, bonus_orange, amount_krw, method, status, payment_key, paid_at, created_at, updated_at)
      values (${input.userId}, ${`ord_${randomUUID()}`}, 'sandbox', 'test', ${input.orange}, ${bonus}, ${input.orange * 100}, 'card', 'confirmed',
        ${`pk_${randomUUID()}`}, ${input.paidAt.toISOString()}::timestamptz, ${input.paidAt.toISOString()}::timestamptz, ${input.paidAt.toISOString()}::timestamptz)
      returning id`);
    const paymentId = rows[0]!.id;
    await points.lockWalletWithin(tx, input.userId, { create: true });
    await points.creditChargeWithin(tx, { id: paymentId, userId: input.userId, orange: input.orange, bonusOrange: bonus }, input.paidAt);
    return paymentId;
  });
}

/** How many ledger transactions exist (a sweep that posts nothing leaves it unchanged). */
export async function transactionCount(db: Db): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from point_transactions`);
  return Number(rows[0]!.n);
}

/** docs/quality.md#r6: every invariant of the ledger holds. */
export async function expectLedgerClean(t: TestContext) {
  const result = await reconcileLedger(t.database.db, t.clock.now());
  expect(result.violations).toEqual([]);
}

/** What an escrow account holds: the sum of its postings (participations in, returns out). */
export async function escrowBalance(db: Db, escrowAccountId: number): Promise<number> {
  const { rows } = await db.execute<{ balance: unknown }>(
    sql`select coalesce(sum(amount), 0)::int as balance from point_postings where escrow_account_id = ${escrowAccountId}`,
  );
  return Number(rows[0]!.balance);
}

/** An escrow account that belongs to no project, for ledger tests that move points without one. */
export const createBareEscrowAccount = (db: Db, currency: 'orange' | 'berry') => createLedgerRepository({ db }).createEscrowAccount(currency, null);

import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { SandboxGateway } from '../src/lib/payments/sandbox-gateway.ts';
import { reconcileLedger } from '../src/modules/points/reconciliation.ts';
import type { TestContext, TestUser } from './harness.ts';

/** Test helpers for the points module: charging through the sandbox, and the R6 reconciliation. */
export function sandboxOf(t: TestContext): SandboxGateway {
  return t.services.paymentGateway as SandboxGateway;
}

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

/** Charges a package and approves it on the sandbox; answers the charge id once credited. */
export async function charge(t: TestContext, user: TestUser, packageId = 'orange-1000') {
  const { chargeId, checkoutId } = await startCharge(t, user, packageId);
  const success = new URL(sandboxOf(t).approve(checkoutId, 'card'));
  const landed = await t.request({ url: `${success.pathname}${success.search}`, cookie: user.cookie });
  expect(landed.statusCode, landed.body).toBe(302);
  expect(landed.headers.location).toBe(`/my-page/completed-charge/${chargeId}`);
  await sandboxOf(t).settled();
  return chargeId;
}

export const idempotencyKey = () => `k-${randomUUID()}`;

/** R6: every invariant of the ledger holds. */
export async function expectLedgerClean(t: TestContext) {
  const result = await reconcileLedger(t.database.db, t.clock.now());
  expect(result.violations).toEqual([]);
}

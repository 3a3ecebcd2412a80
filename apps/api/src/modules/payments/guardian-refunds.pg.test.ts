import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuardianRefundResponse } from '@orchard/shared';
import { errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { charge, expectLedgerClean, idempotencyKey } from '../../../test/points-fixtures.ts';
import { fundingProject, postParticipation, projectsTestContext, validRequestBody } from '../../../test/projects-kit.ts';

/**
 * A guardian's cancellation racing the fan's own spend of the same lots, on real PostgreSQL (this
 * file runs in the api-postgres project only): both lock the fan's wallet first, then the lots
 * (docs/architecture.md#locking), so one goes first and the other sees what it left. Never both
 * take the same points; the reconciliation is clean afterwards (docs/quality.md#r6).
 */
const rounds = Number(process.env.ORCHARD_GUARDIAN_RACE_ROUNDS ?? 30);

describe('a guardian refund against a concurrent spend of the same lots (PostgreSQL)', () => {
  let t: TestContext;
  let operator: TestUser;
  let projectId: number;

  beforeAll(async () => {
    let artistId: number;
    ({ t, operator, artistId } = await projectsTestContext({ longSessions: true }));
    projectId = (await fundingProject(t, await t.createUser(), operator, { ...(await validRequestBody(t, artistId)), purpose: 'ongoing' })).id;
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  it(`either the spend or the refund goes first, never both on the same points (${rounds} rounds)`, async () => {
    const seen = { spendFirst: 0, refundFirst: 0 };
    for (let round = 0; round < rounds; round++) {
      const fan = await t.createUser();
      const chargeId = await charge(t, fan, 'orange-1000'); // 1,000 + 50 bonus
      const stagger = new Promise((resolve) => setTimeout(resolve, round % 4));
      const [spend, refund] = await Promise.all([
        postParticipation(t, fan, projectId, 300),
        stagger.then(() =>
          t.request({
            method: 'POST',
            url: `/api/operator/charges/${chargeId}/guardian-refund`,
            cookie: operator.cookie,
            headers: { 'idempotency-key': idempotencyKey() },
            payload: { reason: `race ${round}` },
          }),
        ),
      ]);
      expect(refund.statusCode, refund.body).toBe(200);
      const taken = (refund.json() as GuardianRefundResponse).refund;
      if (spend.statusCode === 201) {
        // The spend went first (bonus first: 50 bonus and 250 purchased); the refund took the rest.
        expect(taken).toMatchObject({ orange: 750, bonusOrange: 0, amountKrw: 75_000, status: 'refunded' });
        seen.spendFirst += 1;
      } else {
        expect(errorCode(spend), spend.body).toBe('points.insufficient');
        expect(taken).toMatchObject({ orange: 1000, bonusOrange: 50, amountKrw: 100_000, status: 'refunded' });
        seen.refundFirst += 1;
      }
      const balances = (await t.request({ url: '/api/points/balances', cookie: fan.cookie })).json() as { orange: { total: number } };
      expect(balances.orange.total).toBe(0);
    }
    expect(seen.spendFirst + seen.refundFirst).toBe(rounds);
    console.log(`guardian refund race: spend first ${seen.spendFirst}, refund first ${seen.refundFirst}`);
    await expectLedgerClean(t);
  });
});

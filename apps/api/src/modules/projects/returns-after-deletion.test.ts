import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@orchard/shared';
import { addDays, startOfKstDay } from '@orchard/shared/project-rules';
import type { TestContext, TestUser } from '../../../test/harness.ts';
import { escrowBalance, idempotencyKey } from '../../../test/points-fixtures.ts';
import { closeWithCleanLedger, creditOrange, fundingProject, projectRow, projectsTestContext, validRequestBody } from '../../../test/projects-kit.ts';

/**
 * docs/product.md#returns: a participation of an account deleted since goes to the forfeited
 * account, as the account's balance did at its deletion, never back to its lots.
 */
describe('returns to a deleted account (docs/product.md#returns)', () => {
  let t: TestContext;
  let operator: TestUser;
  let artistId: number;

  const participate = async (user: TestUser, projectId: number, amount: number) => {
    const response = await t.request({ method: 'POST', url: `/api/projects/${projectId}/participations`, cookie: user.cookie, headers: { 'idempotency-key': idempotencyKey() }, payload: { amount } });
    expect(response.statusCode, response.body).toBe(201);
  };
  const deleteAccount = async (user: TestUser) => {
    const response = await t.request({ method: 'DELETE', url: '/api/users/me', cookie: user.cookie, payload: { acknowledgePointForfeit: true } });
    expect(response.statusCode, response.body).toBe(200);
  };
  const fan = async (orange: number) => {
    const user = await t.createUser();
    await creditOrange(t, user.id, orange);
    return user;
  };
  const open = async (purpose: 'limited' | 'ongoing') => fundingProject(t, await t.createUser(), operator, { ...(await validRequestBody(t, artistId)), purpose });
  /** The project's returns to `userId`: what reached the user's lots and what reached the forfeited account. */
  const returnsTo = async (userId: string, projectId: number) => {
    const { rows } = await t.database.db.execute<{ entries: number; to_lots: number; forfeited: number }>(sql`
      select count(distinct t.id)::int as entries, coalesce(sum(t.amount), 0)::int as to_lots,
        coalesce((select sum(p.amount) from point_postings p join point_transactions r on r.id = p.transaction_id
          where r.user_id = ${userId} and r.project_id = ${projectId} and r.type = 'return' and p.system_account = 'forfeited'), 0)::int as forfeited
      from point_transactions t where t.user_id = ${userId} and t.project_id = ${projectId} and t.type = 'return'`);
    return { entries: Number(rows[0]!.entries), toLots: Number(rows[0]!.to_lots), forfeited: Number(rows[0]!.forfeited) };
  };
  const reconciliation = async () => (await t.services.points.reconcile(t.database.db)).violations;

  beforeAll(async () => {
    ({ t, operator, artistId } = await projectsTestContext({ longSessions: true }));
  });
  afterAll(() => closeWithCleanLedger(t));

  it('a project that fails returns a deleted participant’s points to the forfeited account, and the reconciliation stays clean', async () => {
    const project = await open('ongoing');
    const leaving = await fan(100);
    const staying = await fan(100);
    await participate(leaving, project.id, 30);
    await participate(leaving, project.id, 20);
    await participate(staying, project.id, 40);
    await deleteAccount(leaving);
    t.clock.set(startOfKstDay(addDays(project.fundingEndDate, 1)));
    await t.services.participations.closeFundingDue();
    expect((await projectRow(t, project.id)).status).toBe('failed');

    expect(await reconciliation()).toEqual([]);
    expect(await returnsTo(leaving.id, project.id)).toEqual({ entries: 2, toLots: 0, forfeited: 50 });
    expect(await returnsTo(staying.id, project.id)).toEqual({ entries: 1, toLots: 40, forfeited: 0 });
    expect(await escrowBalance(t.database.db, Number((await projectRow(t, project.id)).escrow_account_id))).toBe(0);
    expect(await t.services.points.balances(leaving.id)).toMatchObject({ orange: { total: 0 } });
    // A second close moves nothing twice.
    await t.services.participations.closeFundingDue();
    expect(await returnsTo(leaving.id, project.id)).toEqual({ entries: 2, toLots: 0, forfeited: 50 });
  });

  it('an operator’s cancellation of a succeeded project does the same', async () => {
    const project: Project = await open('limited');
    const leaving = await fan(project.goal);
    const staying = await fan(project.goal);
    const half = Math.floor(project.goal / 2);
    await participate(leaving, project.id, half);
    await participate(staying, project.id, half);
    expect((await projectRow(t, project.id)).status).toBe('succeeded');
    await deleteAccount(leaving);
    t.clock.set(startOfKstDay(addDays(project.adStartDate, -31)));
    const cancelled = await t.request({ method: 'POST', url: `/api/operator/projects/${project.id}/cancellation`, cookie: operator.cookie, payload: { reason: 'The screen is under repair.' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    expect(await reconciliation()).toEqual([]);
    expect(await returnsTo(leaving.id, project.id)).toEqual({ entries: 1, toLots: 0, forfeited: half });
    expect((await returnsTo(staying.id, project.id)).toLots).toBeGreaterThan(0);
    expect(await t.services.points.balances(leaving.id)).toMatchObject({ orange: { total: 0 } });
  });
});

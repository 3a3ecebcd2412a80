import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@orchard/shared';
import type { TestContext, TestUser } from '../../../test/harness.ts';
import { idempotencyKey } from '../../../test/points-fixtures.ts';
import { closeWithCleanLedger, creditOrange, fundingProject, projectsTestContext, validRequestBody } from '../../../test/projects-kit.ts';
import { createIdempotency } from '../idempotency/idempotency.service.ts';
import { ledgerKeysAppliedProbe } from '../points/points.service.ts';
import { createParticipationBatcher } from './participations.batch.ts';

/**
 * The participation batch is one plain transaction (docs/decisions/067-participation-batch-in-a-plain-transaction.md):
 * whatever runs inside it, savepoints included, commits or rolls back with the batch. Runs on both
 * databases; decision 060's transaction on a bare PostgreSQL connection committed the batch at a
 * nested transaction's end.
 */
describe('the participation batch transaction', () => {
  let t: TestContext;
  let operator: TestUser;
  let artistId: number;

  beforeAll(async () => {
    ({ t, operator, artistId } = await projectsTestContext({ longSessions: true }));
  });
  afterAll(() => closeWithCleanLedger(t));

  const participate = (user: TestUser, projectId: number, amount: number) =>
    t.request({ method: 'POST', url: `/api/projects/${projectId}/participations`, cookie: user.cookie, headers: { 'idempotency-key': idempotencyKey() }, payload: { amount } });
  const balanceOf = async (user: TestUser) => ((await t.request({ url: '/api/points/balances', cookie: user.cookie })).json() as { orange: { total: number } }).orange.total;
  const projectOf = async (projectId: number) => ((await t.request({ url: `/api/projects/${projectId}` })).json() as { project: Project }).project;

  it('a batch that fails after a savepoint inside it leaves nothing committed: no spend, no participation, no figure', async () => {
    const p = await fundingProject(t, await t.createUser(), operator, { ...(await validRequestBody(t, artistId)), purpose: 'limited' });
    const ask = Math.floor(Math.floor(p.goal / 2) / p.minimumUnit!) * p.minimumUnit!;
    // Other fans bring the limited project to within one participation of its goal.
    for (let left = p.goal - p.raised; left > ask; left -= ask) {
      const fan = await t.createUser();
      await creditOrange(t, fan.id, p.goal);
      expect((await participate(fan, p.id, ask)).statusCode).toBe(201);
    }
    const before = await projectOf(p.id);
    const last = await t.createUser();
    await creditOrange(t, last.id, p.goal);

    // Reaching the goal runs the batch's hook inside its transaction, after the spend and the participation row.
    const batcher = createParticipationBatcher({
      db: t.database.db,
      clock: t.clock,
      points: t.services.points,
      idempotency: createIdempotency({ db: t.database.db, clock: t.clock, appliedOnLedger: ledgerKeysAppliedProbe }),
      onGoalReached: async (tx) => {
        await tx.transaction(async (savepoint) => {
          await savepoint.execute(sql`select 1`);
        });
        await tx.transaction(async () => {
          throw new Error('refused inside a savepoint');
        });
      },
    });
    await expect(batcher.submit({ userId: last.id, key: idempotencyKey(), requestHash: 'savepoint', projectId: p.id, amount: ask })).rejects.toThrow('refused inside a savepoint');

    expect(await balanceOf(last)).toBe(p.goal);
    expect(await projectOf(p.id)).toMatchObject({ status: 'funding', raised: before.raised, participantCount: before.participantCount });
    const { rows } = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from project_participations where user_id = ${last.id}`);
    expect(rows[0]!.n).toBe(0);
  });
});

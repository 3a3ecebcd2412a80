import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@orchard/shared';
import { addDays, startOfKstDay } from '@orchard/shared/project-rules';
import type { TestContext, TestUser } from '../../../test/harness.ts';
import { expectLedgerClean, idempotencyKey } from '../../../test/points-fixtures.ts';
import { closeWithCleanLedger, creditOrange, fundingProject, projectsTestContext, validRequestBody } from '../../../test/projects-kit.ts';
import { createIdempotency } from '../idempotency/idempotency.service.ts';
import { ledgerKeysAppliedProbe } from '../points/points.service.ts';
import { createParticipationsService, type ReturnChunk } from './participations.service.ts';

/**
 * A failing or cancelled project's close against real PostgreSQL (decision 066): the status change
 * in a short transaction, then the returns in chunks of participants, each chunk one set statement.
 */
describe('the close returns its escrow in chunks (decision 066, PostgreSQL)', () => {
  let t: TestContext;
  let operator: TestUser;
  let artistId: number;

  /** `count` fans with `orange` each, made a few at a time (the pool has 10 connections). */
  const fans = async (count: number, orange: number) => {
    const users: TestUser[] = [];
    for (let start = 0; start < count; start += 10) {
      users.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(10, count - start) }, async () => {
            const user = await t.createUser();
            await creditOrange(t, user.id, orange);
            return user;
          }),
        )),
      );
    }
    return users;
  };
  /** Each fan participates `times` times with `amount`, all fans at once in each round (batched as in production). */
  const participateEach = async (users: TestUser[], projectId: number, amount: number, times: number) => {
    for (let round = 0; round < times; round++) {
      await Promise.all(users.map((user) => t.services.participations.participate({ userId: user.id, key: idempotencyKey(), hash: 'h' }, projectId, amount, 'en')));
    }
  };
  const orangeOf = async (userId: string) => (await t.services.points.balances(userId)).orange.total;
  const escrowOf = async (projectId: number) => {
    const { rows } = await t.database.db.execute<{ total: string }>(
      sql`select coalesce(sum(pp.amount), 0) as total from point_postings pp join point_escrow_accounts e on e.id = pp.escrow_account_id where e.project_id = ${projectId}`,
    );
    return Number(rows[0]!.total);
  };
  const statusOf = async (projectId: number) => {
    const { rows } = await t.database.db.execute<{ status: string }>(sql`select status from projects where id = ${projectId}`);
    return rows[0]!.status;
  };
  /**
   * A project that will fail: an ongoing one whose goal is put out of reach after its creation (the
   * sample media make goals of a few hundred Orange; thousands of participations would reach them).
   */
  const failingProject = async () => {
    const project = await fundingProject(t, await t.createUser(), operator, { ...(await validRequestBody(t, artistId)), purpose: 'ongoing' });
    await t.database.db.execute(sql`update projects set goal = 100000000 where id = ${project.id}`);
    return project;
  };
  const closeAt = (project: Project) => startOfKstDay(addDays(project.fundingEndDate, 1));
  /** Another API process's participations service, with chunks of `chunk` (small ones make many chunks of a few fans). */
  const instance = (chunk: ReturnChunk) =>
    createParticipationsService({
      db: t.database.db,
      clock: t.clock,
      files: t.files,
      points: t.services.points,
      notifications: t.services.notifications,
      idempotency: createIdempotency({ db: t.database.db, clock: t.clock, appliedOnLedger: ledgerKeysAppliedProbe }),
      projects: t.services.projects,
      rankings: t.services.rankings,
      audit: t.services.audit.record,
      returnChunk: chunk,
    });
  /** Each participation's number of returns. */
  const returnCounts = async (projectId: number) => {
    const { rows } = await t.database.db.execute<{ returns: number }>(sql`
      select (select count(*)::int from point_transactions r where r.type = 'return' and r.related_transaction_id = pp.spend_transaction_id) as returns
      from project_participations pp where pp.project_id = ${projectId}`);
    return rows.map((row) => Number(row.returns));
  };
  /** How many times each (user, kind) of the project's notifications was written, the most of any. */
  const mostNoticesOfOneKind = async (projectId: number) => {
    const { rows } = await t.database.db.execute<{ n: number }>(sql`
      select coalesce(max(n), 0)::int as n from (select count(*) as n from notifications where project_id = ${projectId} group by user_id, kind) counted`);
    return Number(rows[0]!.n);
  };
  let bigFans: TestUser[] = [];

  beforeAll(async () => {
    ({ t, operator, artistId } = await projectsTestContext({ longSessions: true }));
  });
  afterAll(() => closeWithCleanLedger(t));

  it('closes 3,000 participations of 300 fans: every fan gets back what they put in, once, and is told once (its time is npm run bench -- close)', async () => {
    const project = await failingProject();
    bigFans = await fans(300, 1_000);
    const users = bigFans;
    const unit = project.minimumUnit!;
    await participateEach(users, project.id, unit, 10);
    t.clock.set(closeAt(project));
    await t.services.participations.closeFundingDue();
    expect(await statusOf(project.id)).toBe('failed');
    expect(await escrowOf(project.id)).toBe(0);
    for (const user of users) expect(await orangeOf(user.id)).toBe(1_000);
    const { rows } = await t.database.db.execute<{ kind: string; n: number; amounts: string }>(sql`
      select kind, count(*)::int as n, string_agg(distinct coalesce(params->>'amount', '-'), ',') as amounts from notifications
      where project_id = ${project.id} and user_id = any(${`{${users.map((user) => user.id).join(',')}}`}::uuid[]) group by kind order by kind`);
    expect(rows.map((row) => [row.kind, Number(row.n), row.amounts])).toEqual([
      ['failed', 300, '-'],
      ['points_returned', 300, String(10 * unit)],
    ]);
    await expectLedgerClean(t);
  }, 300_000);
  it("a participant's exchange sent during a close of 3,000 participations answers before the close does", async () => {
    const project = await failingProject();
    const users = bigFans.length === 300 ? bigFans : await fans(300, 1_000);
    await participateEach(users, project.id, project.minimumUnit!, 10);
    t.clock.set(closeAt(project));
    const events: string[] = [];
    const close = t.services.participations.closeFundingDue().then(() => events.push('close'));
    // Once the failure is visible (its own short transaction), a fan whose chunk comes last exchanges.
    while ((await statusOf(project.id)) !== 'failed') await new Promise((resolve) => setTimeout(resolve, 5));
    const last = [...users].sort((a, b) => (a.id < b.id ? 1 : -1))[0]!;
    const exchange = t.services.points.exchange({ userId: last.id, key: idempotencyKey(), requestHash: 'x', orange: 1 }).then(() => events.push('exchange'));
    await Promise.all([close, exchange]);
    expect(events).toEqual(['exchange', 'close']);
    expect(await orangeOf(last.id)).toBe(999);
    await expectLedgerClean(t);
  }, 300_000);

  it('two closes of one project at once, on two instances in small chunks, return each participation once and tell each participant once', async () => {
    const project = await failingProject();
    const users = await fans(40, 1_000);
    await participateEach(users, project.id, project.minimumUnit!, 3);
    t.clock.set(closeAt(project));
    const outcomes = await Promise.all([instance({ participants: 3, participations: 9 }).closeFundingDue(), instance({ participants: 5, participations: 15 }).closeFundingDue()]);
    expect(outcomes.map((outcome) => outcome.failed).sort()).toEqual([0, 1]);
    expect(await statusOf(project.id)).toBe('failed');
    expect((await returnCounts(project.id)).every((count) => count === 1)).toBe(true);
    expect(await mostNoticesOfOneKind(project.id)).toBe(1);
    expect(await escrowOf(project.id)).toBe(0);
    for (const user of users) expect(await orangeOf(user.id)).toBe(1_000);
    await expectLedgerClean(t);
  }, 120_000);

  it("an operator's cancellation and the close sweep's resume of it at once return each participation once", async () => {
    const project = await fundingProject(t, await t.createUser(), operator, { ...(await validRequestBody(t, artistId)), purpose: 'ongoing' });
    const users = await fans(30, 1_000);
    const unit = project.minimumUnit!;
    // An ongoing project takes participations past its goal: it succeeds at its close.
    await participateEach(users, project.id, Math.floor(project.goal / 4 / unit) * unit, 1);
    await participateEach(users, project.id, unit, 1);
    t.clock.set(closeAt(project));
    expect(await t.services.participations.closeFundingDue()).toMatchObject({ succeeded: 1 });
    t.clock.set(startOfKstDay(addDays(project.adStartDate, -31)));
    const cancelling = instance({ participants: 4, participations: 8 });
    const sweeping = instance({ participants: 3, participations: 6 });
    const cancel = cancelling.cancel(operator.id, project.id, 'The screen is under repair.', { userId: operator.id, isOperator: true }, 'en');
    while ((await statusOf(project.id)) !== 'cancelled') await new Promise((resolve) => setTimeout(resolve, 2));
    const [answered, swept] = await Promise.all([cancel, sweeping.closeFundingDue()]);
    expect(answered.status).toBe('cancelled');
    expect(swept.resumed).toBeLessThanOrEqual(1);
    expect((await returnCounts(project.id)).every((count) => count === 1)).toBe(true);
    expect(await mostNoticesOfOneKind(project.id)).toBe(1);
    expect(await escrowOf(project.id)).toBe(0);
    await expectLedgerClean(t);
  }, 120_000);

  it('a close in many chunks races its participants spending and exchanging elsewhere: all succeed, nothing is lost', async () => {
    const failing = await failingProject();
    const laterBody = await validRequestBody(t, artistId);
    const elsewhere = await fundingProject(t, await t.createUser(), operator, { ...laterBody, purpose: 'ongoing', adStartDate: addDays(laterBody.adStartDate, 1) });
    const users = await fans(60, 1_000);
    const unit = failing.minimumUnit!;
    await participateEach(users, failing.id, unit, 3);
    t.clock.set(closeAt(failing));
    const [, answers, exchanges] = await Promise.all([
      instance({ participants: 5, participations: 15 }).closeFundingDue(),
      Promise.allSettled(users.map((user) => t.services.participations.participate({ userId: user.id, key: idempotencyKey(), hash: 'h' }, elsewhere.id, unit, 'en'))),
      Promise.allSettled(users.map((user) => t.services.points.exchange({ userId: user.id, key: idempotencyKey(), requestHash: 'x', orange: 1 }))),
    ]);
    expect([...answers, ...exchanges].filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    expect(await statusOf(failing.id)).toBe('failed');
    expect(await escrowOf(failing.id)).toBe(0);
    for (const user of users) expect(await orangeOf(user.id)).toBe(1_000 - unit - 1);
    await expectLedgerClean(t);
  }, 120_000);
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@orchard/shared';
import { addDays, startOfKstDay } from '@orchard/shared/project-rules';
import { errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import type { AppError } from '../../lib/errors.ts';
import { buildServices } from '../../services.ts';
import { expectLedgerClean, idempotencyKey } from '../../../test/points-fixtures.ts';
import { closeWithCleanLedger, creditOrange, fundingProject, projectsTestContext, validRequestBody } from '../../../test/projects-kit.ts';

/**
 * Participation and the close under concurrency against real PostgreSQL (docs/architecture.md#locking,
 * decision 054). Each race was seen to fail against a naive variant: see the decision.
 */
describe('participation races (PostgreSQL)', () => {
  let t: TestContext;
  let operator: TestUser;
  let artistId: number;

  const participate = (user: TestUser, projectId: number, amount: number) =>
    t.request({ method: 'POST', url: `/api/projects/${projectId}/participations`, cookie: user.cookie, headers: { 'idempotency-key': idempotencyKey() }, payload: { amount } });
  const escrowOf = async (projectId: number) => {
    const { rows } = await t.database.db.execute<{ total: string }>(
      sql`select coalesce(sum(pp.amount), 0) as total from point_postings pp join point_escrow_accounts e on e.id = pp.escrow_account_id where e.project_id = ${projectId}`,
    );
    return Number(rows[0]!.total);
  };
  const raisedOf = async (projectId: number) => ((await t.request({ url: `/api/projects/${projectId}` })).json() as { project: Project }).project;
  const orangeOf = async (user: TestUser) => ((await t.request({ url: '/api/points/balances', cookie: user.cookie })).json() as { orange: { total: number } }).orange.total;
  const fans = async (count: number, orange: number) => {
    const users: TestUser[] = [];
    for (let index = 0; index < count; index++) {
      const user = await t.createUser();
      await creditOrange(t, user.id, orange);
      users.push(user);
    }
    return users;
  };

  beforeAll(async () => {
    ({ t, operator, artistId } = await projectsTestContext({ longSessions: true }));
  });
  afterAll(() => closeWithCleanLedger(t));

  it('100 concurrent participations into a limited project near its goal never pass the goal; each is in escrow or refused cleanly', async () => {
    const creator = await t.createUser();
    const project = await fundingProject(t, creator, operator, { ...(await validRequestBody(t, artistId)), purpose: 'limited' });
    const users = await fans(100, 1_000);
    const unit = project.minimumUnit!;
    // Leave room for about a third of them.
    const remaining = project.goal - project.raised;
    // Whole units (docs/product.md#participation); only the one that reaches the goal is capped.
    const amount = Math.max(unit, Math.ceil(remaining / 33 / unit) * unit);
    const answers = await Promise.all(users.map((user) => participate(user, project.id, amount)));
    const accepted = answers.filter((answer) => answer.statusCode === 201).map((answer) => (answer.json() as { participation: { amount: number } }).participation.amount);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(refused.every((answer) => answer.statusCode === 409 && errorCode(answer) === 'projects.not_funding'), refused.map((a) => a.body).join('\n')).toBe(true);
    expect(accepted.reduce((sum, value) => sum + value, 0)).toBe(remaining);
    const after = await raisedOf(project.id);
    expect(after).toMatchObject({ status: 'succeeded', raised: project.goal });
    expect(await escrowOf(project.id)).toBe(project.goal);
  }, 120_000);

  it("one fan's participations sent at once through 8 API instances never pass half the goal", async () => {
    const creator = await t.createUser();
    const project = await fundingProject(t, creator, operator, { ...(await validRequestBody(t, artistId)), purpose: 'ongoing' });
    const [user] = await fans(1, project.perUserLimit * 2);
    const unit = project.minimumUnit!;
    const rounds = 5;
    // Each round leaves room for exactly one more participation of `unit` below the limit.
    const instances = Array.from({ length: 8 }, () => buildServices(t.config, { db: t.database.db, clock: t.clock, files: t.files }).participations);
    const before = project.perUserLimit - rounds * unit;
    expect((await participate(user!, project.id, before)).statusCode).toBe(201);
    let accepted = 0;
    for (let round = 0; round < rounds; round++) {
      const outcomes = await Promise.allSettled(
        instances.map((instance) => instance.participate({ userId: user!.id, key: idempotencyKey(), hash: `round-${round}` }, project.id, unit, 'en')),
      );
      const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [(outcome.reason as AppError).code] : []));
      expect(refusals.every((code) => code === 'projects.over_user_limit'), refusals.join(', ')).toBe(true);
      accepted += outcomes.length - refusals.length;
    }
    expect(accepted).toBe(rounds);
    expect((await t.request({ url: `/api/projects/${project.id}`, cookie: user!.cookie })).json()).toMatchObject({ project: { viewerContribution: project.perUserLimit } });
    await expectLedgerClean(t);
  }, 120_000);

  it("one key sent through 8 API instances at once, for the fan's whole remaining limit: applied once, every answer the same participation", async () => {
    const creator = await t.createUser();
    const project = await fundingProject(t, creator, operator, { ...(await validRequestBody(t, artistId)), purpose: 'ongoing' });
    const [user] = await fans(1, project.perUserLimit);
    const instances = Array.from({ length: 8 }, () => buildServices(t.config, { db: t.database.db, clock: t.clock, files: t.files }).participations);
    for (let round = 0; round < 3; round++) {
      const key = { userId: user!.id, key: idempotencyKey(), hash: `whole-limit-${round}` };
      // Each round's amount is what is left below the limit, so a second application would be refused as over it.
      const amount = round < 2 ? project.minimumUnit! : project.perUserLimit - 2 * project.minimumUnit!;
      const outcomes = await Promise.allSettled(instances.map((instance) => instance.participate(key, project.id, amount, 'en')));
      const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [(outcome.reason as AppError).code] : []));
      expect(refusals).toEqual([]);
      const ids = new Set(outcomes.map((outcome) => (outcome as PromiseFulfilledResult<{ participation: { id: number } }>).value.participation.id));
      expect(ids.size).toBe(1);
    }
    expect(await orangeOf(user!)).toBe(0);
    await expectLedgerClean(t);
  }, 120_000);

  it('participations of many fans that arrive together share transactions, and each fan gets their own answer', async () => {
    const creator = await t.createUser();
    const project = await fundingProject(t, creator, operator, { ...(await validRequestBody(t, artistId)), purpose: 'ongoing' });
    const users = await fans(24, 1_000);
    const unit = project.minimumUnit!;
    const answers = await Promise.all(users.map((user, index) => participate(user, project.id, unit * (1 + (index % 3)))));
    for (const [index, answer] of answers.entries()) {
      expect(answer.statusCode, answer.body).toBe(201);
      expect((answer.json() as { project: Project }).project.viewerContribution).toBe(unit * (1 + (index % 3)));
    }
    const { rows } = await t.database.db.execute<{ transactions: string }>(
      sql`select count(distinct xmin::text) as transactions from project_participations where project_id = ${project.id} and kind = 'participation'`,
    );
    expect(Number(rows[0]!.transactions)).toBeLessThan(users.length);
    await expectLedgerClean(t);
  }, 120_000);

  it('a failing close racing late participations and a second close returns every point exactly once', async () => {
    const creator = await t.createUser();
    const project = await fundingProject(t, creator, operator, { ...(await validRequestBody(t, artistId)), purpose: 'ongoing' });
    const users = await fans(20, 1_000);
    const unit = project.minimumUnit!;
    for (const user of users.slice(0, 10)) expect((await participate(user, project.id, unit)).statusCode).toBe(201);
    const closesAt = startOfKstDay(addDays(project.fundingEndDate, 1));
    t.clock.set(new Date(closesAt.getTime() - 1));
    const late = users.slice(10).map((user) => participate(user, project.id, unit));
    t.clock.set(closesAt);
    const [answers] = await Promise.all([Promise.all(late), t.services.participations.closeFundingDue(), t.services.participations.closeFundingDue()]);
    expect(answers.every((answer) => answer.statusCode === 201 || errorCode(answer) === 'projects.not_funding')).toBe(true);
    // Whatever got in before the close is returned; nothing is left in escrow and nobody lost a point.
    await t.services.participations.closeFundingDue();
    expect((await raisedOf(project.id)).status).toBe('failed');
    expect(await escrowOf(project.id)).toBe(0);
    for (const user of users) expect(await orangeOf(user)).toBe(1_000);
    await expectLedgerClean(t);
  }, 120_000);

  it('a close racing batches still deciding on another instance leaves each participation returned or refused, none stranded in escrow', async () => {
    const users = await fans(25, 1_000);
    for (const delayMs of [0, 1, 2, 4, 8]) {
      const project = await fundingProject(t, await t.createUser(), operator, { ...(await validRequestBody(t, artistId)), purpose: 'ongoing' });
      const closesAt = startOfKstDay(addDays(project.fundingEndDate, 1));
      // This instance's clock still reads the last moment of funding, so only the locks keep its batches from a closed project.
      const late = buildServices(t.config, { db: t.database.db, clock: { now: () => new Date(closesAt.getTime() - 1) }, files: t.files }).participations;
      t.clock.set(closesAt);
      const participations = users.map((user) =>
        late.participate({ userId: user.id, key: idempotencyKey(), hash: `late-${delayMs}` }, project.id, project.minimumUnit!, 'en').then(
          () => 'accepted',
          (refusal: AppError) => refusal.code,
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const [outcomes] = await Promise.all([Promise.all(participations), t.services.participations.closeFundingDue()]);
      expect(outcomes.every((outcome) => outcome === 'accepted' || outcome === 'projects.not_funding'), outcomes.join(', ')).toBe(true);
      expect((await raisedOf(project.id)).status).toBe('failed');
      expect(await escrowOf(project.id)).toBe(0);
      for (const user of users) expect(await orangeOf(user)).toBe(1_000);
    }
    await expectLedgerClean(t);
  }, 120_000);

  it('a close returning to many fans races their batched participations elsewhere: every point back, nothing lost', async () => {
    const failing = await fundingProject(t, await t.createUser(), operator, { ...(await validRequestBody(t, artistId)), purpose: 'ongoing' });
    const laterBody = await validRequestBody(t, artistId);
    const elsewhere = await fundingProject(t, await t.createUser(), operator, { ...laterBody, purpose: 'ongoing', adStartDate: addDays(laterBody.adStartDate, 1) });
    const users = await fans(30, 1_000);
    const unit = failing.minimumUnit!;
    // npm run chaos found this race deadlocking when the close took the wallets in participation order.
    for (const user of users) expect((await participate(user, failing.id, unit)).statusCode).toBe(201);
    t.clock.set(startOfKstDay(addDays(failing.fundingEndDate, 1)));
    for (let round = 0; round < 3; round++) {
      const [answers] = await Promise.all([Promise.all(users.map((user) => participate(user, elsewhere.id, unit))), t.services.participations.closeFundingDue()]);
      expect(answers.filter((answer) => answer.statusCode !== 201).map((answer) => answer.body)).toEqual([]);
    }
    expect((await raisedOf(failing.id)).status).toBe('failed');
    for (const user of users) expect(await orangeOf(user)).toBe(1_000 - 3 * unit);
    await expectLedgerClean(t);
  }, 120_000);

  it("a return racing the participant's own spend elsewhere loses nothing", async () => {
    const creator = await t.createUser();
    const failing = await fundingProject(t, creator, operator, { ...(await validRequestBody(t, artistId)), purpose: 'ongoing' });
    const laterBody = await validRequestBody(t, artistId);
    const elsewhere = await fundingProject(t, await t.createUser(), operator, { ...laterBody, purpose: 'ongoing', adStartDate: addDays(laterBody.adStartDate, 1) });
    const [user] = await fans(1, 1_000);
    const unit = failing.minimumUnit!;
    expect((await participate(user!, failing.id, unit * 5)).statusCode).toBe(201);
    t.clock.set(startOfKstDay(addDays(failing.fundingEndDate, 1)));
    // The other project ends a day later, so it still takes participations while the first one's close returns.
    const spends = Array.from({ length: 5 }, () => participate(user!, elsewhere.id, unit));
    const [answers] = await Promise.all([Promise.all(spends), t.services.participations.closeFundingDue()]);
    const spent = answers.filter((answer) => answer.statusCode === 201).length * unit;
    expect(await orangeOf(user!)).toBe(1_000 - spent);
    await expectLedgerClean(t);
  }, 120_000);
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@orchard/shared';
import { addDays, startOfKstDay } from '@orchard/shared/project-rules';
import type { TestContext, TestUser } from '../../../test/harness.ts';
import { expectLedgerClean, idempotencyKey } from '../../../test/points-fixtures.ts';
import type { AppError } from '../../lib/errors.ts';
import { buildServices } from '../../services.ts';
import { closeWithCleanLedger, creditOrange, fundingProject, projectsTestContext, validRequestBody } from '../../../test/projects-kit.ts';

/**
 * The rankings' rollup under concurrency against real PostgreSQL (docs/architecture.md#locking):
 * returns of one artist's projects race participations into the artist's other projects, which
 * write the same month rows.
 */
describe('the rankings rollup under concurrency (PostgreSQL)', () => {
  let t: TestContext;
  let operator: TestUser;

  const participate = (user: TestUser, projectId: number, amount: number) =>
    t.request({ method: 'POST', url: `/api/projects/${projectId}/participations`, cookie: user.cookie, headers: { 'idempotency-key': idempotencyKey() }, payload: { amount } });
  const deadlocks = async () => {
    await t.database.db.execute(sql`select pg_stat_clear_snapshot()`);
    const { rows } = await t.database.db.execute<{ deadlocks: string }>(sql`select deadlocks from pg_stat_database where datname = current_database()`);
    return Number(rows[0]!.deadlocks);
  };

  beforeAll(async () => {
    ({ t, operator } = await projectsTestContext({ longSessions: true }));
  });
  afterAll(() => closeWithCleanLedger(t));

  it("a failing close and a cancellation race batches into the artist's other projects on four instances, five rounds: the rollup equals the participations, no deadlock", async () => {
    const fans: TestUser[] = [];
    for (let index = 0; index < 43; index++) {
      const user = await t.createUser();
      await creditOrange(t, user.id, 1_000_000);
      fans.push(user);
    }
    const instances = Array.from({ length: 4 }, () => buildServices(t.config, { db: t.database.db, clock: t.clock, files: t.files }).participations);
    const deadlocksBefore = await deadlocks();
    for (let round = 0; round < 5; round++) {
      const artistId = await t.createArtist();
      const open = async (purpose: 'limited' | 'ongoing', extraDays: number): Promise<Project> => {
        const body = await validRequestBody(t, artistId);
        return fundingProject(t, await t.createUser(), operator, { ...body, purpose, adStartDate: addDays(body.adStartDate, extraDays) });
      };
      // 09:00 KST on the 28th: the artist's other two projects open, funding into the next month.
      t.clock.set(new Date(Date.UTC(2028, 2 * round, 28)));
      const others = [await open('ongoing', 20), await open('ongoing', 25)];
      // 09:00 KST on the 10th of the next month: one project to fail at 00:00 KST on the 12th, one to cancel.
      t.clock.set(new Date(Date.UTC(2028, 2 * round + 1, 10)));
      const failing = await open('ongoing', 0);
      const cancelling = await open('limited', 40);
      const unit = failing.minimumUnit!;
      // Fans 0–19 back the failing project, 40–42 the one to be cancelled: this month's row is theirs
      // alone, and the two returns, holding no wallet in common, take it away side by side. Then 20
      // fans race into the other two projects, spread over the returns' time: in even rounds fans of
      // their own, in odd rounds half of them fans of the failing project, whose wallets its close holds.
      const racing = round % 2 === 0 ? fans.slice(20, 40) : fans.slice(10, 30);
      for (const user of fans.slice(0, 20)) expect((await participate(user, failing.id, unit)).statusCode).toBe(201);
      const half = Math.floor(Math.floor(cancelling.goal / 2) / unit) * unit;
      for (const user of fans.slice(40, 43)) await participate(user, cancelling.id, half);
      expect(((await t.request({ url: `/api/projects/${cancelling.id}` })).json() as { project: Project }).project.status).toBe('succeeded');

      t.clock.set(startOfKstDay(addDays(failing.fundingEndDate, 1)));
      const racers = racing.map(async (user, index) => {
        await new Promise((resolve) => setTimeout(resolve, index * 4));
        return instances[index % instances.length]!.participate({ userId: user.id, key: idempotencyKey(), hash: `round-${round}` }, others[index % 2]!.id, unit * (1 + (index % 3)), 'en').then(
          () => 'accepted',
          (refusal: AppError) => refusal.code,
        );
      });
      const [outcomes, closed, cancelled] = await Promise.all([
        Promise.all(racers),
        t.services.participations.closeFundingDue(),
        t.request({ method: 'POST', url: `/api/operator/projects/${cancelling.id}/cancellation`, cookie: operator.cookie, payload: { reason: 'The screen is under repair.' } }),
      ]);
      expect(outcomes.filter((outcome) => outcome !== 'accepted')).toEqual([]);
      expect(closed.failed).toBeGreaterThanOrEqual(1);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const { rows } = await t.database.db.execute<{ month: string; orange: string; backers: number }>(
        sql`select to_char(month, 'YYYY-MM') as month, orange, backers from artist_month_figures where artist_id = ${artistId} order by month`,
      );
      // Last month: the other projects' deposits; this month: the racers alone.
      const raced = racing.reduce((sum, _, index) => sum + unit * (1 + (index % 3)), 0);
      expect(rows.map((row) => [Number(row.orange), Number(row.backers)])).toEqual([
        [others[0]!.deposit! + others[1]!.deposit!, 2],
        [raced, 20],
      ]);
      await expectLedgerClean(t);
    }
    // The deadlock counter is flushed when a backend goes idle, at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await deadlocks()).toBe(deadlocksBefore);
  }, 300_000);

  it("two returns that together take an artist's whole month, held at its row together, leave no row behind", async () => {
    t.clock.set(new Date(Date.UTC(2029, 5, 10)));
    const artistId = await t.createArtist();
    const body = await validRequestBody(t, artistId);
    const open = async (purpose: 'limited' | 'ongoing', extraDays: number) =>
      fundingProject(t, await t.createUser(), operator, { ...body, purpose, adStartDate: addDays(body.adStartDate, extraDays) });
    const failing = await open('ongoing', 0);
    const cancelling = await open('limited', 40);
    const unit = failing.minimumUnit!;
    const fans: TestUser[] = [];
    for (let index = 0; index < 4; index++) {
      const user = await t.createUser();
      await creditOrange(t, user.id, 1_000_000);
      fans.push(user);
    }
    for (const user of fans.slice(0, 2)) expect((await participate(user, failing.id, unit)).statusCode).toBe(201);
    const half = Math.floor(Math.floor(cancelling.goal / 2) / unit) * unit;
    for (const user of fans.slice(2, 4)) await participate(user, cancelling.id, half);
    expect(((await t.request({ url: `/api/projects/${cancelling.id}` })).json() as { project: Project }).project.status).toBe('succeeded');

    t.clock.set(startOfKstDay(addDays(failing.fundingEndDate, 1)));
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    // Another transaction holds the month row, so the close and the cancellation both reach it before
    // either writes it. Read before the first return commits, the row would look to the second one
    // like a row it only reduces, and once the first had reduced it, like nothing to do.
    const holder = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from artist_month_figures where artist_id = ${artistId} for update`);
      await released;
    });
    const close = t.services.participations.closeFundingDue();
    const cancel = t.request({ method: 'POST', url: `/api/operator/projects/${cancelling.id}/cancellation`, cookie: operator.cookie, payload: { reason: 'The screen is under repair.' } });
    const waiting = async () => {
      const { rows } = await t.database.db.execute<{ n: string }>(
        sql`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return Number(rows[0]!.n);
    };
    for (let tries = 0; (await waiting()) < 2; tries++) {
      expect(tries, 'the close and the cancellation both waiting at the month row').toBeLessThan(200);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    release();
    await holder;
    expect((await close).failed).toBeGreaterThanOrEqual(1);
    expect((await cancel).statusCode).toBe(200);
    const { rows } = await t.database.db.execute(sql`select orange, backers from artist_month_figures where artist_id = ${artistId}`);
    expect(rows).toEqual([]);
    await expectLedgerClean(t);
  }, 120_000);
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@orchard/shared';
import { addDays, startOfKstDay } from '@orchard/shared/project-rules';
import type { TestContext, TestUser } from '../../../test/harness.ts';
import { escrowBalance, expectLedgerClean, idempotencyKey } from '../../../test/points-fixtures.ts';
import { closeWithCleanLedger, creditOrange, fundingProject, projectsTestContext, validRequestBody } from '../../../test/projects-kit.ts';
import { createIdempotency } from '../idempotency/idempotency.service.ts';
import { ledgerKeysAppliedProbe } from '../points/points.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { createParticipationsService, type ReturnChunk } from './participations.service.ts';

/**
 * Decision 066: a failed or cancelled project's status changes in a short transaction of its own,
 * then its participations go back a chunk of participants per transaction. A close cut off between
 * two chunks (here a chunk that throws, as a crash would leave it) is finished by the next close
 * sweep, and every participation is returned once, every participant told once.
 */
describe('returns of a failed or cancelled project, in chunks (decision 066)', () => {
  let t: TestContext;
  let operator: TestUser;
  let artistId: number;

  const smallChunks: ReturnChunk = { participants: 4, participations: 6 };
  /** The participations service as the app builds it, with small chunks and, optionally, notifications that fail. */
  const participationsWith = (options: { notifications?: Pick<NotificationsService, 'notifyManyWithin'> } = {}) =>
    createParticipationsService({
      db: t.database.db,
      clock: t.clock,
      files: t.files,
      points: t.services.points,
      notifications: options.notifications ?? t.services.notifications,
      idempotency: createIdempotency({ db: t.database.db, clock: t.clock, appliedOnLedger: ledgerKeysAppliedProbe }),
      projects: t.services.projects,
      rankings: t.services.rankings,
      audit: t.services.audit.record,
      returnChunk: smallChunks,
    });
  /** Notifications whose `failAt`-th write throws: the process dies with that chunk uncommitted. */
  const failingNotifications = (failAt: number): Pick<NotificationsService, 'notifyManyWithin'> => {
    let calls = 0;
    return {
      notifyManyWithin: async (tx, inputs) => {
        calls += 1;
        if (calls === failAt) throw new Error('the process dies in the middle of a close');
        return t.services.notifications.notifyManyWithin(tx, inputs);
      },
    };
  };

  const fans = async (count: number, orange: number) => {
    const users: TestUser[] = [];
    for (let index = 0; index < count; index++) {
      const user = await t.createUser();
      await creditOrange(t, user.id, orange);
      users.push(user);
    }
    return users;
  };
  const participate = async (user: TestUser, projectId: number, amount: number) => {
    await t.services.participations.participate({ userId: user.id, key: idempotencyKey(), hash: 'h' }, projectId, amount, 'en');
  };
  const closeAt = (project: Project) => startOfKstDay(addDays(project.fundingEndDate, 1));
  const escrowOf = async (projectId: number) => {
    const { rows } = await t.database.db.execute<{ escrow_account_id: string }>(sql`select escrow_account_id from projects where id = ${projectId}`);
    return Number(rows[0]!.escrow_account_id);
  };
  const rowOf = async (projectId: number) => {
    const { rows } = await t.database.db.execute<{ status: string; returns_pending: boolean }>(sql`select status, returns_pending from projects where id = ${projectId}`);
    return rows[0]!;
  };
  /** Each participation's number of returns, and who has at least one, in user-id order. */
  const returnsOf = async (projectId: number) => {
    const { rows } = await t.database.db.execute<{ user_id: string; returns: number }>(sql`
      select pp.user_id, (select count(*)::int from point_transactions r where r.type = 'return' and r.related_transaction_id = pp.spend_transaction_id) as returns
      from project_participations pp where pp.project_id = ${projectId} order by pp.user_id, pp.id`);
    return {
      counts: rows.map((row) => Number(row.returns)),
      returnedTo: [...new Set(rows.filter((row) => Number(row.returns) > 0).map((row) => row.user_id))],
      participants: [...new Set(rows.map((row) => row.user_id))],
    };
  };
  /** Every notification of the project, as `user kind amount` counted. */
  const noticesOf = async (projectId: number) => {
    const { rows } = await t.database.db.execute<{ user_id: string; kind: string; amount: string | null; n: number }>(sql`
      select user_id, kind, params->>'amount' as amount, count(*)::int as n from notifications where project_id = ${projectId} group by 1, 2, 3`);
    return rows;
  };

  beforeAll(async () => {
    ({ t, operator, artistId } = await projectsTestContext({ longSessions: true }));
  });
  afterAll(() => closeWithCleanLedger(t));

  it('a close cut off between chunks is finished by the next close sweep: each participation returned once, each participant told once', async () => {
    const creator = await t.createUser();
    const project = await fundingProject(t, creator, operator, { ...(await validRequestBody(t, artistId)), purpose: 'ongoing' });
    const users = await fans(14, 100);
    for (const [index, user] of users.entries()) {
      await participate(user, project.id, 10);
      if (index % 2 === 0) await participate(user, project.id, 20);
    }
    t.clock.set(closeAt(project));

    // The third chunk dies: the status change and two chunks stay committed.
    await expect(participationsWith({ notifications: failingNotifications(3) }).closeFundingDue()).rejects.toThrow('the process dies');
    expect(await rowOf(project.id)).toEqual({ status: 'failed', returns_pending: true });
    const cut = await returnsOf(project.id);
    expect(cut.counts.every((count) => count <= 1)).toBe(true);
    // Whole participants, in user-id order: those of the first two chunks and no one else.
    expect(cut.returnedTo).toEqual(cut.participants.slice(0, cut.returnedTo.length));
    expect(cut.returnedTo.length).toBeGreaterThanOrEqual(2);
    expect(cut.returnedTo.length).toBeLessThan(cut.participants.length);
    // Half returned, the ledger and the rankings' rollup still agree: each leaves with its return.
    await expectLedgerClean(t);

    // The next run of the sweep finishes it.
    expect(await participationsWith().closeFundingDue()).toMatchObject({ failed: 0, resumed: 1 });
    expect(await rowOf(project.id)).toEqual({ status: 'failed', returns_pending: false });
    const done = await returnsOf(project.id);
    expect(done.counts.every((count) => count === 1)).toBe(true);
    for (const user of users) expect((await t.services.points.balances(user.id)).orange.total).toBe(100);
    const notices = await noticesOf(project.id);
    expect(notices.every((notice) => notice.n === 1)).toBe(true);
    for (const [index, user] of users.entries()) {
      expect(notices.filter((notice) => notice.user_id === user.id).map((notice) => [notice.kind, notice.amount]).sort()).toEqual([
        ['failed', null],
        ['points_returned', String(index % 2 === 0 ? 30 : 10)],
      ]);
    }
    const closeKinds = new Set(['failed', 'points_returned']);
    expect(notices.filter((notice) => notice.user_id === creator.id && closeKinds.has(notice.kind)).map((notice) => notice.kind).sort()).toEqual(['failed', 'points_returned']);
    expect(await escrowBalance(t.database.db, await escrowOf(project.id))).toBe(0);
    // And again: nothing more.
    expect(await participationsWith().closeFundingDue()).toMatchObject({ resumed: 0 });
    expect(await noticesOf(project.id)).toEqual(notices);
    await expectLedgerClean(t);
  });

  it('an operator’s cancellation answers once every participation is back; one cut off is finished by the close sweep', async () => {
    const body = await validRequestBody(t, artistId);
    const cancelled = async () => {
      const project = await fundingProject(t, await t.createUser(), operator, { ...body, purpose: 'limited' });
      const users = await fans(5, project.goal);
      const unit = project.minimumUnit!;
      for (const user of users.slice(0, 4)) await participate(user, project.id, Math.floor((project.goal - project.raised) / 5 / unit) * unit);
      // The last one reaches the goal (capped at it): the project succeeds at once.
      await participate(users[4]!, project.id, Math.floor(project.goal / 2 / unit) * unit);
      expect((await rowOf(project.id)).status).toBe('succeeded');
      return { project, users };
    };
    const first = await cancelled();
    const second = await cancelled();
    t.clock.set(startOfKstDay(addDays(first.project.adStartDate, -31)));

    const cancel = (service: ReturnType<typeof participationsWith>, project: Project) =>
      service.cancel(operator.id, project.id, 'The screen is under repair.', { userId: operator.id, isOperator: true }, 'en');
    const answered = await cancel(participationsWith(), first.project);
    expect(answered).toMatchObject({ status: 'cancelled', cancellationReason: 'The screen is under repair.' });
    expect(await rowOf(first.project.id)).toEqual({ status: 'cancelled', returns_pending: false });
    expect((await returnsOf(first.project.id)).counts.every((count) => count === 1)).toBe(true);

    await expect(cancel(participationsWith({ notifications: failingNotifications(2) }), second.project)).rejects.toThrow('the process dies');
    expect(await rowOf(second.project.id)).toEqual({ status: 'cancelled', returns_pending: true });
    expect(await participationsWith().closeFundingDue()).toMatchObject({ resumed: 1 });
    expect((await returnsOf(second.project.id)).counts.every((count) => count === 1)).toBe(true);
    for (const { users, project } of [first, second]) {
      for (const user of users) expect((await t.services.points.balances(user.id)).orange.total).toBe(project.goal);
      const notices = await noticesOf(project.id);
      expect(notices.every((notice) => notice.n === 1)).toBe(true);
      expect(notices.filter((notice) => notice.kind === 'cancelled')).toHaveLength(users.length + 1);
    }
    await expectLedgerClean(t);
  });

  /** Notifications that abort `stop` once the first write went through: a shutdown arriving while the sweep works on its first project (decision 084). */
  const abortingNotifications = (stop: AbortController): Pick<NotificationsService, 'notifyManyWithin'> => ({
    notifyManyWithin: async (tx, inputs) => {
      const written = await t.services.notifications.notifyManyWithin(tx, inputs);
      stop.abort();
      return written;
    },
  });
  /** Two ongoing projects with one fan each, both short of their goal at `closeAt`. */
  const twoFailing = async () => {
    const body = { ...(await validRequestBody(t, artistId)), purpose: 'ongoing' as const };
    const projects = [await fundingProject(t, await t.createUser(), operator, body), await fundingProject(t, await t.createUser(), operator, body)];
    for (const project of projects) await participate((await fans(1, 100))[0]!, project.id, 10);
    t.clock.set(closeAt(projects[0]!));
    return projects;
  };

  it('a shutdown during the close stops before the next project; the next close sweep closes it (decision 084)', async () => {
    const projects = await twoFailing();
    const stop = new AbortController();
    expect(await participationsWith({ notifications: abortingNotifications(stop) }).closeFundingDue(stop.signal)).toEqual({ succeeded: 0, failed: 1, resumed: 0 });
    // The project in hand is closed whole, its returns included; the other is untouched.
    const rows = await Promise.all(projects.map((project) => rowOf(project.id)));
    expect(rows.map((row) => row.status).sort()).toEqual(['failed', 'funding']);
    expect(rows.every((row) => !row.returns_pending)).toBe(true);
    const closed = projects[rows.findIndex((row) => row.status === 'failed')]!;
    expect((await returnsOf(closed.id)).counts.every((count) => count === 1)).toBe(true);
    await expectLedgerClean(t);

    expect(await participationsWith().closeFundingDue()).toEqual({ succeeded: 0, failed: 1, resumed: 0 });
    for (const project of projects) {
      expect(await rowOf(project.id)).toEqual({ status: 'failed', returns_pending: false });
      expect((await returnsOf(project.id)).counts.every((count) => count === 1)).toBe(true);
    }
  });

  it('a shutdown while resuming returns stops before the next project; the next close sweep resumes it (decision 084)', async () => {
    const projects = await twoFailing();
    // Two closes cut off at their first chunk: both failed, nothing returned yet.
    await expect(participationsWith({ notifications: failingNotifications(1) }).closeFundingDue()).rejects.toThrow('the process dies');
    await expect(participationsWith({ notifications: failingNotifications(1) }).closeFundingDue()).rejects.toThrow('the process dies');
    for (const project of projects) {
      expect(await rowOf(project.id)).toEqual({ status: 'failed', returns_pending: true });
      expect((await returnsOf(project.id)).returnedTo).toEqual([]);
    }
    const stop = new AbortController();
    expect(await participationsWith({ notifications: abortingNotifications(stop) }).closeFundingDue(stop.signal)).toEqual({ succeeded: 0, failed: 0, resumed: 1 });
    const pending = await Promise.all(projects.map(async (project) => (await rowOf(project.id)).returns_pending));
    expect(pending.sort()).toEqual([false, true]);
    const left = projects[pending.indexOf(true)]!;
    expect((await returnsOf(left.id)).returnedTo).toEqual([]);
    await expectLedgerClean(t);

    expect(await participationsWith().closeFundingDue()).toEqual({ succeeded: 0, failed: 0, resumed: 1 });
    for (const project of projects) {
      expect(await rowOf(project.id)).toEqual({ status: 'failed', returns_pending: false });
      expect((await returnsOf(project.id)).counts.every((count) => count === 1)).toBe(true);
    }
  });
});

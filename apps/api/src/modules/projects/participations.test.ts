import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Participant, Project, Reconciliation } from '@orchard/shared';
import { addDays, startOfKstDay } from '@orchard/shared/project-rules';
import { errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { escrowBalance, idempotencyKey } from '../../../test/points-fixtures.ts';
import { createIdempotency } from '../idempotency/idempotency.service.ts';
import { ledgerKeysAppliedProbe } from '../points/points.service.ts';
import { createParticipationsService } from './participations.service.ts';
import { closeWithCleanLedger, creditOrange, fundingProject, notificationKindsOf, projectRow, projectsTestContext, type RequestBody, todayOf, validRequestBody } from '../../../test/projects-kit.ts';

type Balances = { orange: { total: number }; berry: { total: number } };

describe('participation, the funding close and cancellation (docs/product.md#participation)', () => {
  let t: TestContext;
  let operator: TestUser;
  let artistId: number;

  const participate = (user: TestUser, projectId: number, amount: unknown, key = idempotencyKey()) =>
    t.request({ method: 'POST', url: `/api/projects/${projectId}/participations`, cookie: user.cookie, headers: { 'idempotency-key': key }, payload: { amount } as object });
  const joined = async (user: TestUser, projectId: number, amount: number) => {
    const response = await participate(user, projectId, amount);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { participation: { id: number; amount: number }; project: Project };
  };
  const balances = async (user: TestUser) => (await t.request({ url: '/api/points/balances', cookie: user.cookie })).json() as Balances;
  const project = async (projectId: number, user?: TestUser) => ((await t.request({ url: `/api/projects/${projectId}`, cookie: user?.cookie })).json() as { project: Project }).project;
  const fan = async (orange: number) => {
    const user = await t.createUser();
    if (orange > 0) await creditOrange(t, user.id, orange);
    return user;
  };
  /** A funding project whose goal is large enough for the per-user limit to matter. */
  const open = async (overrides: Partial<RequestBody> = {}, creation: Record<string, unknown> = {}) => {
    const creator = await t.createUser();
    const body = { ...(await validRequestBody(t, artistId)), ...overrides };
    return { creator, project: await fundingProject(t, creator, operator, body, creation) };
  };
  const closeAt = (p: Project) => startOfKstDay(addDays(p.fundingEndDate, 1));

  beforeAll(async () => {
    ({ t, operator, artistId } = await projectsTestContext({ longSessions: true }));
  });
  afterAll(() => closeWithCleanLedger(t));

  it('takes a participation into escrow, counts it, and replays a retry with the same key', async () => {
    const { project: p } = await open({ purpose: 'ongoing' });
    const user = await fan(1_000);
    const key = idempotencyKey();
    const first = await participate(user, p.id, 30, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await participate(user, p.id, 30, key);
    expect(again.json()).toEqual(first.json());
    const answer = first.json() as { participation: { amount: number }; project: Project };
    expect(answer.participation.amount).toBe(30);
    expect(answer.project).toMatchObject({ raised: p.raised + 30, participantCount: 2, viewerContribution: 30 });
    expect((await balances(user)).orange.total).toBe(970);
    const otherBody = await participate(user, p.id, 40, key);
    expect(otherBody.statusCode).toBe(409);
  });

  it("keeps each fan's total beside the participations, which the project's figures read, and the reconciliation flags a total that drifts", async () => {
    const { creator, project: p } = await open({ purpose: 'ongoing' });
    const user = await fan(1_000);
    await joined(user, p.id, 20);
    await joined(user, p.id, 30);
    const totals = await t.database.db.execute<{ user_id: string; total: number }>(sql`select user_id, total from project_funders where project_id = ${p.id} order by total`);
    expect(totals.rows.map((row) => [row.user_id, Number(row.total)])).toEqual([
      [user.id, 50],
      [creator.id, p.deposit!],
    ].sort((a, b) => Number(a[1]) - Number(b[1])));
    expect(await project(p.id, user)).toMatchObject({ raised: p.raised + 50, participantCount: 2, viewerContribution: 50 });
    await t.database.db.execute(sql`update project_funders set total = total + 1 where project_id = ${p.id} and user_id = ${user.id}`);
    const { violations } = await t.services.points.reconcile();
    expect(violations.filter((violation) => violation.invariant === "each fan's total in a project equals the sum of their participations in it")).toEqual([
      expect.objectContaining({ subject: `${p.id} ${user.id}` }),
    ]);
    // Put the total back, so the suite's own check stays about the tests around it.
    await t.database.db.execute(sql`update project_funders set total = total - 1 where project_id = ${p.id} and user_id = ${user.id}`);
  });

  it("keeps the project's raised sum and backers on its row, counting a returning fan once, and the reconciliation flags a figure that drifts", async () => {
    const { project: p } = await open({ purpose: 'ongoing' });
    const [first, second] = [await fan(1_000), await fan(1_000)];
    await joined(first, p.id, 20);
    await joined(second, p.id, 30);
    await joined(first, p.id, 40);
    const figures = await t.database.db.execute<{ raised: number; backers: number }>(sql`select raised, backers from projects where id = ${p.id}`);
    expect([Number(figures.rows[0]!.raised), Number(figures.rows[0]!.backers)]).toEqual([p.deposit! + 90, 3]);
    expect(await project(p.id, second)).toMatchObject({ raised: p.deposit! + 90, participantCount: 3, viewerContribution: 30 });
    await t.database.db.execute(sql`update projects set backers = backers + 1 where id = ${p.id}`);
    const { violations } = await t.services.points.reconcile();
    expect(violations.filter((violation) => violation.invariant === "a project's raised sum and backers equal the sum and the count of its fans' totals")).toEqual([
      expect.objectContaining({ subject: String(p.id) }),
    ]);
    await t.database.db.execute(sql`update projects set backers = backers - 1 where id = ${p.id}`);
  });

  it('replays a refusal under its key even once the fan could pay, and keeps one key to one request across routes', async () => {
    const { project: p } = await open({ purpose: 'ongoing' });
    const unit = p.minimumUnit!;
    const poor = await fan(0);
    const key = idempotencyKey();
    const refused = await participate(poor, p.id, unit, key);
    expect(errorCode(refused)).toBe('points.insufficient');
    await creditOrange(t, poor.id, 1_000);
    const replay = await participate(poor, p.id, unit, key);
    expect(replay.statusCode).toBe(422);
    expect(replay.json()).toEqual(refused.json());
    expect((await participate(poor, p.id, unit)).statusCode).toBe(201);
    // A key a participation applied is not free for an exchange, nor an exchange's for a participation.
    const shared = idempotencyKey();
    expect((await participate(poor, p.id, unit, shared)).statusCode).toBe(201);
    const exchange = await t.request({ method: 'POST', url: '/api/points/exchange', cookie: poor.cookie, headers: { 'idempotency-key': shared }, payload: { orange: 1 } });
    expect(errorCode(exchange)).toBe('idempotency.key_reused');
    const exchanged = idempotencyKey();
    expect((await t.request({ method: 'POST', url: '/api/points/exchange', cookie: poor.cookie, headers: { 'idempotency-key': exchanged }, payload: { orange: 1 } })).statusCode).toBe(200);
    expect(errorCode(await participate(poor, p.id, unit, exchanged))).toBe('idempotency.key_reused');
  });

  it('refuses below the unit, over half the goal with the deposit counted, and without enough points', async () => {
    const { creator, project: p } = await open({ purpose: 'ongoing' }, { minimumUnit: 20 });
    const user = await fan(p.goal);
    const below = await participate(user, p.id, 19);
    expect([below.statusCode, errorCode(below)]).toEqual([422, 'projects.below_minimum_unit']);
    const limit = Math.floor(p.goal / 2);
    const onUnit = (amount: number) => Math.floor(amount / 20) * 20;
    const over = await participate(user, p.id, onUnit(limit) + 20);
    // The refusal names the remaining share and, as the sheet states it, that share rounded down to the unit.
    expect([over.statusCode, errorCode(over), (over.json() as { error: { details: { remaining: number; largest: number } } }).error.details]).toEqual([422, 'projects.over_user_limit', { remaining: limit, largest: onUnit(limit) }]);
    await creditOrange(t, creator.id, p.goal);
    const creatorOver = await participate(creator, p.id, onUnit(limit - p.deposit!) + 20);
    expect(errorCode(creatorOver)).toBe('projects.over_user_limit');
    expect((await participate(creator, p.id, onUnit(limit - p.deposit!))).statusCode).toBe(201);
    const poor = await fan(10);
    const short = await participate(poor, p.id, 20);
    expect([short.statusCode, errorCode(short)]).toEqual([422, 'points.insufficient']);
    expect((await balances(poor)).orange.total).toBe(10);
  });

  it('refuses bad bodies with a clear error', async () => {
    const { project: p } = await open();
    const user = await fan(100);
    for (const amount of [0, -10, 1.5, '20', null, 2 ** 31, 'x'.repeat(10_000)]) {
      const response = await participate(user, p.id, amount);
      expect(response.statusCode, String(amount)).toBe(400);
    }
    const noKey = await t.request({ method: 'POST', url: `/api/projects/${p.id}/participations`, cookie: user.cookie, payload: { amount: 10 } });
    expect(noKey.statusCode).toBe(400);
    expect((await participate(user, 999_999, 10)).statusCode).toBe(404);
    expect((await balances(user)).orange.total).toBe(100);
  });

  it('caps a limited project at its goal and succeeds at once', async () => {
    const { creator, project: p } = await open({ purpose: 'limited' });
    const ask = Math.floor(Math.floor(p.goal / 2) / p.minimumUnit!) * p.minimumUnit!;
    let left = p.goal - p.raised;
    const first = await fan(p.goal);
    expect((await joined(first, p.id, ask)).participation.amount).toBe(ask);
    left -= ask;
    while (left > ask) {
      await joined(await fan(p.goal), p.id, ask);
      left -= ask;
    }
    const last = await fan(p.goal);
    const capped = await joined(last, p.id, ask);
    expect(capped.participation.amount).toBe(left);
    expect(capped.project).toMatchObject({ status: 'succeeded', raised: p.goal });
    expect((await balances(last)).orange.total).toBe(p.goal - left);
    const late = await participate(await fan(p.goal), p.id, 10);
    expect([late.statusCode, errorCode(late)]).toEqual([409, 'projects.not_funding']);
    expect(await notificationKindsOf(t, creator.id, p.id)).toContain('succeeded');
    expect(await notificationKindsOf(t, first.id, p.id)).toEqual(['succeeded']);
  });

  it('takes whole units only (docs/product.md#participation): an amount off the unit is refused and spends nothing; a fan reaches half the goal rounded down to the unit', async () => {
    const unit = 20;
    const { project: p } = await open({ purpose: 'ongoing' }, { minimumUnit: unit });
    const user = await fan(p.goal);
    for (const amount of [unit + 1, 3 * unit - 7]) {
      const offUnit = await participate(user, p.id, amount);
      expect([offUnit.statusCode, errorCode(offUnit)], String(amount)).toEqual([422, 'projects.not_unit_multiple']);
      expect((offUnit.json() as { error: { details: unknown } }).error.details).toEqual({ minimumUnit: unit });
    }
    expect((await balances(user)).orange.total).toBe(p.goal);
    const largest = Math.floor(Math.floor(p.goal / 2) / unit) * unit;
    expect((await joined(user, p.id, largest)).participation.amount).toBe(largest);
    expect(errorCode(await participate(user, p.id, unit))).toBe('projects.over_user_limit');
  });

  it('takes participations through 23:59:59 KST of the end date and refuses them from 00:00', async () => {
    const { project: p } = await open({ purpose: 'ongoing' });
    const user = await fan(1_000);
    t.clock.set(new Date(closeAt(p).getTime() - 1_000));
    expect((await participate(user, p.id, 10)).statusCode).toBe(201);
    t.clock.set(closeAt(p));
    const closed = await participate(user, p.id, 10);
    expect([closed.statusCode, errorCode(closed)]).toEqual([409, 'projects.not_funding']);
  });

  it('a project not yet open refuses participation', async () => {
    const creator = await t.createUser();
    const body = await validRequestBody(t, artistId);
    const later = await fundingProjectOpeningLater(creator, { ...body, fundingStartDate: addDays(todayOf(t), 1) });
    const user = await fan(100);
    expect(errorCode(await participate(user, later.id, 10))).toBe('projects.not_funding');
  });

  async function fundingProjectOpeningLater(creator: TestUser, body: RequestBody): Promise<Project> {
    const { approvedWithThumbnail, creationBody, postCreation } = await import('../../../test/projects-kit.ts');
    const approved = await approvedWithThumbnail(t, creator, operator, body);
    await creditOrange(t, creator.id, approved.goal);
    const response = await postCreation(t, creator, approved.id, creationBody(approved));
    const created = (response.json() as { project: Project }).project;
    expect(created.status).toBe('created');
    return created;
  }

  it('closes at 00:00 KST: short of the goal → failed, every point back with "project not achieved"', async () => {
    const { creator, project: p } = await open({ purpose: 'ongoing' });
    const user = await fan(500);
    await joined(user, p.id, 100);
    await joined(user, p.id, 50);
    const creatorBefore = await balances(creator);
    t.clock.set(closeAt(p));
    await t.services.sweeps.find((sweep) => sweep.name === 'projects.close-funding')!.run();
    // The page still shows what was raised and by how many: the returns leave the figures as they were.
    expect(await project(p.id)).toMatchObject({ status: 'failed', raised: p.deposit! + 150, participantCount: 2 });
    expect((await balances(user)).orange.total).toBe(500);
    expect((await balances(creator)).orange.total).toBe(creatorBefore.orange.total + p.deposit!);
    const history = (await t.request({ url: '/api/points/history?currency=orange&tab=all', cookie: user.cookie })).json() as { items: { reason: string; amount: number }[] };
    expect(history.items.filter((item) => item.reason === 'project_not_achieved').map((item) => item.amount).sort()).toEqual([100, 50].sort());
    // The returns are under refunds and returns too (issue 32, item 12); `refund` still lists refunds only.
    const tab = async (name: string) => ((await t.request({ url: `/api/points/history?currency=orange&tab=${name}`, cookie: user.cookie })).json() as { items: { reason: string; type: string }[] }).items;
    expect((await tab('refund_return')).filter((item) => item.type === 'return').map((item) => item.reason)).toEqual(['project_not_achieved', 'project_not_achieved']);
    expect((await tab('refund')).filter((item) => item.type === 'return')).toEqual([]);
    expect(await notificationKindsOf(t, user.id, p.id)).toEqual(['failed', 'points_returned']);
    // A second run changes nothing.
    await t.services.participations.closeFundingDue();
    expect((await balances(user)).orange.total).toBe(500);
  });

  it('closes at 00:00 KST: an ongoing project at or past its goal succeeds, then runs from its ad start day', async () => {
    const { project: p } = await open({ purpose: 'ongoing' });
    const a = await fan(p.goal);
    const b = await fan(p.goal);
    await joined(a, p.id, Math.floor(p.goal / 2));
    await joined(b, p.id, Math.floor(p.goal / 2));
    t.clock.set(closeAt(p));
    expect(await t.services.participations.closeFundingDue()).toMatchObject({ succeeded: 1 });
    expect(await project(p.id)).toMatchObject({ status: 'succeeded', raised: p.deposit! + 2 * Math.floor(p.goal / 2) });
    t.clock.set(startOfKstDay(p.adStartDate));
    await t.services.participations.startAdsDue();
    expect((await project(p.id)).status).toBe('running');
    // The ad runs: the escrow went to the consumed account, once (decision 055).
    const raised = p.deposit! + 2 * Math.floor(p.goal / 2);
    const escrowAccountId = Number((await projectRow(t, p.id)).escrow_account_id);
    expect(await escrowBalance(t.database.db, escrowAccountId)).toBe(0);
    const settlements = async () =>
      (await t.database.db.execute<{ amount: number; consumed: number }>(sql`
        select s.amount, (select sum(amount) from point_postings where settlement_id = s.id and system_account = 'consumed')::int as consumed
        from point_escrow_settlements s where s.escrow_account_id = ${escrowAccountId}`)).rows.map((row) => ({ amount: Number(row.amount), consumed: Number(row.consumed) }));
    expect(await settlements()).toEqual([{ amount: raised, consumed: raised }]);
    await t.database.db.transaction((tx) => t.services.points.settleEscrowWithin(tx, { escrowAccountId, projectId: p.id, currency: 'orange' }));
    expect(await settlements()).toEqual([{ amount: raised, consumed: raised }]);
    // The project's page and the participants' balances do not change.
    expect((await project(p.id)).raised).toBe(raised);
    // A settlement that does not match its legs, or an escrow that still holds points, is reported.
    let tampered: Reconciliation | undefined;
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update point_escrow_settlements set amount = amount + 1 where escrow_account_id = ${escrowAccountId}`);
        tampered = await t.services.points.reconcile(tx);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(tampered!.violations.map((violation) => violation.invariant)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^an escrow settlement moves/), expect.stringMatching(/less what was settled/)]),
    );
  });

  it('a shutdown while starting ads stops before the next project; the next run starts it (decision 084)', async () => {
    const start = t.clock.now();
    onTestFinished(() => t.clock.set(start));
    const made = [await open({ purpose: 'limited' }), await open({ purpose: 'limited' })].map(({ project: p }) => p);
    for (const p of made) {
      for (let index = 0; index < 2; index++) await joined(await fan(p.goal), p.id, Math.floor(p.goal / 2));
      expect((await project(p.id)).status).toBe('succeeded');
    }
    t.clock.set(startOfKstDay(made[0]!.adStartDate));
    const stop = new AbortController();
    // The service as the app builds it, with a settlement that a shutdown follows at once.
    const stopping = createParticipationsService({
      db: t.database.db,
      clock: t.clock,
      files: t.files,
      points: {
        ...t.services.points,
        settleEscrowWithin: async (tx, input) => {
          const settled = await t.services.points.settleEscrowWithin(tx, input);
          stop.abort();
          return settled;
        },
      },
      notifications: t.services.notifications,
      idempotency: createIdempotency({ db: t.database.db, clock: t.clock, appliedOnLedger: ledgerKeysAppliedProbe }),
      projects: t.services.projects,
      rankings: t.services.rankings,
      audit: t.services.audit.record,
    });
    expect(await stopping.startAdsDue(stop.signal)).toEqual({ started: 1 });
    const statuses = async () => Promise.all(made.map(async (p) => (await project(p.id)).status));
    expect((await statuses()).sort()).toEqual(['running', 'succeeded']);
    const waiting = made[(await statuses()).indexOf('succeeded')]!;
    expect(await escrowBalance(t.database.db, Number((await projectRow(t, waiting.id)).escrow_account_id))).toBe(waiting.goal);
    expect(await t.services.participations.startAdsDue()).toEqual({ started: 1 });
    expect(await statuses()).toEqual(['running', 'running']);
    expect(await t.services.participations.startAdsDue()).toEqual({ started: 0 });
  });

  it('an operator cancels a succeeded project 31 days before its ad start, not 29, with full returns', async () => {
    const made = await open({ purpose: 'limited' });
    const other = await open({ purpose: 'limited' });
    const user = await fan(made.project.goal * 2);
    for (const p of [made.project, other.project]) {
      await joined(user, p.id, Math.floor(p.goal / 2));
      const rest = await fan(p.goal);
      await joined(rest, p.id, Math.floor(p.goal / 2));
      expect((await project(p.id)).status).toBe('succeeded');
    }
    const cancel = (p: Project, who: TestUser, reason: unknown = 'The screen is under repair.') =>
      t.request({ method: 'POST', url: `/api/operator/projects/${p.id}/cancellation`, cookie: who.cookie, payload: { reason } as object });
    expect((await cancel(made.project, user)).statusCode).toBe(403);
    expect((await cancel(made.project, operator, '')).statusCode).toBe(400);
    expect((await cancel(made.project, operator, 'a\u0000b')).statusCode).toBe(400);
    const before = (await balances(user)).orange.total;
    t.clock.set(startOfKstDay(addDays(made.project.adStartDate, -31)));
    const cancelled = await cancel(made.project, operator);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((cancelled.json() as { project: Project }).project).toMatchObject({ status: 'cancelled', cancellationReason: 'The screen is under repair.' });
    expect((await balances(user)).orange.total).toBe(before + Math.floor(made.project.goal / 2));
    expect(await notificationKindsOf(t, user.id, made.project.id)).toEqual(['succeeded', 'cancelled', 'points_returned']);
    expect((await cancel(made.project, operator)).statusCode).toBe(200);
    t.clock.set(startOfKstDay(addDays(other.project.adStartDate, -29)));
    const tooLate = await cancel(other.project, operator);
    expect([tooLate.statusCode, errorCode(tooLate)]).toEqual([409, 'projects.not_cancellable']);
  });

  it('lists funders by amount or latest, one row per user, page by page', async () => {
    const { project: p } = await open({ purpose: 'ongoing' });
    const a = await fan(1_000);
    const b = await fan(1_000);
    await joined(a, p.id, 30);
    await joined(b, p.id, 50);
    await joined(a, p.id, 40);
    const page = async (query: string) => (await t.request({ url: `/api/projects/${p.id}/participations${query}` })).json() as { items: Participant[]; nextCursor: string | null };
    const byAmount = await page('?sort=amount');
    expect(byAmount.items.map((row) => row.amount)).toEqual([p.deposit!, 70, 50].sort((x, y) => y - x));
    const latest = await page('?sort=latest&limit=1');
    expect(latest.items).toHaveLength(1);
    const next = await page(`?sort=latest&limit=1&cursor=${latest.nextCursor}`);
    const rest = await page(`?sort=latest&limit=5&cursor=${next.nextCursor}`);
    expect([...latest.items, ...next.items, ...rest.items]).toHaveLength(3);
    expect(new Set([...latest.items, ...next.items, ...rest.items].map((row) => row.id)).size).toBe(3);
    expect((await t.request({ url: `/api/projects/${p.id}/participations?sort=amount&cursor=${latest.nextCursor}` })).statusCode).toBe(400);
    expect((await t.request({ url: `/api/projects/${p.id}/participations?sort=size` })).statusCode).toBe(400);
    expect(byAmount.items.some((row) => row.nickname === null)).toBe(false);
  });
});

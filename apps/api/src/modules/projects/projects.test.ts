import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@orchard/shared';
import { addDays, minimumDepositFor, startOfKstDay } from '@orchard/shared/project-rules';
import { errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { escrowBalance, expectLedgerClean, idempotencyKey } from '../../../test/points-fixtures.ts';
import {
  approve,
  approvedWithThumbnail,
  closeWithCleanLedger,
  creationBody,
  creditOrange,
  decide,
  depositsOf,
  mediaFor,
  notificationKindsOf,
  photoJpeg,
  postCreation,
  postRequest,
  projectRow,
  projectsTestContext,
  requestProject,
  todayOf,
  uploadThumbnail,
  validRequestBody,
} from '../../../test/projects-kit.ts';
import { createProjectSweeps } from './projects.sweeps.ts';

const projectOf = (response: { json(): unknown }) => (response.json() as { project: Project }).project;
type Balances = { orange: { total: number } };

describe('projects: request, decision, creation and sweeps', () => {
  let t: TestContext;
  let operator: TestUser;
  let artistId: number;
  const orangeOf = async (user: TestUser) => ((await t.request({ url: '/api/points/balances', cookie: user.cookie })).json() as Balances).orange.total;
  /** The lifecycle sweeps as the app builds them, with a shutdown that arrives once the first project's notification is written (decision 084). */
  const sweepsStoppedAfterFirst = (stop: AbortController) =>
    createProjectSweeps({
      db: t.database.db,
      clock: t.clock,
      notifications: {
        notifyWithin: async (tx, input) => {
          const notified = await t.services.notifications.notifyWithin(tx, input);
          stop.abort();
          return notified;
        },
        notifyFollowersOfOpeningWithin: async (tx, input) => {
          const notified = await t.services.notifications.notifyFollowersOfOpeningWithin(tx, input);
          stop.abort();
          return notified;
        },
      },
    });

  /** A creator with an address, so the notifications are mailed too. */
  const creatorWithEmail = async () => {
    const creator = await t.createUser();
    await t.database.db.execute(sql`update users set email = ${`${creator.id}@example.test`}, language = 'en' where id = ${creator.id}::uuid`);
    return creator;
  };
  /** The cancellation's notification params, and the data of the creator's mails (approval, then cancellation). */
  const deadlineCancellationOf = async (creatorId: string, projectId: number) => {
    const notices = await t.database.db.execute<{ params: Record<string, unknown> }>(
      sql`select params from notifications where user_id = ${creatorId}::uuid and project_id = ${projectId} and kind = 'cancelled_deadline'`,
    );
    const mails = await t.database.db.execute<{ template: string; data: Record<string, unknown> }>(sql`select template, data from mail_outbox where user_id = ${creatorId}::uuid order by id`);
    return { params: notices.rows.map((row) => row.params), mails: mails.rows };
  };

  beforeAll(async () => {
    // The clock moves weeks forward in this file: sessions made at the start must outlive that.
    ({ t, operator, artistId } = await projectsTestContext({ longSessions: true }));
  });
  afterAll(() => closeWithCleanLedger(t));

  describe('request (docs/product.md#requests)', () => {
    it('creates a requested project whose goal the server computes from the catalogue, with the derived dates', async () => {
      const creator = await t.createUser();
      const body = await validRequestBody(t, artistId);
      const catalogue = await mediaFor(t, 'basic');
      const expectedGoal = body.media.reduce((sum, selection) => sum + catalogue.find((medium) => medium.id === selection.mediaId)!.price * selection.duration, 0);
      const project = await requestProject(t, creator, body);
      expect(project).toMatchObject({
        status: 'requested',
        goal: expectedGoal,
        raised: 0,
        artistId,
        packageId: 'basic',
        adStartDate: body.adStartDate,
        adEndDate: addDays(body.adStartDate, 6),
        fundingEndDate: addDays(body.adStartDate, -40),
        fundingStartDate: body.fundingStartDate,
        minimumUnit: null,
        viewerIsCreator: true,
      });
      expect(project.media.map((medium) => [medium.mediaId, medium.duration])).toEqual(body.media.map((medium) => [medium.mediaId, medium.duration]));
    });

    it('never takes a goal from the client', async () => {
      const creator = await t.createUser();
      const response = await postRequest(t, creator, { ...(await validRequestBody(t, artistId)), goal: 1 });
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('validation.invalid');
    });

    it('refuses an ad start 40 days ahead and accepts 41', async () => {
      const creator = await t.createUser();
      const body = await validRequestBody(t, artistId);
      const tooSoon = await postRequest(t, creator, { ...body, adStartDate: addDays(todayOf(t), 40) });
      expect(tooSoon.statusCode).toBe(422);
      expect(errorCode(tooSoon)).toBe('projects.ad_start_too_soon');
      expect((await postRequest(t, creator, { ...body, adStartDate: addDays(todayOf(t), 41) })).statusCode).toBe(201);
    });

    it('refuses a funding start after its end (the day after D-40) and before today', async () => {
      const creator = await t.createUser();
      const body = await validRequestBody(t, artistId);
      const afterEnd = await postRequest(t, creator, { ...body, fundingStartDate: addDays(body.adStartDate, -39) });
      expect(errorCode(afterEnd)).toBe('projects.funding_start_invalid');
      const yesterday = await postRequest(t, creator, { ...body, fundingStartDate: addDays(todayOf(t), -1) });
      expect(errorCode(yesterday)).toBe('projects.funding_start_invalid');
      expect((await postRequest(t, creator, { ...body, fundingStartDate: addDays(body.adStartDate, -40) })).statusCode).toBe(201);
    });

    it('refuses a medium the package does not allow, a duration the medium does not sell, and a missing duration', async () => {
      const creator = await t.createUser();
      const body = await validRequestBody(t, artistId, 'basic');
      const airport = (await mediaFor(t, 'prestige')).find((medium) => medium.categoryCode === 'ADMM003')!;
      const notInPackage = await postRequest(t, creator, { ...body, media: [{ mediaId: airport.id, duration: Math.min(...airport.durations) }] });
      expect(notInPackage.statusCode).toBe(422);
      expect(errorCode(notInPackage)).toBe('projects.medium_not_in_package');

      const [first] = body.media;
      const unsold = await postRequest(t, creator, { ...body, media: [{ mediaId: first!.mediaId, duration: 99_999 }] });
      expect(errorCode(unsold)).toBe('projects.duration_not_allowed');

      const missing = await postRequest(t, creator, { ...body, media: [{ mediaId: first!.mediaId }] });
      expect(missing.statusCode).toBe(400);
      expect(errorCode(missing)).toBe('validation.invalid');
    });

    it('refuses an unknown artist or package, and wants an Idempotency-Key', async () => {
      const creator = await t.createUser();
      const body = await validRequestBody(t, artistId);
      expect(errorCode(await postRequest(t, creator, { ...body, artistId: 2_000_000_000 }))).toBe('projects.artist_unknown');
      expect(errorCode(await postRequest(t, creator, { ...body, packageId: 'platinum' }))).toBe('projects.package_unknown');
      const noKey = await t.request({ method: 'POST', url: '/api/project-requests', cookie: creator.cookie, payload: body });
      expect(noKey.statusCode).toBe(400);
    });

    it('answers a replay with the same key with the same project, and makes one row', async () => {
      const creator = await t.createUser();
      const body = await validRequestBody(t, artistId);
      const key = idempotencyKey();
      const first = await postRequest(t, creator, body, key);
      const again = await postRequest(t, creator, body, key);
      expect(again.statusCode).toBe(201);
      expect(projectOf(again).id).toBe(projectOf(first).id);
      const changed = await postRequest(t, creator, { ...body, purpose: 'ongoing' }, key);
      expect(changed.statusCode).toBe(409);
      const { rows } = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from projects where creator_id = ${creator.id}`);
      expect(Number(rows[0]!.n)).toBe(1);
    });
  });

  describe('who sees a request (docs/quality.md#s1)', () => {
    it('shows a pending or rejected request to its creator and operators only; others get 404', async () => {
      const creator = await t.createUser();
      const other = await t.createUser();
      const project = await requestProject(t, creator, await validRequestBody(t, artistId));
      const url = `/api/projects/${project.id}`;
      expect((await t.request({ url, cookie: creator.cookie })).statusCode).toBe(200);
      const asOperator = await t.request({ url, cookie: operator.cookie });
      expect(asOperator.statusCode).toBe(200);
      expect((await t.request({ url, cookie: other.cookie })).statusCode).toBe(404);
      expect((await t.request({ url })).statusCode).toBe(404);

      await decide(t, operator, project.id, { decision: 'reject', reason: 'No inventory in May' });
      const rejected = projectOf(await t.request({ url, cookie: creator.cookie }));
      expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: 'No inventory in May' });
      expect((await t.request({ url, cookie: other.cookie })).statusCode).toBe(404);
    });

    it('lets no one but an operator decide, and never the creator', async () => {
      const creator = await t.createUser();
      const project = await requestProject(t, creator, await validRequestBody(t, artistId));
      const asCreator = await decide(t, creator, project.id, { decision: 'approve' });
      expect(asCreator.statusCode).toBe(403);
      expect((await projectRow(t, project.id)).status).toBe('requested');
    });
  });

  describe("the operator's decision (docs/product.md#approval)", () => {
    it('queues requests oldest first with their waiting time', async () => {
      const creator = await t.createUser();
      const older = await requestProject(t, creator, await validRequestBody(t, artistId));
      t.clock.advance(60_000);
      const newer = await requestProject(t, creator, await validRequestBody(t, artistId));
      const queue = await t.request({ url: '/api/operator/project-requests', cookie: operator.cookie });
      expect(queue.statusCode).toBe(200);
      const items = (queue.json() as { items: { project: Project; waitedSeconds: number }[] }).items;
      const ids = items.map((item) => item.project.id);
      expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
      expect(items.find((item) => item.project.id === older.id)!.waitedSeconds).toBeGreaterThanOrEqual(60);
      for (let index = 1; index < items.length; index++) {
        expect(items[index - 1]!.project.requestedAt <= items[index]!.project.requestedAt).toBe(true);
      }
    });

    it('approves with a 7-day creation deadline, writes the audit log and notifies; a second approval changes nothing', async () => {
      const creator = await t.createUser();
      // The ad starts 60 days ahead, so funding ends after the 7-day window and the window decides.
      const project = await requestProject(t, creator, { ...(await validRequestBody(t, artistId)), adStartDate: addDays(todayOf(t), 60) });
      const approved = await approve(t, operator, project.id);
      expect(approved.status).toBe('approved');
      // Approved at 12:00 KST: the deadline is 23:59:59.999 KST seven days later.
      expect(approved.creationDeadline).toBe(new Date(startOfKstDay(addDays(todayOf(t), 8)).getTime() - 1).toISOString());
      expect((await approve(t, operator, project.id)).approvedAt).toBe(approved.approvedAt);
      const { rows } = await t.database.db.execute<{ operator_id: string; action: string; before: { status: string }; after: { status: string } }>(
        sql`select operator_id, action, before, after from operator_audit_log where project_id = ${project.id}`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ operator_id: operator.id, action: 'project.approve', before: { status: 'requested' }, after: { status: 'approved' } });
      expect(await notificationKindsOf(t, creator.id, project.id)).toEqual(['approved']);
    });

    it('rejects only with a reason; a decided request cannot be decided the other way', async () => {
      const creator = await t.createUser();
      const project = await requestProject(t, creator, await validRequestBody(t, artistId));
      expect((await decide(t, operator, project.id, { decision: 'reject' })).statusCode).toBe(400);
      expect((await decide(t, operator, project.id, { decision: 'reject', reason: 'Sold out' })).statusCode).toBe(200);
      const late = await decide(t, operator, project.id, { decision: 'approve' });
      expect(late.statusCode).toBe(409);
      expect(errorCode(late)).toBe('projects.not_requested');
      expect(await notificationKindsOf(t, creator.id, project.id)).toEqual(['rejected']);
      expect((await decide(t, operator, 2_000_000_000, { decision: 'approve' })).statusCode).toBe(404);
    });
  });

  describe('creation with the deposit (docs/product.md#creation, #deposit)', () => {
    it('needs the thumbnail first', async () => {
      const creator = await t.createUser();
      const project = await requestProject(t, creator, await validRequestBody(t, artistId));
      await approve(t, operator, project.id);
      await creditOrange(t, creator.id, 100_000);
      const response = await postCreation(t, creator, project.id, creationBody(project));
      expect(response.statusCode).toBe(422);
      expect(errorCode(response)).toBe('projects.thumbnail_required');
    });

    it('refuses a deposit of 5 % (rounded up to the unit) − 1 point and accepts exactly that, moving it into escrow as the first participation', async () => {
      const creator = await t.createUser();
      const project = await approvedWithThumbnail(t, creator, operator, await validRequestBody(t, artistId));
      const minimum = minimumDepositFor(project.goal, 10);
      expect(minimum).toBe(Math.max(10, Math.ceil((project.goal * 0.05) / 10) * 10));
      await creditOrange(t, creator.id, minimum + 1_000);
      const short = await postCreation(t, creator, project.id, creationBody(project, { deposit: minimum - 1 }));
      expect(short.statusCode).toBe(422);
      expect(errorCode(short)).toBe('projects.deposit_too_low');
      const created = await postCreation(t, creator, project.id, creationBody(project, { deposit: minimum }));
      expect(created.statusCode, created.body).toBe(201);
      expect(projectOf(created)).toMatchObject({ status: 'funding', deposit: minimum, raised: minimum, minimumUnit: 10, creatorXId: 'orchard_fan' });
      expect(await depositsOf(t, project.id)).toEqual({ count: 1, total: minimum });
      const row = await projectRow(t, project.id);
      expect(Number(await escrowBalance(t.database.db, Number(row.escrow_account_id)))).toBe(minimum);
      const { rows } = await t.database.db.execute<{ kind: string; amount: number }>(sql`select kind, amount from project_participations where project_id = ${project.id}`);
      expect(rows).toEqual([{ kind: 'deposit', amount: minimum }]);
      expect(await notificationKindsOf(t, creator.id, project.id)).toEqual(['approved', 'created']);
      await expectLedgerClean(t);
    });

    it('refuses a deposit above half the goal rounded down to the unit, off the unit, or below 5 % rounded up to it, naming both bounds; the maximum is taken (docs/product.md#deposit)', async () => {
      const creator = await t.createUser();
      const project = await approvedWithThumbnail(t, creator, operator, await validRequestBody(t, artistId));
      const unit = 20;
      const maximum = Math.floor(Math.floor(project.goal / 2) / unit) * unit;
      const minimum = Math.max(unit, Math.ceil((project.goal * 5) / 100 / unit) * unit);
      await creditOrange(t, creator.id, project.goal);
      const balanceBefore = await orangeOf(creator);
      const refusals = [
        [maximum + unit, 'projects.deposit_too_high'],
        [minimum - unit, 'projects.deposit_too_low'],
        [minimum + 1, 'projects.deposit_not_unit_multiple'],
      ] as const;
      for (const [deposit, code] of refusals) {
        const refused = await postCreation(t, creator, project.id, creationBody(project, { minimumUnit: unit, deposit }));
        expect([refused.statusCode, errorCode(refused)], `deposit ${deposit}`).toEqual([422, code]);
        expect((refused.json() as { error: { details: { minimum: number; maximum: number } } }).error.details).toMatchObject({ minimum, maximum });
      }
      expect(await orangeOf(creator)).toBe(balanceBefore);
      expect(await depositsOf(t, project.id)).toEqual({ count: 0, total: 0 });
      const created = await postCreation(t, creator, project.id, creationBody(project, { minimumUnit: unit, deposit: maximum }));
      expect(created.statusCode, created.body).toBe(201);
      expect(projectOf(created)).toMatchObject({ deposit: maximum, raised: maximum, viewerContribution: maximum });
    });

    it('refuses a minimum unit above the most one person may put in, as no deposit could be made', async () => {
      const creator = await t.createUser();
      const project = await approvedWithThumbnail(t, creator, operator, await validRequestBody(t, artistId));
      await creditOrange(t, creator.id, project.goal);
      const unit = Math.floor(project.goal / 2) + 1;
      const refused = await postCreation(t, creator, project.id, creationBody(project, { minimumUnit: unit, deposit: unit }));
      // A unit outside 10–1,000 is refused by the body's schema (400); one inside it by the rule (422).
      if (unit <= 1_000) expect([refused.statusCode, errorCode(refused)]).toEqual([422, 'projects.minimum_unit_invalid']);
      else expect(refused.statusCode).toBe(400);
      expect(await depositsOf(t, project.id)).toEqual({ count: 0, total: 0 });
    });

    it('takes a minimum unit of 10 to 1,000 and at most half the goal: 9 and 1,001 are refused, and the deposit is at least the unit', async () => {
      const creator = await t.createUser();
      const project = await approvedWithThumbnail(t, creator, operator, await validRequestBody(t, artistId));
      await creditOrange(t, creator.id, project.goal + 2_000);
      for (const unit of [9, 1_001]) {
        const refused = await postCreation(t, creator, project.id, creationBody(project, { minimumUnit: unit, deposit: Math.max(unit, project.goal) }));
        expect(refused.statusCode, `unit ${unit}`).toBe(400);
      }
      const largestUnit = Math.min(1_000, Math.floor(project.goal / 2));
      const belowUnit = await postCreation(t, creator, project.id, creationBody(project, { minimumUnit: largestUnit, deposit: largestUnit - 1 }));
      expect(errorCode(belowUnit)).toBe('projects.deposit_too_low');
      const created = await postCreation(t, creator, project.id, creationBody(project, { minimumUnit: largestUnit, deposit: minimumDepositFor(project.goal, largestUnit) }));
      expect(created.statusCode, created.body).toBe(201);
      expect(projectOf(created).minimumUnit).toBe(largestUnit);
    });

    it('accepts a minimum unit of exactly 10', async () => {
      const creator = await t.createUser();
      const project = await approvedWithThumbnail(t, creator, operator, await validRequestBody(t, artistId));
      await creditOrange(t, creator.id, project.goal);
      const created = await postCreation(t, creator, project.id, creationBody(project, { minimumUnit: 10 }));
      expect(created.statusCode, created.body).toBe(201);
    });

    it('answers points.insufficient with the available amount when the creator lacks Orange, and changes nothing', async () => {
      const creator = await t.createUser();
      const project = await approvedWithThumbnail(t, creator, operator, await validRequestBody(t, artistId));
      await creditOrange(t, creator.id, 5);
      const response = await postCreation(t, creator, project.id, creationBody(project));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ error: { code: 'points.insufficient', details: { available: 5 } } });
      expect((await projectRow(t, project.id)).status).toBe('approved');
      expect(await depositsOf(t, project.id)).toEqual({ count: 0, total: 0 });
    });

    it('lets no other user create it (404), and a replay with the same key makes one deposit', async () => {
      const creator = await t.createUser();
      const other = await t.createUser();
      const project = await approvedWithThumbnail(t, creator, operator, await validRequestBody(t, artistId));
      await creditOrange(t, other.id, project.goal);
      expect((await postCreation(t, other, project.id, creationBody(project))).statusCode).toBe(404);
      await creditOrange(t, creator.id, project.goal);
      const key = idempotencyKey();
      const first = await postCreation(t, creator, project.id, creationBody(project), key);
      const again = await postCreation(t, creator, project.id, creationBody(project), key);
      expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
      expect(again.json()).toEqual(first.json());
      const otherKey = await postCreation(t, creator, project.id, creationBody(project));
      expect(errorCode(otherKey)).toBe('projects.not_approved');
      expect((await depositsOf(t, project.id)).count).toBe(1);
    });

    it('is `created` until its funding start day, and the sweep opens it on that day, not the day before', async () => {
      const creator = await t.createUser();
      const body = await validRequestBody(t, artistId);
      const startDay = addDays(todayOf(t), 3);
      const project = await approvedWithThumbnail(t, creator, operator, { ...body, adStartDate: addDays(todayOf(t), 45), fundingStartDate: startDay });
      await creditOrange(t, creator.id, project.goal);
      const created = await postCreation(t, creator, project.id, creationBody(project));
      expect(projectOf(created).status).toBe('created');
      const projects = t.services.sweeps.find((sweep) => sweep.name === 'projects.open-funding')!;
      t.clock.set(new Date(startOfKstDay(startDay).getTime() - 1));
      await projects.run();
      expect((await projectRow(t, project.id)).status).toBe('created');
      t.clock.set(startOfKstDay(startDay));
      await projects.run();
      expect((await projectRow(t, project.id)).status).toBe('funding');
      await projects.run();
      expect((await projectRow(t, project.id)).status).toBe('funding');
    });

    it('a shutdown while opening funding stops before the next project; the next run opens it (decision 084)', async () => {
      const body = await validRequestBody(t, artistId);
      const startDay = addDays(todayOf(t), 3);
      const made: Project[] = [];
      for (let index = 0; index < 2; index++) {
        const creator = await t.createUser();
        const project = await approvedWithThumbnail(t, creator, operator, { ...body, adStartDate: addDays(todayOf(t), 45), fundingStartDate: startDay });
        await creditOrange(t, creator.id, project.goal);
        expect(projectOf(await postCreation(t, creator, project.id, creationBody(project))).status).toBe('created');
        made.push(project);
      }
      // Whatever an earlier test left due opens first: on the start day only these two are due.
      const projects = t.services.sweeps.find((sweep) => sweep.name === 'projects.open-funding')!;
      t.clock.set(new Date(startOfKstDay(startDay).getTime() - 1));
      await projects.run();
      t.clock.set(startOfKstDay(startDay));
      const stop = new AbortController();
      expect(await sweepsStoppedAfterFirst(stop).openFundingDue(stop.signal)).toEqual({ opened: 1 });
      const statuses = async () => Promise.all(made.map(async (project) => (await projectRow(t, project.id)).status));
      expect((await statuses()).sort()).toEqual(['created', 'funding']);
      expect(await t.services.projects.openFundingDue()).toEqual({ opened: 1 });
      expect(await statuses()).toEqual(['funding', 'funding']);
    });
  });

  describe('the creation deadline (docs/product.md#creation)', () => {
    it('accepts a creation at 23:59:59 KST of the 7th day after approval', async () => {
      const creator = await t.createUser();
      const body = await validRequestBody(t, artistId);
      const adStartDate = addDays(todayOf(t), 60);
      const project = await approvedWithThumbnail(t, creator, operator, { ...body, adStartDate, fundingStartDate: addDays(adStartDate, -40) });
      await creditOrange(t, creator.id, project.goal);
      t.clock.set(new Date(new Date(project.creationDeadline!).getTime() - 999));
      const created = await postCreation(t, creator, project.id, creationBody(project));
      expect(created.statusCode, created.body).toBe(201);
    });

    it('ends at the funding end when that comes first: the approval and its notification say so, a later creation is refused with nothing spent, and the sweep cancels it', async () => {
      const creator = await creatorWithEmail();
      // The earliest ad start: funding ends tomorrow, well inside the 7-day window.
      const body = await validRequestBody(t, artistId);
      const requested = await requestProject(t, creator, body);
      const approved = await approve(t, operator, requested.id);
      const fundingEnds = new Date(startOfKstDay(addDays(approved.fundingEndDate, 1)).getTime() - 1);
      expect(approved.creationDeadline).toBe(fundingEnds.toISOString());
      const { rows } = await t.database.db.execute<{ params: { creationDeadline: string } }>(
        sql`select params from notifications where user_id = ${creator.id} and project_id = ${requested.id} and kind = 'approved'`,
      );
      expect(rows[0]!.params.creationDeadline).toBe(fundingEnds.toISOString());
      expect((await uploadThumbnail(t, creator, requested.id, await photoJpeg())).statusCode).toBe(200);
      await creditOrange(t, creator.id, approved.goal);
      const balanceBefore = await orangeOf(creator);
      const cancelSweep = t.services.sweeps.find((sweep) => sweep.name === 'projects.cancel-overdue-creations')!;

      t.clock.set(fundingEnds);
      await cancelSweep.run();
      expect((await projectRow(t, requested.id)).status).toBe('approved');

      // Two days after approval: inside the 7-day window, past the funding end.
      t.clock.set(new Date(fundingEnds.getTime() + 1));
      const late = await postCreation(t, creator, requested.id, creationBody(approved));
      expect([late.statusCode, errorCode(late)]).toEqual([422, 'projects.funding_ended']);
      expect(await orangeOf(creator)).toBe(balanceBefore);
      expect(await depositsOf(t, requested.id)).toEqual({ count: 0, total: 0 });
      expect((await projectRow(t, requested.id)).status).toBe('approved');
      await cancelSweep.run();
      expect((await projectRow(t, requested.id)).status).toBe('cancelled');
      expect(await notificationKindsOf(t, creator.id, requested.id)).toEqual(['approved', 'cancelled_deadline']);
      // Told the real cause, and the untitled request named by its artist, in the notice and the mails.
      // (docs/product.md#notifications: the mails name it as the list does; mail.test.ts renders them.)
      const artistNames = (await t.database.db.execute<{ names: unknown }>(sql`select names from artists where id = ${artistId}`)).rows[0]!.names;
      const told = await deadlineCancellationOf(creator.id, requested.id);
      expect(told.params).toEqual([{ cause: 'funding_end' }]);
      const project = { id: requested.id, title: null, hidden: false, artistNames };
      expect(told.mails).toEqual([
        { template: 'approved', data: { project, creationDeadline: fundingEnds.toISOString() } },
        { template: 'cancelled_deadline', data: { project, cause: 'funding_end' } },
      ]);
    });

    it('refuses to approve a request whose funding end has passed, changing nothing; the operator may still reject it', async () => {
      const creator = await t.createUser();
      // The earliest ad start: funding ends tomorrow.
      const requested = await requestProject(t, creator, await validRequestBody(t, artistId));
      t.clock.set(startOfKstDay(addDays(requested.fundingEndDate, 1)));
      const late = await decide(t, operator, requested.id, { decision: 'approve' });
      expect([late.statusCode, errorCode(late)]).toEqual([422, 'projects.funding_ended']);
      expect((await projectRow(t, requested.id)).status).toBe('requested');
      expect(await notificationKindsOf(t, creator.id, requested.id)).toEqual([]);
      expect((await decide(t, operator, requested.id, { decision: 'reject', reason: 'The funding period has passed' })).statusCode).toBe(200);
      expect((await projectRow(t, requested.id)).status).toBe('rejected');
    });

    it('refuses a creation at 00:00:00 KST of the 8th day, and the sweep cancels it then (not a millisecond before)', async () => {
      const creator = await creatorWithEmail();
      const body = await validRequestBody(t, artistId);
      const adStartDate = addDays(todayOf(t), 60);
      const project = await approvedWithThumbnail(t, creator, operator, { ...body, adStartDate, fundingStartDate: addDays(adStartDate, -40) });
      await creditOrange(t, creator.id, project.goal);
      const deadline = new Date(project.creationDeadline!).getTime();
      const cancelSweep = t.services.sweeps.find((sweep) => sweep.name === 'projects.cancel-overdue-creations')!;

      t.clock.set(new Date(deadline));
      await cancelSweep.run();
      expect((await projectRow(t, project.id)).status).toBe('approved');

      t.clock.set(new Date(deadline + 1));
      const late = await postCreation(t, creator, project.id, creationBody(project));
      expect(late.statusCode).toBe(422);
      expect(errorCode(late)).toBe('projects.creation_deadline_passed');
      await cancelSweep.run();
      expect((await projectRow(t, project.id)).status).toBe('cancelled');
      await cancelSweep.run();
      expect(await notificationKindsOf(t, creator.id, project.id)).toEqual(['approved', 'cancelled_deadline']);
      const told = await deadlineCancellationOf(creator.id, project.id);
      expect(told.params).toEqual([{ cause: 'creation_window' }]);
      expect(told.mails.at(-1)).toMatchObject({ template: 'cancelled_deadline', data: { cause: 'creation_window' } });
      expect(await depositsOf(t, project.id)).toEqual({ count: 0, total: 0 });
      // Cancelled before creation: still private to its creator.
      const other = await t.createUser();
      expect((await t.request({ url: `/api/projects/${project.id}`, cookie: other.cookie })).statusCode).toBe(404);
      expect(projectOf(await t.request({ url: `/api/projects/${project.id}`, cookie: creator.cookie })).status).toBe('cancelled');
    });

    it('a shutdown while cancelling overdue creations stops before the next project; the next run cancels it (decision 084)', async () => {
      const body = await validRequestBody(t, artistId);
      const adStartDate = addDays(todayOf(t), 60);
      const made: Project[] = [];
      const creators: TestUser[] = [];
      for (let index = 0; index < 2; index++) {
        creators.push(await t.createUser());
        made.push(await approvedWithThumbnail(t, creators[index]!, operator, { ...body, adStartDate, fundingStartDate: addDays(adStartDate, -40) }));
      }
      expect(made[1]!.creationDeadline).toBe(made[0]!.creationDeadline);
      const deadline = new Date(made[0]!.creationDeadline!).getTime();
      // Whatever an earlier test left overdue is cancelled first: past the deadline only these two are due.
      const cancelSweep = t.services.sweeps.find((sweep) => sweep.name === 'projects.cancel-overdue-creations')!;
      t.clock.set(new Date(deadline));
      await cancelSweep.run();
      t.clock.set(new Date(deadline + 1));
      const stop = new AbortController();
      expect(await sweepsStoppedAfterFirst(stop).cancelOverdueCreations(stop.signal)).toEqual({ cancelled: 1 });
      const statuses = async () => Promise.all(made.map(async (project) => (await projectRow(t, project.id)).status));
      expect((await statuses()).sort()).toEqual(['approved', 'cancelled']);
      expect(await t.services.projects.cancelOverdueCreations()).toEqual({ cancelled: 1 });
      expect(await statuses()).toEqual(['cancelled', 'cancelled']);
      for (const [index, project] of made.entries()) expect(await notificationKindsOf(t, creators[index]!.id, project.id)).toEqual(['approved', 'cancelled_deadline']);
    });
  });

  describe('my page lists and account deletion', () => {
    it('lists requests before creation under Request and created projects under Open, filtered by artist', async () => {
      const creator = await t.createUser();
      const otherArtist = await t.createArtist();
      const pending = await requestProject(t, creator, await validRequestBody(t, artistId));
      const elsewhere = await requestProject(t, creator, await validRequestBody(t, otherArtist));
      const created = await approvedWithThumbnail(t, creator, operator, await validRequestBody(t, artistId));
      await creditOrange(t, creator.id, created.goal);
      expect((await postCreation(t, creator, created.id, creationBody(created))).statusCode).toBe(201);
      const list = async (query: string) =>
        ((await t.request({ url: `/api/my/projects?${query}`, cookie: creator.cookie })).json() as { items: Project[] }).items.map((item) => item.id);
      expect(await list('tab=request')).toEqual([elsewhere.id, pending.id]);
      expect(await list('tab=open')).toEqual([created.id]);
      expect(await list('tab=all')).toEqual([created.id, elsewhere.id, pending.id]);
      expect(await list(`tab=request&artistId=${otherArtist}`)).toEqual([elsewhere.id]);
      expect((await t.request({ url: '/api/my/projects?cursor=garbage', cookie: creator.cookie })).statusCode).toBe(400);
    });

    it('refuses to delete the account of a creator whose project is still funding', async () => {
      const creator = await t.createUser();
      const project = await approvedWithThumbnail(t, creator, operator, await validRequestBody(t, artistId));
      await creditOrange(t, creator.id, project.goal);
      expect((await postCreation(t, creator, project.id, creationBody(project))).statusCode).toBe(201);
      const deletion = await t.request({ method: 'DELETE', url: '/api/users/me', cookie: creator.cookie, payload: { acknowledgePointForfeit: true } });
      expect(deletion.statusCode).toBe(409);
      expect(errorCode(deletion)).toBe('users.deletion_blocked');

      const requester = await t.createUser();
      await requestProject(t, requester, await validRequestBody(t, artistId));
      const allowed = await t.request({ method: 'DELETE', url: '/api/users/me', cookie: requester.cookie, payload: { acknowledgePointForfeit: true } });
      expect(allowed.statusCode).toBe(200);
    });
  });

  describe('the thumbnail (docs/quality.md#s6)', () => {
    it('is re-encoded to 1200 × 900 WebP without EXIF, only for the creator of an approved project', async () => {
      const creator = await t.createUser();
      const other = await t.createUser();
      const project = await requestProject(t, creator, await validRequestBody(t, artistId));
      const early = await uploadThumbnail(t, creator, project.id, await photoJpeg());
      expect(early.statusCode).toBe(409);
      expect(errorCode(early)).toBe('projects.not_approved');
      await approve(t, operator, project.id);
      expect((await uploadThumbnail(t, other, project.id, await photoJpeg())).statusCode).toBe(404);
      const uploaded = await uploadThumbnail(t, creator, project.id, await photoJpeg());
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const url = projectOf(uploaded).thumbnailUrl!;
      const served = await t.request({ url });
      expect(served.statusCode).toBe(200);
      const stored = served.rawPayload;
      const metadata = await sharp(stored).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 1200, 900]);
      expect(metadata.exif).toBeUndefined();
      expect(stored.includes(Buffer.from('secret-exif-marker'))).toBe(false);
    });

    it('comes with a 720 × 540 copy for phones and cards; a new thumbnail replaces both files (docs/decisions/111)', async () => {
      const creator = await t.createUser();
      const project = await requestProject(t, creator, await validRequestBody(t, artistId));
      await approve(t, operator, project.id);
      const first = projectOf(await uploadThumbnail(t, creator, project.id, await photoJpeg()));
      const small = await t.request({ url: first.thumbnailSmallUrl! });
      expect(small.statusCode).toBe(200);
      const metadata = await sharp(small.rawPayload).metadata();
      expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual(['webp', 720, 540, undefined]);
      expect(small.rawPayload.length).toBeLessThan((await t.request({ url: first.thumbnailUrl! })).rawPayload.length);
      const second = projectOf(await uploadThumbnail(t, creator, project.id, await photoJpeg()));
      expect(second.thumbnailSmallUrl).not.toBe(first.thumbnailSmallUrl);
      for (const replaced of [first.thumbnailUrl!, first.thumbnailSmallUrl!]) expect((await t.request({ url: replaced })).statusCode, replaced).toBe(404);
      expect((await t.request({ url: second.thumbnailSmallUrl! })).statusCode).toBe(200);
    });
  });
});

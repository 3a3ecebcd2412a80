import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { addDays, fundingClosesAt } from '@orchard/shared/project-rules';
import { createTestContext, errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { creationBody, creditOrange, fundingProject, postParticipation, projectsTestContext, todayOf, validRequestBody, approvedWithThumbnail, postCreation } from '../../../test/projects-kit.ts';
import { queuedMails } from '../../../test/mail-kit.ts';
import { artistFollows } from '../artists/artists.table.ts';
import { pointLots } from '../points/points.table.ts';
import { users } from '../users/users.table.ts';
import { createNotificationSweeps } from './notifications.sweeps.ts';
import { notifications } from './notifications.table.ts';

const dayMs = 86_400_000;
const kst = (wall: string) => new Date(`${wall}+09:00`);

async function withAddress(t: TestContext, user: TestUser, language: 'ko' | 'en' | 'zh' | 'ja' | 'es', email = `${user.id}@example.test`) {
  await t.database.db.update(users).set({ email, language, nightNotificationConsent: true }).where(eq(users.id, user.id));
}

const noticesOf = (t: TestContext, userId: string, kind: string) =>
  t.database.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, kind))).orderBy(notifications.id);
const mailsTo = (t: TestContext, userId: string, template?: string) => queuedMails(t, { userId, template });

describe('mail preferences and the mails of notifications', () => {
  let t: TestContext;
  let fan: TestUser;
  beforeAll(async () => {
    t = await createTestContext();
    fan = await t.createUser();
    await withAddress(t, fan, 'es');
  });
  afterAll(() => t.close());

  const preferences = (user: TestUser | null, method: 'GET' | 'PATCH' = 'GET', payload?: unknown, headers: Record<string, string> = {}) =>
    t.request({ method, url: '/api/notifications/preferences', cookie: user?.cookie, ...(payload === undefined ? {} : { payload: payload as object }), headers });

  it('answers every mailable kind on by default, and changes only the kinds named', async () => {
    const first = await preferences(fan);
    expect(first.statusCode, first.body).toBe(200);
    const { mail } = first.json() as { mail: Record<string, boolean> };
    expect(mail.points_expiring).toBe(true);
    expect(mail.closing_soon).toBe(true);
    expect(Object.keys(mail)).not.toContain('inquiry_answered');
    expect(Object.values(mail).every(Boolean)).toBe(true);
    const changed = await preferences(fan, 'PATCH', { mail: { failed: false, points_returned: false } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as { mail: Record<string, boolean> }).mail).toMatchObject({ failed: false, points_returned: false, succeeded: true });
    const again = await preferences(fan, 'PATCH', { mail: { failed: true } });
    expect((again.json() as { mail: Record<string, boolean> }).mail).toMatchObject({ failed: true, points_returned: false });
  });

  it('refuses bad preferences: unknown kinds, non-booleans, extra fields, no body, oversized, and anonymous callers', async () => {
    for (const payload of [
      { mail: { inquiry_answered: false } },
      { mail: { nope: true } },
      { mail: { failed: 'false' } },
      { mail: { failed: 1 } },
      { mail: [] },
      { mail: { failed: true }, extra: 1 },
      {},
      { mail: { ['__proto__']: true } },
      { mail: { failed: true, x: 'y'.repeat(1_000_000) } },
    ]) {
      const response = await preferences(fan, 'PATCH', payload);
      expect([400, 413], `${JSON.stringify(payload).slice(0, 80)} → ${response.body.slice(0, 200)}`).toContain(response.statusCode);
      expect(errorCode(response)).toMatch(/^[a-z_]+\.[a-z_]+$/);
    }
    expect((await preferences(fan, 'PATCH', 'not json', { 'content-type': 'text/plain' })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await preferences(fan, 'GET', undefined)).statusCode).toBe(200);
    expect((await t.request({ url: '/api/notifications/preferences?x=1', cookie: fan.cookie })).statusCode).toBe(400);
    expect((await preferences(null)).statusCode).toBe(401);
    expect((await preferences(null, 'PATCH', { mail: { failed: false } })).statusCode).toBe(401);
  });

  it('queues one mail per notification in the user language, none for a kind turned off or a user without an address', async () => {
    const silent = await t.createUser();
    await t.database.db.transaction(async (tx) => {
      await t.services.notifications.notifyWithin(tx, { userId: fan.id, kind: 'succeeded', projectId: null, params: {} });
      await t.services.notifications.notifyWithin(tx, { userId: fan.id, kind: 'points_returned', projectId: null, params: { amount: 5, currency: 'orange' } });
      await t.services.notifications.notifyWithin(tx, { userId: silent.id, kind: 'succeeded', projectId: null, params: {} });
    });
    const mails = await mailsTo(t, fan.id);
    expect(mails.map((mail) => [mail.template, mail.language, mail.recipient])).toEqual([['succeeded', 'es', `${fan.id}@example.test`]]);
    expect(await mailsTo(t, silent.id)).toEqual([]);
  });

  it('writes a notice with a dedupe key once, and mails it once', async () => {
    const input = { userId: fan.id, kind: 'points_expiring', projectId: null, params: { amount: 3, currency: 'berry', expiresAt: '2027-01-01T00:00:00.000Z' }, dedupeKey: 'test:once' } as const;
    const first = await t.database.db.transaction((tx) => t.services.notifications.notifyWithin(tx, input));
    const second = await t.database.db.transaction((tx) => t.services.notifications.notifyWithin(tx, input));
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(await mailsTo(t, fan.id, 'points_expiring')).toHaveLength(1);
  });
});

describe('notification sweeps', () => {
  let t: TestContext;
  let operator: TestUser;
  let artistId: number;
  beforeAll(async () => {
    ({ t, operator, artistId } = await projectsTestContext({ longSessions: true }));
  });
  afterAll(() => t.close());

  it('tells each lot from the 30th and the 7th KST day before its last day (the balance\'s "within 30 days"), once each across runs and two sweepers at once', async () => {
    const fan = await t.createUser();
    await withAddress(t, fan, 'ko');
    t.clock.set(kst('2026-12-01T12:00:00'));
    await creditOrange(t, fan.id, 500);
    const [lot] = await t.database.db.select().from(pointLots).where(eq(pointLots.userId, fan.id));
    const end = lot!.expiresAt.getTime();
    // The lot ends at 23:59:59.999 KST of its last day D; "within n days" starts at 00:00 KST of D − n.
    const fromDayBefore = (days: number) => end + 1 - (days + 1) * dayMs;
    const sweeperOf = () => createNotificationSweeps({ db: t.database.db, clock: t.clock, notifications: t.services.notifications, points: t.services.points });
    const sweeps = [sweeperOf(), sweeperOf()];
    const runBoth = async () => Promise.all(sweeps.map((sweep) => sweep.noticeExpiringLots()));
    t.clock.set(new Date(fromDayBefore(30) - 1));
    await runBoth();
    expect(await noticesOf(t, fan.id, 'points_expiring')).toEqual([]);
    expect((await t.services.points.balances(fan.id)).orange.expiringWithin30Days).toBe(0);
    t.clock.set(new Date(fromDayBefore(30)));
    expect((await t.services.points.balances(fan.id)).orange.expiringWithin30Days).toBe(500);
    await runBoth();
    await runBoth();
    const thirty = await noticesOf(t, fan.id, 'points_expiring');
    expect(thirty.map((row) => [row.dedupeKey, row.params])).toEqual([[`points_expiring:${lot!.id}:d30`, { amount: 500, currency: 'orange', expiresAt: lot!.expiresAt.toISOString() }]]);
    t.clock.set(new Date(fromDayBefore(7) - 1));
    await runBoth();
    expect(await noticesOf(t, fan.id, 'points_expiring')).toHaveLength(1);
    t.clock.set(new Date(fromDayBefore(7)));
    await runBoth();
    await runBoth();
    expect((await noticesOf(t, fan.id, 'points_expiring')).map((row) => row.dedupeKey)).toEqual([`points_expiring:${lot!.id}:d30`, `points_expiring:${lot!.id}:d7`]);
    expect((await mailsTo(t, fan.id, 'points_expiring')).map((mail) => mail.language)).toEqual(['ko', 'ko']);
    // Past its end the lot is no longer told (the expiry sweep takes it).
    t.clock.set(new Date(end + 1));
    expect((await sweeps[0]!.noticeExpiringLots()).noticed).toBe(0);
  });

  it('tells a lot first seen inside 7 days only once', async () => {
    const fan = await t.createUser();
    t.clock.set(kst('2026-12-01T12:00:00'));
    await creditOrange(t, fan.id, 100);
    const [lot] = await t.database.db.select().from(pointLots).where(eq(pointLots.userId, fan.id));
    t.clock.set(new Date(lot!.expiresAt.getTime() - 3 * dayMs));
    await t.services.sweeps.find((sweep) => sweep.name === 'notifications.expiring-points')!.run();
    expect((await noticesOf(t, fan.id, 'points_expiring')).map((row) => row.dedupeKey)).toEqual([`points_expiring:${lot!.id}:d7`]);
  });

  it("tells the artist's followers once when a project opens for funding, and its fans once within 24 hours of the close", async () => {
    t.clock.set(kst('2026-12-01T12:00:00'));
    const creator = await t.createUser();
    const follower = await t.createUser();
    const fan = await t.createUser();
    await withAddress(t, follower, 'zh');
    await withAddress(t, fan, 'ja');
    await t.database.db.insert(artistFollows).values({ userId: follower.id, artistId, createdAt: t.clock.now() });
    const project = await fundingProject(t, creator, operator, await validRequestBody(t, artistId));
    expect((await noticesOf(t, follower.id, 'project_opened')).map((row) => row.projectId)).toEqual([project.id]);
    expect(await noticesOf(t, creator.id, 'project_opened')).toEqual([]);
    expect((await mailsTo(t, follower.id, 'project_opened')).map((mail) => mail.language)).toEqual(['zh']);
    await creditOrange(t, fan.id, 1_000);
    const joined = await postParticipation(t, fan, project.id, project.minimumUnit ?? 10);
    expect(joined.statusCode, joined.body).toBe(201);
    const closesAt = fundingClosesAt(project.fundingEndDate);
    const closing = () => t.services.sweeps.find((sweep) => sweep.name === 'notifications.closing-soon')!.run();
    t.clock.set(new Date(closesAt.getTime() - dayMs - 1));
    await closing();
    expect(await noticesOf(t, fan.id, 'closing_soon')).toEqual([]);
    t.clock.set(new Date(closesAt.getTime() - dayMs));
    await closing();
    await closing();
    expect((await noticesOf(t, fan.id, 'closing_soon')).map((row) => [row.projectId, row.params])).toEqual([[project.id, { closesAt: closesAt.toISOString() }]]);
    expect(await noticesOf(t, creator.id, 'closing_soon')).toHaveLength(1);
    expect((await mailsTo(t, fan.id, 'closing_soon')).map((mail) => mail.language)).toEqual(['ja']);
  });

  it('opens a created project on its start day with its followers told, once', async () => {
    t.clock.set(kst('2026-12-01T12:00:00'));
    const creator = await t.createUser();
    const follower = await t.createUser();
    await t.database.db.insert(artistFollows).values({ userId: follower.id, artistId, createdAt: t.clock.now() });
    const body = { ...(await validRequestBody(t, artistId)) };
    const start = addDays(todayOf(t), 1);
    const approved = await approvedWithThumbnail(t, creator, operator, { ...body, fundingStartDate: start } as typeof body);
    await creditOrange(t, creator.id, approved.goal);
    const created = await postCreation(t, creator, approved.id, creationBody(approved));
    expect(created.statusCode, created.body).toBe(201);
    expect(await noticesOf(t, follower.id, 'project_opened')).toEqual([]);
    t.clock.set(kst(`${start}T00:00:00`));
    await t.services.projects.openFundingDue();
    await t.services.projects.openFundingDue();
    expect((await noticesOf(t, follower.id, 'project_opened')).map((row) => row.projectId)).toEqual([approved.id]);
  });

  it('deletes notifications older than 180 days and keeps one exactly 180 days old', async () => {
    const fan = await t.createUser();
    t.clock.set(kst('2026-06-01T12:00:00'));
    await t.services.notifications.notifyWithin(t.database.db, { userId: fan.id, kind: 'succeeded', projectId: null, params: {} });
    t.clock.advance(1);
    await t.services.notifications.notifyWithin(t.database.db, { userId: fan.id, kind: 'failed', projectId: null, params: {} });
    const purge = () => t.services.sweeps.find((sweep) => sweep.name === 'notifications.purge-old')!.run();
    t.clock.set(new Date(kst('2026-06-01T12:00:00').getTime() + 180 * dayMs));
    await purge();
    expect((await t.database.db.select().from(notifications).where(eq(notifications.userId, fan.id))).map((row) => row.kind)).toEqual(['succeeded', 'failed']);
    t.clock.advance(1);
    await purge();
    expect((await t.database.db.select().from(notifications).where(eq(notifications.userId, fan.id))).map((row) => row.kind)).toEqual(['failed']);
    t.clock.advance(1);
    await purge();
    expect(await t.database.db.execute(sql`select 1 from notifications where user_id = ${fan.id}`).then((result) => result.rows)).toEqual([]);
  });
});

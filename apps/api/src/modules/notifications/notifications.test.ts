import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@orchard/shared';
import { sql } from 'drizzle-orm';
import { createdProject, hideProject } from '../../../test/community-kit.ts';
import { createTestContext, errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { createNotificationsService, type NotificationsService } from './notifications.service.ts';

type Page = { items: Notification[]; nextCursor: string | null };

describe('notifications', () => {
  let t: TestContext;
  let service: NotificationsService;
  let owner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await createTestContext();
    service = createNotificationsService({ db: t.database.db, clock: t.clock });
    owner = await t.createUser();
    other = await t.createUser();
  });
  afterAll(() => t.close());

  const list = async (user: TestUser, query = '') => {
    const response = await t.request({ url: `/api/notifications${query}`, cookie: user.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };
  const me = async (user: TestUser) => {
    const response = await t.request({ url: '/api/auth/me', cookie: user.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { hasUnreadNotification: boolean };
  };

  it('writes one notification per kind inside the caller transaction, and none when it rolls back', async () => {
    await t.database.db.transaction(async (tx) => {
      await service.notifyWithin(tx, { userId: owner.id, kind: 'approved', projectId: 11, params: { creationDeadline: '2026-12-01T14:59:59.999Z' } });
    });
    await expect(
      t.database.db.transaction(async (tx) => {
        await service.notifyWithin(tx, { userId: owner.id, kind: 'created', projectId: 12, params: {} });
        throw new Error('the transition failed');
      }),
    ).rejects.toThrow('the transition failed');
    const { items } = await list(owner);
    expect(items.map((item) => item.kind)).toEqual(['approved']);
    expect(items[0]).toMatchObject({ projectId: 11, params: { creationDeadline: '2026-12-01T14:59:59.999Z' }, readAt: null });
  });

  it("refuses params that do not fit the kind (a rejection without its reason)", async () => {
    await expect(
      service.notifyWithin(t.database.db, { userId: owner.id, kind: 'rejected', projectId: 1, params: {} as { reason: string } }),
    ).rejects.toThrow();
  });

  it('writes many at once in the order given, each checked against its kind, and none when one does not fit', async () => {
    const [first, second] = [await t.createUser(), await t.createUser()];
    await expect(
      service.notifyManyWithin(t.database.db, [
        { userId: first.id, kind: 'failed', projectId: 30, params: {} },
        { userId: second.id, kind: 'points_returned', projectId: 30, params: { amount: 1.5, currency: 'orange' } },
      ]),
    ).rejects.toThrow();
    expect((await list(first)).items).toEqual([]);
    await service.notifyManyWithin(t.database.db, [
      { userId: first.id, kind: 'failed', projectId: 30, params: {} },
      { userId: first.id, kind: 'points_returned', projectId: 30, params: { amount: 40, currency: 'orange' } },
      { userId: second.id, kind: 'cancelled', projectId: 30, params: { reason: 'The screen is under repair.' } },
    ]);
    expect((await list(first)).items.map((item) => [item.kind, item.params])).toEqual([
      ['points_returned', { amount: 40, currency: 'orange' }],
      ['failed', {}],
    ]);
    expect((await list(second)).items.map((item) => [item.kind, item.params])).toEqual([['cancelled', { reason: 'The screen is under repair.' }]]);
  });

  it('lists newest first, page by page, and each user sees only their own', async () => {
    for (const [index, kind] of (['rejected', 'cancelled_deadline', 'created'] as const).entries()) {
      t.clock.advance(60_000);
      const params = kind === 'rejected' ? { reason: 'No inventory in that week' } : {};
      await service.notifyWithin(t.database.db, { userId: owner.id, kind, projectId: 20 + index, params } as never);
    }
    await service.notifyWithin(t.database.db, { userId: other.id, kind: 'created', projectId: 99, params: {} });
    const first = await list(owner, '?limit=2');
    expect(first.items.map((item) => item.kind)).toEqual(['created', 'cancelled_deadline']);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(owner, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((item) => item.kind)).toEqual(['rejected', 'approved']);
    expect(second.items[0]!.params).toEqual({ reason: 'No inventory in that week' });
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items];
    expect(all.map((item) => item.createdAt)).toEqual([...all.map((item) => item.createdAt)].sort().reverse());
    expect((await list(other)).items.map((item) => item.projectId)).toEqual([99]);
  });

  it('marks read for the owner only; me reports unread until the last is read', async () => {
    expect((await me(owner)).hasUnreadNotification).toBe(true);
    const { items } = await list(owner);
    const target = items[0]!;

    // Another user cannot mark it, and learns nothing (404 as if absent).
    const foreign = await t.request({ method: 'POST', url: `/api/notifications/${target.id}/read`, cookie: other.cookie });
    expect(foreign.statusCode).toBe(404);
    expect(errorCode(foreign)).toBe('notifications.not_found');
    expect((await list(owner)).items[0]!.readAt).toBeNull();

    const readAt = t.clock.now().toISOString();
    const marked = await t.request({ method: 'POST', url: `/api/notifications/${target.id}/read`, cookie: owner.cookie });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ notification: { id: target.id, readAt }, hasUnreadNotification: true });

    // A second read keeps the first time.
    t.clock.advance(5_000);
    const again = await t.request({ method: 'POST', url: `/api/notifications/${target.id}/read`, cookie: owner.cookie });
    expect(again.json()).toMatchObject({ notification: { readAt } });

    for (const item of items.slice(1)) await t.request({ method: 'POST', url: `/api/notifications/${item.id}/read`, cookie: owner.cookie });
    expect((await me(owner)).hasUnreadNotification).toBe(false);
    expect((await me(other)).hasUnreadNotification).toBe(true);
  });

  it('answers 404 for an unknown id and 401 without a session', async () => {
    const unknown = await t.request({ method: 'POST', url: '/api/notifications/2147483647/read', cookie: owner.cookie });
    expect(unknown.statusCode).toBe(404);
    expect((await t.request({ url: '/api/notifications' })).statusCode).toBe(401);
  });

  it.each([
    ['a huge id', 'POST', '/api/notifications/99999999999/read'],
    ['a NUL byte in the id', 'POST', '/api/notifications/1%00/read'],
    ['a negative id', 'POST', '/api/notifications/-1/read'],
    ['a forged cursor', 'GET', `/api/notifications?cursor=${Buffer.from('{"before":"1"}').toString('base64url')}`],
    ['a NUL cursor', 'GET', '/api/notifications?cursor=%00'],
    ['a limit above 50', 'GET', '/api/notifications?limit=51'],
    ['an unknown query field', 'GET', '/api/notifications?userId=x'],
  ])('refuses %s with 400 and the error shape', async (_label, method, url) => {
    const response = await t.request({ method: method as 'GET', url, cookie: owner.cookie });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'validation.invalid', message: expect.any(String) } });
  });

  it('refuses a body on the read route', async () => {
    const response = await t.request({ method: 'POST', url: '/api/notifications/1/read', cookie: owner.cookie, payload: { readAt: null } });
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('validation.invalid');
  });

  describe('the project a notification is about', () => {
    it('names it by its title read when the list is read: a renamed project shows its new title, a hidden one none', async () => {
      const creator = await t.createUser();
      const operator = await t.createUser({ roles: ['operator'] });
      const reporter = await t.createUser();
      const artistId = await t.createArtist('Project Reference Artist');
      const project = await createdProject(t, creator, operator, artistId, 'Birthday subway ad');
      const named = (await list(creator)).items.find((item) => item.kind === 'created')!;
      expect(named.project).toMatchObject({ id: project.id, title: 'Birthday subway ad', hidden: false, artistNames: { en: 'Project Reference Artist' } });
      // The approval was written before the project had a title: it shows the title it has now.
      const approved = (await list(creator)).items.find((item) => item.kind === 'approved')!;
      expect(approved.project).toMatchObject({ id: project.id, title: 'Birthday subway ad' });

      await t.database.db.execute(sql`update projects set title = 'Renamed ad' where id = ${project.id}`);
      expect((await list(creator)).items.find((item) => item.id === named.id)!.project!.title).toBe('Renamed ad');

      await hideProject(t, reporter, operator, project.id);
      expect((await list(creator)).items.find((item) => item.id === named.id)!.project).toMatchObject({ id: project.id, title: null, hidden: true });
      const read = await t.request({ method: 'POST', url: `/api/notifications/${named.id}/read`, cookie: creator.cookie });
      expect(read.json()).toMatchObject({ notification: { id: named.id, project: { title: null, hidden: true } } });
    });

    it('is null for a notification about no project, or one that does not exist', async () => {
      const user = await t.createUser();
      await service.notifyWithin(t.database.db, { userId: user.id, kind: 'points_expiring', projectId: null, params: { amount: 10, currency: 'orange', expiresAt: '2026-12-01T00:00:00.000Z' } });
      await service.notifyWithin(t.database.db, { userId: user.id, kind: 'created', projectId: 2_000_000, params: {} });
      expect((await list(user)).items.map((item) => item.project)).toEqual([null, null]);
    });
  });

  describe('POST /api/notifications/read-all', () => {
    const readAll = (user: TestUser, options: { payload?: object; query?: string } = {}) =>
      t.request({ method: 'POST', url: `/api/notifications/read-all${options.query ?? ''}`, cookie: user.cookie, ...(options.payload ? { payload: options.payload } : {}) });

    it("marks every unread notification of the caller read, keeps earlier read times, and leaves other users' alone", async () => {
      const user = await t.createUser();
      const neighbour = await t.createUser();
      for (const userId of [user.id, user.id, user.id, neighbour.id]) await service.notifyWithin(t.database.db, { userId, kind: 'created', projectId: null, params: {} });
      const [first] = (await list(user)).items;
      const firstReadAt = t.clock.now().toISOString();
      await t.request({ method: 'POST', url: `/api/notifications/${first!.id}/read`, cookie: user.cookie });
      t.clock.advance(60_000);

      const response = await readAll(user);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ marked: 2, hasUnreadNotification: false });
      const items = (await list(user)).items;
      expect(items.map((item) => item.readAt)).toEqual([firstReadAt, t.clock.now().toISOString(), t.clock.now().toISOString()]);
      expect((await me(user)).hasUnreadNotification).toBe(false);
      expect((await me(neighbour)).hasUnreadNotification).toBe(true);

      // Again: nothing left to mark, and the times stay.
      t.clock.advance(60_000);
      const again = await readAll(user);
      expect(again.json()).toEqual({ marked: 0, hasUnreadNotification: false });
      expect((await list(user)).items.map((item) => item.readAt)).toEqual(items.map((item) => item.readAt));
    });

    it('refuses a body or a query with 400, and a caller without a session with 401', async () => {
      const user = await t.createUser();
      for (const response of [await readAll(user, { payload: { userId: other.id } }), await readAll(user, { query: '?userId=x' })]) {
        expect(response.statusCode, response.body).toBe(400);
        expect(errorCode(response)).toBe('validation.invalid');
      }
      const anonymous = await t.request({ method: 'POST', url: '/api/notifications/read-all' });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});

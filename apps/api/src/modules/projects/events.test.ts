import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@orchard/shared';
import { addDays, startOfKstDay } from '@orchard/shared/project-rules';
import { errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { idempotencyKey } from '../../../test/points-fixtures.ts';
import { closeWithCleanLedger, creditOrange, eventBody, mediaFor, photoJpeg, postEvent, projectRow, projectsTestContext, todayOf, uploadThumbnail } from '../../../test/projects-kit.ts';

type Balances = { orange: { total: number }; berry: { total: number } };
type HistoryPage = { items: { reason: string; amount: number; type: string }[] };

describe('events: operators create projects funded in Berry (docs/product.md#events)', () => {
  let t: TestContext;
  let operator: TestUser;
  let artistId: number;

  const created = async (overrides: Record<string, unknown> = {}) => {
    const response = await postEvent(t, operator, await eventBody(t, artistId, overrides));
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { project: Project }).project;
  };
  /** A fan holding `berry` Berry, exchanged from Orange as fans get it. */
  const berryFan = async (berry: number) => {
    const user = await t.createUser();
    const orange = Math.ceil(berry / 13);
    await creditOrange(t, user.id, orange);
    const exchanged = await t.request({ method: 'POST', url: '/api/points/exchange', cookie: user.cookie, headers: { 'idempotency-key': idempotencyKey() }, payload: { orange } });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    return user;
  };
  const participate = (user: TestUser, projectId: number, amount: number) =>
    t.request({ method: 'POST', url: `/api/projects/${projectId}/participations`, cookie: user.cookie, headers: { 'idempotency-key': idempotencyKey() }, payload: { amount } });
  const balances = async (user: TestUser) => (await t.request({ url: '/api/points/balances', cookie: user.cookie })).json() as Balances;
  const history = async (user: TestUser, currency: 'orange' | 'berry', tab = 'all') =>
    ((await t.request({ url: `/api/points/history?currency=${currency}&tab=${tab}`, cookie: user.cookie })).json() as HistoryPage).items;

  beforeAll(async () => {
    ({ t, operator, artistId } = await projectsTestContext());
  });
  afterAll(() => closeWithCleanLedger(t));

  it('an operator creates an event: funding from today, Berry escrow, no deposit, audited; a retry replays it', async () => {
    const body = await eventBody(t, artistId);
    const key = idempotencyKey();
    const first = await postEvent(t, operator, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const event = (first.json() as { project: Project }).project;
    expect(event).toMatchObject({ kind: 'event', currency: 'berry', status: 'funding', deposit: null, raised: 0, title: 'Berry birthday event', minimumUnit: 10 });
    expect(event.goal).toBeGreaterThan(0);
    expect((await postEvent(t, operator, body, key)).json()).toEqual(first.json());
    expect((await postEvent(t, operator, { ...body, title: 'Another' }, key)).statusCode).toBe(409);
    const row = await projectRow(t, event.id);
    expect(row.escrow_account_id).not.toBeNull();
    const audit = await t.database.db.execute<{ action: string }>(sql`select action from operator_audit_log where project_id = ${event.id}`);
    expect(audit.rows.map((entry) => entry.action)).toEqual(['event.create']);
  });

  it("sets an event's goal in Berry: the media total in Orange × 13 (docs/product.md#events)", async () => {
    const body = await eventBody(t, artistId);
    const catalogue = await mediaFor(t, body.packageId);
    const orangeTotal = body.media.reduce((sum, selection) => sum + catalogue.find((medium) => medium.id === selection.mediaId)!.price * selection.duration, 0);
    const response = await postEvent(t, operator, body);
    expect(response.statusCode, response.body).toBe(201);
    const event = (response.json() as { project: Project }).project;
    expect(event).toMatchObject({ currency: 'berry', goal: orangeTotal * 13, perUserLimit: Math.floor((orangeTotal * 13) / 2) });
    // The media keep their Orange prices: the goal alone is counted in Berry.
    expect(event.media.reduce((sum, medium) => sum + medium.amount, 0)).toBe(orangeTotal);
  });

  it('starting later, an event is created and opens on its funding start day', async () => {
    const event = await created({ fundingStartDate: addDays(todayOf(t), 3), adStartDate: addDays(todayOf(t), 45) });
    expect(event.status).toBe('created');
    const fan = await berryFan(130);
    expect(errorCode(await participate(fan, event.id, 10))).toBe('projects.not_funding');
    const before = t.clock.now();
    t.clock.set(startOfKstDay(addDays(todayOf(t), 3)));
    try {
      await t.services.projects.openFundingDue();
      expect((await t.request({ url: `/api/projects/${event.id}` })).json()).toMatchObject({ project: { status: 'funding' } });
    } finally {
      t.clock.set(before);
    }
  });

  it('only operators create events; fans and signed-out callers are refused', async () => {
    const body = await eventBody(t, artistId);
    const fan = await t.createUser();
    expect((await postEvent(t, fan, body)).statusCode).toBe(403);
    const anonymous = await t.request({ method: 'POST', url: '/api/operator/events', headers: { 'idempotency-key': idempotencyKey() }, payload: body });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses wrong, missing, oversized and hostile bodies with a clear error, and saves nothing', async () => {
    const eventCount = async () => Number((await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from projects where kind = 'event'`)).rows[0]!.n);
    const before = await eventCount();
    const body = await eventBody(t, artistId);
    const cases: [unknown, number, string][] = [
      [{ ...body, title: undefined }, 400, 'validation.invalid'],
      [{ ...body, title: 'x'.repeat(61) }, 400, 'validation.invalid'],
      [{ ...body, introduction: '' }, 400, 'validation.invalid'],
      [{ ...body, deposit: 500 }, 400, 'validation.invalid'],
      [{ ...body, creatorEmail: 'a@b.co' }, 400, 'validation.invalid'],
      [{ ...body, minimumUnit: 5 }, 400, 'validation.invalid'],
      [{ ...body, minimumUnit: '10' }, 400, 'validation.invalid'],
      [{ ...body, youtubeUrl: 'javascript:alert(1)' }, 400, 'validation.invalid'],
      [{ ...body, xUrl: 'https://evil.example/x' }, 400, 'validation.invalid'],
      [{ ...body, media: [] }, 400, 'validation.invalid'],
      [{ ...body, artistId: 2_147_483_647 }, 422, 'projects.artist_unknown'],
      [{ ...body, packageId: 'gold' }, 422, 'projects.package_unknown'],
      [{ ...body, adStartDate: addDays(todayOf(t), 10) }, 422, 'projects.ad_start_too_soon'],
      [[body], 400, 'validation.invalid'],
      [JSON.parse('{"__proto__":{"admin":true}}'), 400, 'request.malformed_json'],
    ];
    for (const [payload, status, code] of cases) {
      const response = await postEvent(t, operator, payload);
      expect(response.statusCode, `${JSON.stringify(payload).slice(0, 80)} → ${response.body}`).toBe(status);
      expect(errorCode(response)).toBe(code);
    }
    const noKey = await t.request({ method: 'POST', url: '/api/operator/events', cookie: operator.cookie, payload: body });
    expect(noKey.statusCode).toBe(400);
    expect(await eventCount()).toBe(before);
  });

  it('the operator sets its thumbnail until funding closes; no one else can', async () => {
    const event = await created();
    const uploaded = await uploadThumbnail(t, operator, event.id, await photoJpeg());
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect((uploaded.json() as { project: Project }).project.thumbnailUrl).toMatch(/\/project-thumbnails\/[0-9a-f]+\.webp$/);
    const otherOperator = await t.createUser({ roles: ['operator'] });
    expect((await uploadThumbnail(t, otherOperator, event.id, await photoJpeg())).statusCode).toBe(404);
    const fan = await t.createUser();
    expect((await uploadThumbnail(t, fan, event.id, await photoJpeg())).statusCode).toBe(404);
    await t.database.db.execute(sql`update projects set status = 'failed' where id = ${event.id}`);
    const closed = await uploadThumbnail(t, operator, event.id, await photoJpeg());
    expect(closed.statusCode).toBe(409);
    expect(errorCode(closed)).toBe('projects.thumbnail_closed');
  });

  it('fans join in Berry (their Orange untouched), the Event tabs list it, and a failed event gives the Berry back', async () => {
    const event = await created({ purpose: 'ongoing' });
    const fan = await berryFan(1_300);
    const orangeBefore = (await balances(fan)).orange.total;
    const joined = await participate(fan, event.id, 200);
    expect(joined.statusCode, joined.body).toBe(201);
    expect((await balances(fan)).berry.total).toBe(1_100);
    expect((await balances(fan)).orange.total).toBe(orangeBefore);
    expect((await history(fan, 'berry')).find((entry) => entry.type === 'spend')).toMatchObject({ reason: 'event_participation', amount: -200 });

    const eventTab = (await t.request({ url: '/api/projects?kind=event&limit=50' })).json() as { items: Project[] };
    expect(eventTab.items.map((item) => item.id)).toContain(event.id);
    expect(eventTab.items.every((item) => item.kind === 'event')).toBe(true);
    const projectTab = (await t.request({ url: '/api/projects?kind=project&limit=50' })).json() as { items: Project[] };
    expect(projectTab.items.map((item) => item.id)).not.toContain(event.id);
    const mine = (await t.request({ url: '/api/my/projects?tab=event', cookie: fan.cookie })).json() as { items: Project[] };
    expect(mine.items.map((item) => item.id)).toEqual([event.id]);

    // A fan with only Orange cannot join an event.
    const orangeOnly = await t.createUser();
    await creditOrange(t, orangeOnly.id, 1_000);
    expect(errorCode(await participate(orangeOnly, event.id, 100))).toBe('points.insufficient');

    const before = t.clock.now();
    t.clock.set(startOfKstDay(addDays(event.fundingEndDate, 1)));
    try {
      await t.services.participations.closeFundingDue();
    } finally {
      t.clock.set(before);
    }
    expect((await t.request({ url: `/api/projects/${event.id}` })).json()).toMatchObject({ project: { status: 'failed' } });
    expect((await balances(fan)).berry.total).toBe(1_300);
    expect((await history(fan, 'berry')).find((entry) => entry.type === 'return')).toMatchObject({ reason: 'event_not_achieved', amount: 200 });
    // Berry has no refunds, yet its returns have their tab (issue 32, item 12).
    expect((await history(fan, 'berry', 'refund_return')).map((entry) => [entry.type, entry.reason])).toEqual([['return', 'event_not_achieved']]);
  });
});

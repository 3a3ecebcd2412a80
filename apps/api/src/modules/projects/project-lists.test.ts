import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@orchard/shared';
import { createTestContext, errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { expectLedgerClean, idempotencyKey } from '../../../test/points-fixtures.ts';
import { creditOrange, eventBody, fundingProject, postEvent, requestProject, validRequestBody } from '../../../test/projects-kit.ts';

type Page = { items: Project[]; nextCursor: string | null };

describe('project lists: the public list and my page tabs', () => {
  let t: TestContext;
  let operator: TestUser;
  let creator: TestUser;
  let fan: TestUser;
  let artistA: number;
  let artistB: number;
  let first: Project;
  let second: Project;
  let otherArtist: Project;
  let event: Project;
  let requested: Project;

  const list = async (query: string, user?: TestUser) => {
    const response = await t.request({ url: `/api/projects${query}`, cookie: user?.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };
  const mine = async (user: TestUser, query: string) => {
    const response = await t.request({ url: `/api/my/projects${query}`, cookie: user.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };
  const ids = (page: Page) => page.items.map((project) => project.id);

  beforeAll(async () => {
    t = await createTestContext({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000', RATE_LIMIT_UPLOADS_PER_MINUTE: '100000' } });
    operator = await t.createUser({ roles: ['operator'] });
    creator = await t.createUser();
    fan = await t.createUser();
    artistA = await t.createArtist();
    artistB = await t.createArtist();
    first = await fundingProject(t, creator, operator, await validRequestBody(t, artistA));
    second = await fundingProject(t, creator, operator, await validRequestBody(t, artistA));
    otherArtist = await fundingProject(t, fan, operator, await validRequestBody(t, artistB));
    const madeEvent = await postEvent(t, operator, await eventBody(t, artistB));
    expect(madeEvent.statusCode, madeEvent.body).toBe(201);
    event = (madeEvent.json() as { project: Project }).project;
    // The creator joins the event in Berry, exchanged from Orange.
    await creditOrange(t, creator.id, 10);
    const exchanged = await t.request({ method: 'POST', url: '/api/points/exchange', cookie: creator.cookie, headers: { 'idempotency-key': idempotencyKey() }, payload: { orange: 10 } });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    const joined = await t.request({ method: 'POST', url: `/api/projects/${event.id}/participations`, cookie: creator.cookie, headers: { 'idempotency-key': idempotencyKey() }, payload: { amount: 100 } });
    expect(joined.statusCode, joined.body).toBe(201);
    await t.database.db.execute(sql`update projects set status = 'succeeded' where id = ${second.id}`);
    requested = await requestProject(t, creator, await validRequestBody(t, artistA));
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  it('lists created projects newest first, never a request, to anyone', async () => {
    const page = await list('');
    expect(ids(page)).toEqual([event.id, otherArtist.id, second.id, first.id]);
    expect(ids(page)).not.toContain(requested.id);
    expect(page.items[0]!.creatorEmail).toBeUndefined();
  });

  it('filters by status, artist and kind, together', async () => {
    expect(ids(await list('?status=succeeded'))).toEqual([second.id]);
    expect(ids(await list(`?artistId=${artistA}`))).toEqual([second.id, first.id]);
    expect(ids(await list('?kind=event'))).toEqual([event.id]);
    expect(ids(await list(`?kind=project&artistId=${artistB}&status=funding`))).toEqual([otherArtist.id]);
    expect((await list('?kind=event')).items[0]).toMatchObject({ kind: 'event', currency: 'berry' });
  });

  it('pages with a keyset cursor and no overlap', async () => {
    const one = await list('?limit=3');
    expect(one.items).toHaveLength(3);
    const two = await list(`?limit=3&cursor=${one.nextCursor}`);
    expect([...ids(one), ...ids(two)]).toEqual([event.id, otherArtist.id, second.id, first.id]);
    expect(two.nextCursor).toBeNull();
  });

  it('refuses bad filters with a clear error', async () => {
    for (const query of ['?status=requested', '?status=%00', '?kind=film', '?artistId=0', '?artistId=abc', '?limit=51', '?cursor=not-a-cursor', `?cursor=${'x'.repeat(101)}`, '?other=1']) {
      const response = await t.request({ url: `/api/projects${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(['validation.invalid', 'projects.cursor_invalid'], query).toContain(errorCode(response));
    }
  });

  it('shows who joined and how much the viewer put in', async () => {
    const forCreator = (await list(`?artistId=${artistA}&status=funding`, creator)).items[0]!;
    expect(forCreator).toMatchObject({ id: first.id, participantCount: 1, viewerContribution: first.deposit, perUserLimit: Math.floor(first.goal / 2) });
    const forFan = (await list(`?artistId=${artistA}&status=funding`, fan)).items[0]!;
    expect(forFan.viewerContribution).toBe(0);
    const signedOut = (await list(`?artistId=${artistA}&status=funding`)).items[0]!;
    expect(signedOut.viewerContribution).toBe(0);
    // 00:00 KST of the day after the funding end date (docs/product.md#funding-close).
    expect(signedOut.closesAt).toBe(new Date(Date.parse(`${first.fundingEndDate}T00:00:00+09:00`) + 86_400_000).toISOString());
  });

  it('my page: All is created or joined, Participate is joined, Open is created, Event is events joined, Request is before creation', async () => {
    expect(ids(await mine(creator, '?tab=all'))).toEqual([requested.id, event.id, second.id, first.id]);
    expect(ids(await mine(creator, '?tab=participate'))).toEqual([event.id, second.id, first.id]);
    expect(ids(await mine(creator, '?tab=open'))).toEqual([second.id, first.id]);
    expect(ids(await mine(creator, '?tab=event'))).toEqual([event.id]);
    expect(ids(await mine(creator, '?tab=request'))).toEqual([requested.id]);
    expect(ids(await mine(fan, '?tab=participate'))).toEqual([otherArtist.id]);
    expect(ids(await mine(fan, `?tab=participate&artistId=${artistA}`))).toEqual([]);
  });
});

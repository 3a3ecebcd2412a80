import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@orchard/shared';
import { addDays } from '@orchard/shared/project-rules';
import { errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { idempotencyKey } from '../../../test/points-fixtures.ts';
import { closeWithCleanLedger, creditOrange, fundingProject, projectsTestContext, todayOf, validRequestBody } from '../../../test/projects-kit.ts';

type Page = { items: Project[]; nextCursor: string | null };
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * The public list's orders, following filter and search (docs/product.md#discovery): each order
 * with its ties, paged by its own keyset; every new parameter refused when wrong.
 */
describe('GET /api/projects: sort, following and q', () => {
  let t: TestContext;
  let operator: TestUser;
  let fan: TestUser;
  let followedArtist: number;
  let otherArtist: number;
  // Five funding projects of the followed artist (p1 oldest) and one of another; one ended.
  let p: Project[];
  let other: Project;
  let ended: Project;

  const page = async (query: string, user?: TestUser) => {
    const response = await t.request({ url: `/api/projects?${query}`, cookie: user?.cookie });
    expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
    return response.json() as Page;
  };
  /** Every page of a list, `limit` at a time, through its cursors. */
  const walk = async (query: string, limit: number, user?: TestUser) => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const next: Page = await page(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, user);
      expect(next.items.length).toBeLessThanOrEqual(limit);
      seen.push(...next.items.map((project) => project.id));
      cursor = next.nextCursor;
    } while (cursor !== null);
    return seen;
  };
  const ids = (list: Page) => list.items.map((project) => project.id);
  const participate = async (projectId: number, amount: number) => {
    const backer = await t.createUser();
    await creditOrange(t, backer.id, amount);
    const response = await t.request({ method: 'POST', url: `/api/projects/${projectId}/participations`, cookie: backer.cookie, headers: { 'idempotency-key': idempotencyKey() }, payload: { amount } });
    expect(response.statusCode, response.body).toBe(201);
  };

  beforeAll(async () => {
    ({ t, operator, artistId: followedArtist } = await projectsTestContext());
    otherArtist = await t.createArtist();
    fan = await t.createUser();
    const followed = await t.request({ method: 'PUT', url: `/api/users/following-artists/${followedArtist}`, cookie: fan.cookie, payload: {} });
    expect(followed.statusCode, followed.body).toBe(200);
    const creator = await t.createUser();
    // Funding ends 40 days before the ad: an ad 41–44 days away closes in 1–4 days.
    const made = async (artistId: number, adInDays: number, title: string) =>
      fundingProject(t, creator, operator, { ...(await validRequestBody(t, artistId)), purpose: 'ongoing', adStartDate: addDays(todayOf(t), adInDays) }, { title });
    p = [
      await made(followedArtist, 43, 'Spring screen'),
      await made(followedArtist, 42, 'Summer screen'),
      await made(followedArtist, 42, 'Autumn screen'),
      await made(followedArtist, 41, 'Winter screen'),
      await made(followedArtist, 44, 'Rain screen'),
    ];
    other = await made(otherArtist, 41, 'Snow screen');
    ended = await made(followedArtist, 41, 'Old screen');
    await t.database.db.execute(sql`update projects set status = 'succeeded' where id = ${ended.id}`);
    // Raised (beyond the equal deposits): p3 +300; p1 and p2 +100 each (a tie); p4 +20 from two backers; p5 and other nothing.
    await participate(p[2]!.id, 300);
    await participate(p[0]!.id, 100);
    await participate(p[1]!.id, 100);
    await participate(p[3]!.id, 10);
    await participate(p[3]!.id, 10);
  });
  afterAll(() => closeWithCleanLedger(t));

  it('orders by raised, most first, ties newest first, and pages through the ties', async () => {
    const [p1, p2, p3, p4, p5] = p.map((project) => project.id);
    const expected = [p3, p2, p1, p4, other.id, p5];
    expect(ids(await page('status=funding&sort=raised'))).toEqual(expected);
    const raised = (await page('status=funding&sort=raised')).items.map((project) => project.raised);
    expect(raised).toEqual([...raised].sort((a, b) => b - a));
    for (const limit of [1, 2, 4]) expect(await walk('status=funding&sort=raised', limit)).toEqual(expected);
  });

  it('orders by backers, most first, ties newest first', async () => {
    const [p1, p2, p3, p4, p5] = p.map((project) => project.id);
    const expected = [p4, p3, p2, p1, other.id, p5];
    expect(ids(await page('status=funding&sort=backers'))).toEqual(expected);
    for (const limit of [1, 3]) expect(await walk('status=funding&sort=backers', limit)).toEqual(expected);
  });

  it('orders by deadline, closing soonest, ties oldest first, funding projects only', async () => {
    const [p1, p2, p3, p4, p5] = p.map((project) => project.id);
    const expected = [p4, other.id, p2, p3, p1, p5];
    expect(ids(await page('sort=deadline'))).toEqual(expected);
    expect(ids(await page('status=funding&sort=deadline'))).toEqual(expected);
    for (const limit of [1, 2, 5]) expect(await walk('sort=deadline', limit)).toEqual(expected);
    const ends = (await page('sort=deadline')).items.map((project) => project.fundingEndDate);
    expect(ends).toEqual([...ends].sort());
  });

  it('orders newest first by default and with sort=latest, ended projects included', async () => {
    const expected = [ended.id, other.id, ...p.map((project) => project.id).reverse()];
    expect(ids(await page(''))).toEqual(expected);
    expect(await walk('sort=latest', 3)).toEqual(expected);
    expect(ids(await page('sort=raised&status=succeeded'))).toEqual([ended.id]);
    expect(ids(await page(`sort=raised&artistId=${otherArtist}`))).toEqual([other.id]);
  });

  it("following: the signed-in fan's followed artists only, with any order and filter; signed out, 401", async () => {
    const [p1, p2, p3, p4, p5] = p.map((project) => project.id);
    expect(await walk('following=true&status=funding&sort=deadline', 2, fan)).toEqual([p4, p2, p3, p1, p5]);
    expect(ids(await page('following=true', fan))).toEqual([ended.id, p5, p4, p3, p2, p1]);
    expect(ids(await page('following=true&sort=raised&status=funding', fan))).toEqual([p3, p2, p1, p4, p5]);
    expect(ids(await page(`following=true&artistId=${otherArtist}`, fan))).toEqual([]);
    expect(ids(await page('following=false', fan))).toHaveLength(7);
    for (const query of ['following=true', 'following=true&status=funding&sort=deadline']) {
      const response = await t.request({ url: `/api/projects?${query}` });
      expect([response.statusCode, errorCode(response)], query).toEqual([401, 'auth.unauthenticated']);
    }
  });

  it('q: a title or an artist name, with the order and filters asked for', async () => {
    expect(ids(await page('q=screen&status=funding&sort=deadline'))).toEqual(ids(await page('status=funding&sort=deadline')));
    expect(ids(await page(`q=${encodeURIComponent('SUMMER')}`))).toEqual([p[1]!.id]);
    expect(ids(await page(`q=${encodeURIComponent('ｓｎｏｗ ｓｃｒｅｅｎ')}`))).toEqual([other.id]);
    expect(ids(await page('q=screen&sort=raised&status=funding&limit=2'))).toEqual([p[2]!.id, p[1]!.id]);
    expect((await page('q=nothing%20like%20this')).items).toEqual([]);
  });

  it('refuses wrong, oversized and hostile values of the new parameters with a 400 naming them', async () => {
    const latest = (await page('limit=1')).nextCursor!;
    const raised = (await page('status=funding&sort=raised&limit=1')).nextCursor!;
    const refused: [string, string][] = [
      ['sort=foo', 'validation.invalid'],
      ['sort=', 'validation.invalid'],
      ['sort=RAISED', 'validation.invalid'],
      ['sort=raised&sort=latest', 'validation.invalid'],
      ['sort=deadline&status=awarded', 'validation.invalid'],
      ['following=yes', 'validation.invalid'],
      ['following=TRUE', 'validation.invalid'],
      ['following=1', 'validation.invalid'],
      ['following=', 'validation.invalid'],
      ['q=', 'validation.invalid'],
      ['q=%20%20', 'validation.invalid'],
      [`q=${'x'.repeat(101)}`, 'validation.invalid'],
      ['q=a%00b', 'validation.invalid'],
      ['q=%0Ascreen', 'validation.invalid'],
      ['q=a%1Bb', 'validation.invalid'],
      ['limit=0', 'validation.invalid'],
      ['limit=51', 'validation.invalid'],
      ['limit=-1', 'validation.invalid'],
      // A cursor from another order, and tampered ones.
      [`sort=raised&cursor=${latest}`, 'projects.cursor_invalid'],
      [`sort=deadline&cursor=${raised}`, 'projects.cursor_invalid'],
      [`cursor=${raised}`, 'projects.cursor_invalid'],
      [`cursor=${cursorOf({ id: 5 })}`, 'projects.cursor_invalid'],
      [`sort=latest&cursor=${cursorOf({ sort: 'latest', id: '5' })}`, 'projects.cursor_invalid'],
      [`sort=latest&cursor=${cursorOf({ sort: 'latest', id: 2 ** 31 })}`, 'projects.cursor_invalid'],
      [`sort=raised&cursor=${cursorOf({ sort: 'raised', raised: -1, id: 1 })}`, 'projects.cursor_invalid'],
      [`sort=raised&cursor=${cursorOf({ sort: 'raised', raised: 2 ** 53, id: 1 })}`, 'projects.cursor_invalid'],
      [`sort=backers&cursor=${cursorOf({ sort: 'backers', backers: 1.5, id: 1 })}`, 'projects.cursor_invalid'],
      [`sort=deadline&cursor=${cursorOf({ sort: 'deadline', end: '2026-02-30', id: 1 })}`, 'projects.cursor_invalid'],
      [`sort=deadline&cursor=${cursorOf({ sort: 'deadline', end: '0000-01-01', id: 1 })}`, 'projects.cursor_invalid'],
      [`sort=deadline&cursor=${cursorOf({ sort: 'deadline', end: "2026-01-01' or 1=1 --", id: 1 })}`, 'projects.cursor_invalid'],
      [`sort=deadline&cursor=${cursorOf({ sort: 'deadline', id: 1 })}`, 'projects.cursor_invalid'],
      [`sort=raised&cursor=${cursorOf({ sort: 'raised', __proto__: { raised: 1 }, id: 1 })}`, 'projects.cursor_invalid'],
      [`cursor=${cursorOf(['latest', 1])}`, 'projects.cursor_invalid'],
      ['cursor=%00', 'validation.invalid'],
      [`cursor=${'A'.repeat(101)}`, 'validation.invalid'],
    ];
    for (const [query, code] of refused) {
      const response = await t.request({ url: `/api/projects?${query}` });
      expect([response.statusCode, errorCode(response)], query).toEqual([400, code]);
    }
    // following=true signed in with a hostile companion is refused the same way.
    const response = await t.request({ url: '/api/projects?following=true&sort=foo', cookie: fan.cookie });
    expect([response.statusCode, errorCode(response)]).toEqual([400, 'validation.invalid']);
  });
});

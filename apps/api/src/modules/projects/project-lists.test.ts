import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistSearchKey, type Project } from '@orchard/shared';
import { addDays, startOfKstDay } from '@orchard/shared/project-rules';
import { artists } from '../artists/artists.table.ts';
import { hideProject } from '../../../test/community-kit.ts';
import { createTestContext, errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { expectLedgerClean, idempotencyKey } from '../../../test/points-fixtures.ts';
import { approve, creditOrange, decide, eventBody, fundingProject, postEvent, projectsTestContext, requestProject, validRequestBody } from '../../../test/projects-kit.ts';

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

  it('gives each viewer their own figures, like and private fields when their requests for one list arrive together and share its read (decision 112)', async () => {
    const liked = await t.request({ method: 'PUT', url: `/api/projects/${first.id}/like`, cookie: fan.cookie });
    expect(liked.statusCode, liked.body).toBeLessThan(300);
    const viewers = [creator, fan, undefined, operator, creator, fan, undefined];
    const rowsOf = async (url: string) =>
      (await Promise.all(viewers.map((viewer) => list(url, viewer)))).map((page) => page.items.find((project) => project.id === first.id)!);
    for (const url of [`?artistId=${artistA}&status=funding`, '?sort=deadline']) {
      const rows = await rowsOf(url);
      expect(rows.map((row) => row.viewerContribution), url).toEqual([first.deposit, 0, 0, 0, first.deposit, 0, 0]);
      expect(rows.map((row) => row.viewerLiked), url).toEqual([false, true, false, false, false, true, false]);
      expect(rows.map((row) => row.likeCount), url).toEqual(viewers.map(() => 1));
      expect(rows.map((row) => row.creatorEmail !== undefined), url).toEqual([true, false, false, true, true, false, false]);
    }
    const searched = await Promise.all(
      viewers.map(async (viewer) => (await t.request({ url: `/api/search?q=${encodeURIComponent(first.title!)}`, cookie: viewer?.cookie })).json() as { projects: Project[] }),
    );
    expect(searched.map((answer) => answer.projects.find((project) => project.id === first.id)?.viewerLiked)).toEqual([false, true, false, false, false, true, false]);
    expect((await t.request({ method: 'DELETE', url: `/api/projects/${first.id}/like`, cookie: fan.cookie })).statusCode).toBeLessThan(300);
    // A signed-out answer is sent as the text its shared round serialized, with the route's type.
    const signedOut = await t.request({ url: `/api/projects?artistId=${artistA}&status=funding` });
    expect(signedOut.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(signedOut.json<Page>().items.find((project) => project.id === first.id)).toMatchObject({ likeCount: 0, viewerLiked: false, viewerContribution: 0 });
    expect(signedOut.json<Page>().items[0]!.creatorEmail).toBeUndefined();
    // A read that starts after the like was taken back shows it gone: nothing is kept between reads.
    expect((await list(`?artistId=${artistA}&status=funding`, fan)).items.find((project) => project.id === first.id)).toMatchObject({ likeCount: 0, viewerLiked: false });
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

describe('what no public list or search shows (docs/quality.md#s1, docs/product.md#discovery)', () => {
  let t: TestContext;
  let operator: TestUser;
  let fan: TestUser;
  let artistId: number;
  let visible: Project;
  let hidden: Project;
  let never: { label: string; id: number }[];

  const idsOf = async (url: string, user?: TestUser) => {
    const response = await t.request({ url, cookie: user?.cookie });
    expect(response.statusCode, `${url} ${response.body}`).toBe(200);
    const body = response.json() as Page | { projects: Project[] };
    return ('items' in body ? body.items : body.projects).map((project) => project.id);
  };
  // Every order, filter and search that could reach these projects, the following filter for the signed-in.
  const urls = (signedIn: boolean) => [
    '/api/projects',
    '/api/projects?sort=deadline',
    '/api/projects?sort=raised',
    '/api/projects?sort=backers',
    '/api/projects?status=funding',
    '/api/projects?status=funding&sort=raised',
    '/api/projects?status=funding&sort=backers',
    '/api/projects?status=funding&sort=deadline',
    `/api/projects?artistId=${artistId}`,
    `/api/projects?artistId=${artistId}&sort=raised`,
    `/api/projects?artistId=${artistId}&status=funding`,
    '/api/projects?q=orchard',
    '/api/projects?q=orchard&status=funding&sort=deadline',
    '/api/search?q=orchard',
    // Shorter than a trigram: found through the artist's name.
    `/api/search?q=${encodeURIComponent('과수')}`,
    `/api/projects?q=${encodeURIComponent('과수')}`,
    ...(signedIn ? ['/api/projects?following=true', '/api/projects?following=true&status=funding&sort=deadline'] : []),
  ];

  beforeAll(async () => {
    ({ t, operator, artistId } = await projectsTestContext({ longSessions: true }));
    const names = { ko: '과수원', en: 'Orchard Band', zh: '果园', ja: 'オーチャード', es: 'Banda Huerto' };
    await t.database.db.update(artists).set({ names, searchText: artistSearchKey(Object.values(names)) }).where(eq(artists.id, artistId));
    fan = await t.createUser();
    for (const user of [fan, operator]) {
      const followed = await t.request({ method: 'PUT', url: `/api/users/following-artists/${artistId}`, cookie: user.cookie, payload: {} });
      expect(followed.statusCode, followed.body).toBe(200);
    }
    const creator = await t.createUser();
    const made = async (title: string) => fundingProject(t, creator, operator, { ...(await validRequestBody(t, artistId)), purpose: 'ongoing' }, { title });
    visible = await made('Orchard visible ad');
    hidden = await made('Orchard hidden ad');
    await hideProject(t, fan, operator, hidden.id);
    // Cancelled after creation as an operator does it: a succeeded project, a month before its ad.
    const cancelledAfterCreation = await made('Orchard cancelled ad');
    await t.database.db.execute(sql`update projects set status = 'succeeded' where id = ${cancelledAfterCreation.id}`);
    t.clock.set(startOfKstDay(addDays(cancelledAfterCreation.adStartDate, -31)));
    const cancelled = await t.request({ method: 'POST', url: `/api/operator/projects/${cancelledAfterCreation.id}/cancellation`, cookie: operator.cookie, payload: { reason: 'The screen is under repair.' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const requested = await requestProject(t, creator, await validRequestBody(t, artistId));
    const approved = await approve(t, operator, (await requestProject(t, creator, await validRequestBody(t, artistId))).id);
    const rejected = await requestProject(t, creator, await validRequestBody(t, artistId));
    expect((await decide(t, operator, rejected.id, { decision: 'reject', reason: 'No screen free.' })).statusCode).toBe(200);
    const lapsed = await approve(t, operator, (await requestProject(t, creator, await validRequestBody(t, artistId))).id);
    await t.database.db.execute(sql`update projects set status = 'cancelled', cancelled_at = now() where id = ${lapsed.id}`);
    const allIds = [hidden.id, cancelledAfterCreation.id, requested.id, approved.id, rejected.id, lapsed.id];
    // Whatever key they carry, they must stay out of search.
    await t.database.db.execute(sql`update projects set search_text = 'orchard ad' where id = any(${sql.param(allIds)}::int[]) and search_text is null`);
    never = [
      { label: 'cancelled after creation', id: cancelledAfterCreation.id },
      { label: 'requested', id: requested.id },
      { label: 'approved, not created', id: approved.id },
      { label: 'rejected', id: rejected.id },
      { label: 'cancelled before creation', id: lapsed.id },
    ];
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  it('lists the visible project everywhere, and never a request, an approved, rejected or cancelled one', async () => {
    for (const [user, signedIn] of [[undefined, false], [fan, true], [operator, true]] as const) {
      for (const url of urls(signedIn)) {
        const ids = await idsOf(url, user);
        expect(ids, url).toContain(visible.id);
        for (const { label, id } of never) expect(ids, `${url}: ${label}`).not.toContain(id);
      }
    }
  });

  it('shows a hidden project to operators only', async () => {
    for (const [user, signedIn] of [[undefined, false], [fan, true]] as const) {
      for (const url of urls(signedIn)) expect(await idsOf(url, user), url).not.toContain(hidden.id);
    }
    for (const url of urls(true)) expect(await idsOf(url, operator), url).toContain(hidden.id);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistRankingsResponseSchema, type ArtistRankings, type Project } from '@orchard/shared';
import { addDays, startOfKstDay } from '@orchard/shared/project-rules';
import { errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { idempotencyKey } from '../../../test/points-fixtures.ts';
import { closeWithCleanLedger, creditOrange, eventBody, fundingProject, postEvent, projectsTestContext, validRequestBody } from '../../../test/projects-kit.ts';

describe('artist rankings (docs/product.md#discovery)', () => {
  let t: TestContext;
  let operator: TestUser;

  const rankings = async (query: string): Promise<ArtistRankings> => {
    const response = await t.request({ url: `/api/rankings/artists?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return artistRankingsResponseSchema.parse(response.json());
  };
  const fan = async (orange: number) => {
    const user = await t.createUser();
    await creditOrange(t, user.id, orange);
    return user;
  };
  const participate = async (user: TestUser, projectId: number, amount: number) => {
    const response = await t.request({ method: 'POST', url: `/api/projects/${projectId}/participations`, cookie: user.cookie, headers: { 'idempotency-key': idempotencyKey() }, payload: { amount } });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { participation: { amount: number } }).participation.amount;
  };
  /** A fan holding `berry` Berry or a little more, exchanged from Orange as fans get it. */
  const berryFan = async (berry: number) => {
    const orange = Math.ceil(berry / 13);
    const user = await fan(orange);
    const exchanged = await t.request({ method: 'POST', url: '/api/points/exchange', cookie: user.cookie, headers: { 'idempotency-key': idempotencyKey() }, payload: { orange } });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    return user;
  };
  const open = async (artistId: number, overrides: Record<string, unknown> = {}) => {
    const creator = await t.createUser();
    return fundingProject(t, creator, operator, { ...(await validRequestBody(t, artistId)), ...overrides });
  };
  /** A month's figures written straight into the rollup, for the reading side alone; `clear` takes them out again. */
  const seedFigures = async (month: string, rows: [artistId: number, orange: number, backers: number][]) => {
    for (const [artistId, orange, backers] of rows) {
      await t.database.db.execute(sql`insert into artist_month_figures (month, artist_id, orange, backers) values (${`${month}-01`}::date, ${artistId}, ${orange}, ${backers})`);
    }
  };
  const clear = (months: string[]) => t.database.db.execute(sql`delete from artist_month_figures where month = any(${`{${months.map((month) => `${month}-01`).join(',')}}`}::date[])`);

  beforeAll(async () => {
    ({ t, operator } = await projectsTestContext({ longSessions: true }));
  });
  afterAll(() => closeWithCleanLedger(t));

  it('refuses a missing or unknown measure, a period that is not a month as YYYY-MM, hostile and oversized input, and unknown parameters', async () => {
    const bad = [
      '',
      'period=2026-11',
      'by=other',
      'by=ORANGE',
      'by=orange&by=backers',
      'by=orange&period=2026-13',
      'by=orange&period=2026-00',
      'by=orange&period=2026-1',
      'by=orange&period=202611',
      'by=orange&period=9999-99',
      'by=orange&period=1969-12',
      'by=orange&period=2026-11-01',
      'by=orange&period=%202026-11',
      'by=orange&period=2026-11%00',
      "by=orange&period=2026-11'%20or%201=1--",
      'by=orange&period=%3Cscript%3E',
      'by=orange&period=',
      `by=orange&period=${'9'.repeat(5_000)}`,
      `by=${'o'.repeat(5_000)}`,
      'by=orange&limit=10',
      'by=orange&lang=ko',
      'by[]=orange',
    ];
    for (const query of bad) {
      const response = await t.request({ url: `/api/rankings/artists?${query}` });
      expect([response.statusCode, errorCode(response)], query.slice(0, 60)).toEqual([400, 'validation.invalid']);
    }
  });

  it('ranks artists by the chosen measure, ties by the other then by artist id, with last month\'s rank by the same measure or null', async () => {
    const [a, b, c, d] = [await t.createArtist(), await t.createArtist(), await t.createArtist(), await t.createArtist()];
    // A month far from the others' participations, so it holds these artists only.
    await seedFigures('2031-03', [
      [a, 500, 2],
      [b, 500, 4],
      [c, 900, 1],
      [d, 100, 4],
    ]);
    await seedFigures('2031-02', [
      [d, 50, 1],
      [c, 10, 9],
    ]);
    try {
      expect(await rankings('by=orange&period=2031-03')).toEqual({
        period: '2031-03',
        items: [
          { artistId: c, rank: 1, previousRank: 2, orange: 900, backers: 1 },
          { artistId: b, rank: 2, previousRank: null, orange: 500, backers: 4 },
          { artistId: a, rank: 3, previousRank: null, orange: 500, backers: 2 },
          { artistId: d, rank: 4, previousRank: 1, orange: 100, backers: 4 },
        ],
      });
      // d and b tie on backers: b has more Orange. Last month by backers: c 9, d 1.
      expect((await rankings('by=backers&period=2031-03')).items.map((item) => [item.artistId, item.rank, item.previousRank])).toEqual([
        [b, 1, null],
        [d, 2, 2],
        [a, 3, null],
        [c, 4, 1],
      ]);
      // Equal on both measures: the lower artist id first. A month across the new year looks back to December.
      await seedFigures('2032-01', [
        [d, 70, 3],
        [a, 70, 3],
      ]);
      await seedFigures('2031-12', [[d, 1, 1]]);
      expect((await rankings('by=orange&period=2032-01')).items.map((item) => [item.artistId, item.rank, item.previousRank])).toEqual([
        [Math.min(a, d), 1, Math.min(a, d) === d ? 1 : null],
        [Math.max(a, d), 2, Math.max(a, d) === d ? 1 : null],
      ]);
      expect(await rankings('by=backers&period=2031-04')).toEqual({ period: '2031-04', items: [] });
    } finally {
      await clear(['2031-02', '2031-03', '2031-12', '2032-01']);
    }
  });

  it('is the current KST month by default, from 00:00 KST on its first day (15:00 UTC the day before)', async () => {
    t.clock.set(new Date('2026-11-30T14:59:59.999Z'));
    expect((await rankings('by=orange')).period).toBe('2026-11');
    t.clock.set(new Date('2026-11-30T15:00:00.000Z'));
    expect((await rankings('by=backers')).period).toBe('2026-12');
  });

  it('counts Orange participations (the deposit too) by the KST month they were made in, a fan once per artist and month, and an event at its Berry ÷ 13', async () => {
    t.clock.set(new Date('2027-06-30T14:00:00Z'));
    const [x, y] = [await t.createArtist(), await t.createArtist()];
    const px = await open(x, { purpose: 'ongoing' });
    const py = await open(y, { purpose: 'ongoing' });
    const [one, two] = [await fan(10_000), await fan(10_000)];
    await participate(one, px.id, 30);
    await participate(one, px.id, 20);
    await participate(two, px.id, 10);
    await participate(one, py.id, 40);
    // An event (Berry) of artist y: an operator's, with a Berry fan; its 500 Berry count as 38 Orange.
    const event = await postEvent(t, operator, await eventBody(t, y));
    expect(event.statusCode, event.body).toBe(201);
    const eventProject = (event.json() as { project: Project }).project;
    const berryFan = await fan(100);
    const exchanged = await t.request({ method: 'POST', url: '/api/points/exchange', cookie: berryFan.cookie, headers: { 'idempotency-key': idempotencyKey() }, payload: { orange: 100 } });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    await participate(berryFan, eventProject.id, 500);

    expect((await rankings('by=orange&period=2027-06')).items).toEqual([
      { artistId: x, rank: 1, previousRank: null, orange: px.deposit! + 60, backers: 3 },
      { artistId: y, rank: 2, previousRank: null, orange: py.deposit! + 40 + 38, backers: 3 },
    ].sort((first, second) => second.orange - first.orange || second.backers - first.backers || first.artistId - second.artistId).map((item, index) => ({ ...item, rank: index + 1 })));

    // 00:00 KST on 1 July: a new month, where y leads by Orange and x by backers.
    t.clock.set(new Date('2027-06-30T15:00:00Z'));
    await participate(one, py.id, 50);
    await participate(one, px.id, 10);
    await participate(two, px.id, 10);
    const july = await rankings('by=backers');
    expect(july.period).toBe('2027-07');
    expect(july.items.map(({ artistId, rank, orange, backers }) => ({ artistId, rank, orange, backers }))).toEqual([
      { artistId: x, rank: 1, orange: 20, backers: 2 },
      { artistId: y, rank: 2, orange: 50, backers: 1 },
    ]);
    expect((await rankings('by=orange')).items.map((item) => item.artistId)).toEqual([y, x]);
    expect(july.items.every((item) => item.previousRank !== null)).toBe(true);
  });

  it('counts a month of event Berry at its total ÷ 13 rounded down, not each participation’s, and takes a failed event out again', async () => {
    t.clock.set(new Date('2028-03-10T03:00:00Z'));
    const artist = await t.createArtist();
    const made = await postEvent(t, operator, await eventBody(t, artist, { purpose: 'ongoing' }));
    expect(made.statusCode, made.body).toBe(201);
    const event = (made.json() as { project: Project }).project;
    const fans = [await berryFan(26), await berryFan(13), await berryFan(13)];
    // Three participations of 10 Berry: each under 13, together 30, worth 2 Orange (a sum of per-participation floors would be 0).
    for (const one of fans) await participate(one, event.id, 10);
    const figures = async () => (await rankings('by=orange&period=2028-03')).items.find((item) => item.artistId === artist);
    expect(await figures()).toMatchObject({ orange: 2, backers: 3 });
    // A fourth 10 Berry: 40 in all, still 3 Orange (40 ÷ 13 = 3.08).
    await participate(fans[0]!, event.id, 10);
    expect(await figures()).toMatchObject({ orange: 3, backers: 3 });

    t.clock.set(startOfKstDay(addDays(event.fundingEndDate, 1)));
    await t.services.participations.closeFundingDue();
    expect(((await t.request({ url: `/api/projects/${event.id}` })).json() as { project: Project }).project.status).toBe('failed');
    expect(await figures()).toBeUndefined();
    expect((await t.database.db.execute(sql`select 1 from artist_month_backers where artist_id = ${artist}`)).rows).toEqual([]);
  });

  it('ranks the Top 10 by Orange value: an event by its Berry ÷ 13, rounded down, among the projects', async () => {
    t.clock.set(new Date('2028-05-10T03:00:00Z'));
    const artist = await t.createArtist();
    const project = await open(artist, { purpose: 'ongoing' });
    const made = await postEvent(t, operator, await eventBody(t, artist, { purpose: 'ongoing' }));
    const event = (made.json() as { project: Project }).project;
    // The event's Berry a little under, then a little over, 13 × the project's Orange.
    const gap = project.deposit! * 13;
    const backer = await berryFan(gap + 20);
    await participate(backer, event.id, Math.floor((gap - 1) / 10) * 10);
    const top = async () => {
      const response = await t.request({ url: '/api/projects?status=funding&sort=orange_value&limit=50' });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { items: Project[] }).items.map((item) => item.id).filter((id) => id === project.id || id === event.id);
    };
    expect(await top()).toEqual([project.id, event.id]);
    await participate(backer, event.id, 20);
    expect(await top()).toEqual([event.id, project.id]);
    // Orange value orders funding projects only.
    expect(errorCode(await t.request({ url: '/api/projects?sort=orange_value' }))).toBe('validation.invalid');
  });

  it('takes a failed project out of every month it was funded in, and a cancelled one; its backers stop counting where that was all they gave', async () => {
    t.clock.set(new Date('2027-09-29T03:00:00Z'));
    const artist = await t.createArtist();
    // Both funding through 2 October, so they take participations in September and in October.
    const adStartDate = addDays('2027-09-29', 43);
    const failing = await open(artist, { purpose: 'ongoing', adStartDate });
    const succeeding = await open(artist, { purpose: 'limited', adStartDate });
    const [one, two, three] = [await fan(succeeding.goal), await fan(succeeding.goal), await fan(succeeding.goal)];
    const largest = Math.floor(Math.floor(succeeding.goal / 2) / succeeding.minimumUnit!) * succeeding.minimumUnit!;
    await participate(one, failing.id, 20);
    await participate(two, failing.id, 30);
    await participate(two, succeeding.id, 10);
    const threeGave = await participate(three, succeeding.id, largest);
    // 00:00 KST on 1 October.
    t.clock.set(new Date('2027-09-30T15:00:00Z'));
    await participate(one, failing.id, 40);
    const oneGave = await participate(one, succeeding.id, largest);
    expect(succeeding.deposit! + 10 + threeGave + oneGave).toBe(succeeding.goal);

    const figures = async (month: string) => (await rankings(`by=orange&period=${month}`)).items.find((item) => item.artistId === artist);
    // Fan two backed both projects in September and counts once.
    expect(await figures('2027-09')).toMatchObject({ orange: failing.deposit! + 50 + succeeding.deposit! + 10 + threeGave, backers: 5 });
    expect(await figures('2027-10')).toMatchObject({ orange: 40 + oneGave, backers: 1 });

    t.clock.set(startOfKstDay(addDays(failing.fundingEndDate, 1)));
    await t.services.participations.closeFundingDue();
    expect(((await t.request({ url: `/api/projects/${failing.id}` })).json() as { project: Project }).project.status).toBe('failed');
    // Fan two still backs the limited project in September, and fan one in October.
    expect(await figures('2027-09')).toMatchObject({ orange: succeeding.deposit! + 10 + threeGave, backers: 3 });
    expect(await figures('2027-10')).toMatchObject({ orange: oneGave, backers: 1 });

    const cancelled = await t.request({ method: 'POST', url: `/api/operator/projects/${succeeding.id}/cancellation`, cookie: operator.cookie, payload: { reason: 'The screen is under repair.' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await figures('2027-09')).toBeUndefined();
    expect(await figures('2027-10')).toBeUndefined();
    const left = await t.database.db.execute(sql`select 1 from artist_month_backers where artist_id = ${artist}`);
    expect(left.rows).toEqual([]);
  });

  it('the reconciliation flags a backer or a month whose figures drift from the participations', async () => {
    t.clock.set(new Date('2027-12-10T03:00:00Z'));
    const artist = await t.createArtist();
    const project = await open(artist, { purpose: 'ongoing' });
    const user = await fan(1_000);
    await participate(user, project.id, 30);
    const backer = sql`artist_id = ${artist} and user_id = ${user.id}`;
    await t.database.db.execute(sql`update artist_month_backers set orange = orange + 1 where ${backer}`);
    await t.database.db.execute(sql`update artist_month_figures set backers = backers + 1 where artist_id = ${artist}`);
    const { violations } = await t.services.points.reconcile();
    expect(violations.filter((violation) => violation.invariant.includes('KST month')).map((violation) => violation.subject)).toEqual([
      `2027-12-01 ${artist} ${user.id}`,
      `2027-12-01 ${artist}`,
    ]);
    await t.database.db.execute(sql`update artist_month_backers set orange = orange - 1 where ${backer}`);
    await t.database.db.execute(sql`update artist_month_figures set backers = backers - 1 where artist_id = ${artist}`);
    expect((await t.services.points.reconcile()).violations).toEqual([]);
  });

  it('is public: anyone may read it, signed in or not', async () => {
    const member = await t.createUser();
    const response = await t.request({ url: '/api/rankings/artists?by=orange&period=2027-06', cookie: member.cookie });
    expect(response.statusCode).toBe(200);
  });
});

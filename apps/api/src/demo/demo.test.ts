import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Film, Post, Project, ProjectProof } from '@orchard/shared';
import { kstDateOf } from '@orchard/shared/project-rules';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { expectLedgerClean } from '../../test/points-fixtures.ts';
import { closeWithCleanLedger } from '../../test/projects-kit.ts';
import { demoFans, demoFanSubject } from './demo-plan.ts';
import { seedSampleDataIfEmpty, type SeedOutcome } from './seed.ts';

/** The demo a first start loads (docs/product.md#discovery): every public status, reconciled, loaded once. */

let t: TestContext;
let outcome: SeedOutcome;
let interrupted: unknown;
let afterInterruption: { artists: number; users: number; projects: number };

const count = async (table: string) => Number((await t.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!.n);

/** Everything the demo wrote that a second start could add to or change. */
async function snapshot() {
  const { rows } = await t.database.db.execute<{ id: number; status: string; raised: number }>(sql`select id, status, raised from projects order by id`);
  return {
    projects: rows,
    users: await count('users'),
    transactions: await count('point_transactions'),
    participations: await count('project_participations'),
    comments: await count('comments'),
    likes: await count('likes'),
    payments: await count('payments'),
    artists: await count('artists'),
    films: await count('films'),
    posts: await count('posts'),
  };
}

beforeAll(async () => {
  t = await createTestContext();
  // A process stopped halfway (here: the first thumbnail cannot be stored) leaves nothing behind.
  const failing = { ...t.files, save: async (folder: string, extension: string, bytes: Buffer) => {
    if (folder === 'project-thumbnails') throw new Error('stopped mid-seed');
    return t.files.save(folder, extension, bytes);
  } };
  interrupted = await seedSampleDataIfEmpty({ db: t.database.db, files: failing, clock: t.clock, config: t.config }).catch((error: unknown) => error);
  afterInterruption = { artists: await count('artists'), users: await count('users'), projects: await count('projects') };
  outcome = await seedSampleDataIfEmpty({ db: t.database.db, files: t.files, clock: t.clock, config: t.config });
}, 180_000);

afterAll(() => closeWithCleanLedger(t));

describe('the demo on a first start', () => {
  it('is all or nothing: an interrupted seed leaves the database empty, and the next start loads it', () => {
    expect(interrupted).toBeInstanceOf(Error);
    expect(afterInterruption).toEqual({ artists: 0, users: 0, projects: 0 });
    expect(outcome.loaded).toBe(true);
    expect(outcome.demo).not.toBeNull();
  });

  it('has at least 25 created projects in every public status, an event among them', async () => {
    const { rows } = await t.database.db.execute<{ status: string; kind: string; n: number }>(
      sql`select status, kind, count(*)::int as n from projects where created_at is not null group by status, kind`,
    );
    const created = rows.reduce((sum, row) => sum + Number(row.n), 0);
    expect(created).toBeGreaterThanOrEqual(25);
    const statuses = new Set(rows.map((row) => row.status));
    for (const status of ['created', 'funding', 'succeeded', 'failed', 'running', 'awarded']) expect(statuses, status).toContain(status);
    expect(rows.some((row) => row.kind === 'event' && row.status === 'funding')).toBe(true);
    // And requests before creation, for the operator's queue and the fans' request tab.
    const { rows: before } = await t.database.db.execute<{ status: string }>(sql`select status from projects where created_at is null`);
    expect(before.map((row) => row.status).sort()).toEqual(['approved', 'rejected', 'requested']);
  });

  it('has the demo fans, joined, following artists, with the development sign-in identities fan01 … fan40', async () => {
    const { rows } = await t.database.db.execute<{ subject: string; join_state: string; follows: number; nickname: string }>(sql`
      select i.subject, u.join_state, u.nickname, (select count(*)::int from artist_follows f where f.user_id = u.id) as follows
      from user_identities i join users u on u.id = i.user_id where i.provider = 'dev' and i.subject like 'fan%'`);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(rows.map((row) => row.subject).sort()).toEqual(demoFans.map((_, index) => demoFanSubject(index)).sort());
    for (const row of rows) {
      expect(row.join_state).toBe('joined');
      expect(Number(row.follows)).toBeGreaterThanOrEqual(1);
    }
    expect(new Set(rows.map((row) => row.nickname))).toEqual(new Set(demoFans.map((fan) => fan.nickname)));
  });

  it('writes the projects in the five languages, with participations, comments and likes', async () => {
    const { rows } = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from project_participations where kind <> 'deposit'`);
    expect(Number(rows[0]!.n)).toBeGreaterThan(100);
    expect(await count('comments')).toBeGreaterThan(40);
    expect(await count('likes')).toBeGreaterThan(40);
    const { rows: titles } = await t.database.db.execute<{ title: string }>(sql`select title from projects where created_at is not null`);
    const text = titles.map((row) => row.title).join('\n');
    expect(text).toMatch(/[가-힣]/u); // Korean
    expect(text).toMatch(/[ぁ-んァ-ン]/u); // Japanese kana
    expect(text).toMatch(/[快应援纪念]/u); // Chinese
    expect(text).toMatch(/cumpleaños|aniversario/u); // Spanish
    expect(text).toMatch(/Anniversary|album/u); // English
  });

  it('leaves the funding projects open ahead of now, and opens the created ones later', async () => {
    const now = t.clock.now();
    const response = await t.request({ url: '/api/projects?status=funding&limit=50' });
    expect(response.statusCode, response.body).toBe(200);
    const funding = (response.json() as { items: Project[] }).items;
    expect(funding.length).toBeGreaterThanOrEqual(10);
    for (const project of funding) expect(Date.parse(project.closesAt!)).toBeGreaterThan(now.getTime());
    // Some close within two days, some in weeks.
    const hoursLeft = funding.map((project) => (Date.parse(project.closesAt!) - now.getTime()) / 3_600_000);
    expect(Math.min(...hoursLeft)).toBeLessThan(48);
    expect(Math.max(...hoursLeft)).toBeGreaterThan(24 * 21);
    const { rows } = await t.database.db.execute<{ funding_start_date: string }>(sql`select funding_start_date::text from projects where status = 'created'`);
    for (const row of rows) expect(row.funding_start_date > kstDateOf(now)).toBe(true);
  });

  it('gives every booked medium of an awarded project its proof, on a chain that verifies, and failed projects their participations back', async () => {
    const { rows } = await t.database.db.execute<{ id: number; unproven: number }>(
      sql`select p.id, (select count(*)::int from project_media pm where pm.project_id = p.id
            and not exists (select 1 from project_proofs pr where pr.project_id = p.id and pr.media_id = pm.media_id and pr.withdraws_proof_id is null)) as unproven
          from projects p where p.status = 'awarded'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(Number(row.unproven)).toBe(0);
      const proof = (await t.request({ url: `/api/projects/${row.id}/proof` })).json() as ProjectProof;
      expect([proof.status, proof.chain.valid, proof.media.every((medium) => medium.proofs.some((record) => record.capturedAt !== null && record.farFromMedium === false))]).toEqual(['proven', true, true]);
    }
    const { rows: returns } = await t.database.db.execute<{ unreturned: number }>(sql`
      select count(*)::int as unreturned from project_participations pp join projects p on p.id = pp.project_id
      where p.status = 'failed' and not exists (
        select 1 from point_transactions r where r.related_transaction_id = pp.spend_transaction_id and r.type = 'return')`);
    expect(Number(returns[0]!.unreturned)).toBe(0);
  });

  it('has fans\' YouTube films, each linked to an ad of its artist its author took part in, on the public films list', async () => {
    const response = await t.request({ url: '/api/films?limit=50' });
    expect(response.statusCode, response.body).toBe(200);
    const films = (response.json() as { items: Film[] }).items;
    expect(films.length).toBeGreaterThanOrEqual(6);
    expect(films.length).toBeLessThanOrEqual(8);
    for (const film of films) {
      expect(film.youtubeId, film.title).toMatch(/^[A-Za-z0-9_-]{11}$/);
      // A YouTube film has no stored poster: the web draws a frame in the artist's colour, nothing is fetched.
      expect(film.posterUrl).toBeNull();
      expect(film.projectId, film.title).not.toBeNull();
    }
    const { rows } = await t.database.db.execute<{ joined: boolean; same_artist: boolean }>(sql`
      select exists (select 1 from project_funders pf where pf.project_id = f.project_id and pf.user_id = f.author_id) as joined,
             p.artist_id = f.artist_id as same_artist
      from films f join projects p on p.id = f.project_id`);
    expect(rows.length).toBe(films.length);
    for (const row of rows) expect(row).toEqual({ joined: true, same_artist: true });
    const { rows: authors } = await t.database.db.execute<{ n: number }>(sql`select count(distinct author_id)::int as n from films`);
    expect(Number(authors[0]!.n)).toBe(films.length);
    expect(films.some((film) => film.likes > 0)).toBe(true);
    expect(films.some((film) => film.comments > 0)).toBe(true);
    const titles = films.map((film) => film.title).join('\n');
    expect(titles).toMatch(/[가-힣]/u);
    expect(titles).toMatch(/[A-Za-z]{4}/u);
  });

  it('has two to four fans\' posts on at least five artists\' communities, by different fans, some with comments and likes', async () => {
    const { rows } = await t.database.db.execute<{ artist_id: number; posts: number; authors: number }>(
      sql`select artist_id, count(*)::int as posts, count(distinct author_id)::int as authors from posts group by artist_id`,
    );
    const communities = rows.filter((row) => Number(row.posts) >= 2);
    expect(communities.length).toBeGreaterThanOrEqual(5);
    for (const row of rows) {
      expect(Number(row.posts)).toBeLessThanOrEqual(4);
      expect(Number(row.authors)).toBe(Number(row.posts));
    }
    for (const { artist_id: artistId } of communities) {
      const response = await t.request({ url: `/api/artists/${artistId}/posts` });
      expect(response.statusCode, response.body).toBe(200);
      const posts = (response.json() as { items: Post[] }).items;
      expect(posts.length).toBeGreaterThanOrEqual(2);
      for (const post of posts) {
        expect(post.text).toBeTruthy();
        expect(post.imageUrls).toEqual([]);
        expect(post.author.nickname).toBeTruthy();
      }
    }
    const { rows: reactions } = await t.database.db.execute<{ commented: number; liked: number }>(sql`
      select (select count(distinct post_id)::int from comments where post_id is not null) as commented,
             (select count(distinct post_id)::int from likes where post_id is not null) as liked`);
    expect(Number(reactions[0]!.commented)).toBeGreaterThanOrEqual(3);
    expect(Number(reactions[0]!.liked)).toBeGreaterThanOrEqual(5);
    const { rows: texts } = await t.database.db.execute<{ body: string }>(sql`select body from posts`);
    const text = texts.map((row) => row.body).join('\n');
    expect(text).toMatch(/[가-힣]/u);
    expect(text).toMatch(/\b(the|and|is)\b/u);
  });

  it('reconciles: the ledger, the figures and the rollup balance', async () => {
    await expectLedgerClean(t);
  });

  it('stores every thumbnail and photo, each under 50 KB', async () => {
    const { rows } = await t.database.db.execute<{ path: string }>(sql`
      select thumbnail_path as path from projects where thumbnail_path is not null
      union all select path from project_proofs where path is not null`);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    for (const { path: key } of rows) {
      const size = fs.statSync(path.join(t.files.root, key)).size;
      expect(size, key).toBeGreaterThan(1_000);
      expect(size, key).toBeLessThan(50 * 1024);
    }
  });

  it('adds nothing on a second start', async () => {
    const before = await snapshot();
    const again = await seedSampleDataIfEmpty({ db: t.database.db, files: t.files, clock: t.clock, config: t.config });
    expect(again).toEqual({ loaded: false, demo: null });
    expect(await snapshot()).toEqual(before);
  });

  it('lets the real clock take over: the sweeps change nothing now, then close the projects whose time comes', async () => {
    const before = await snapshot();
    for (const sweep of t.services.sweeps) await sweep.run();
    expect(await snapshot()).toEqual(before);
    t.clock.advance(3 * 86_400_000);
    for (const sweep of t.services.sweeps) await sweep.run();
    const { rows } = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from projects where status in ('succeeded', 'failed') and updated_at >= ${t.clock.now().toISOString()}::timestamptz - interval '1 hour'`);
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
    await expectLedgerClean(t);
  });
});

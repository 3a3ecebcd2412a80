/**
 * The read budget (docs/quality.md#speed-api-read): signed-in GET /api/auth/me, GET /api/artists?q=,
 * the request step's GET /api/media?packageId= and a funding project's GET /api/projects/{id} on
 * PostgreSQL, as ratios to a bare Fastify route serving the same JSON from memory (goal ≥ 0.09,
 * p99 ≤ 25 ms at 50 connections), an artist's community first page with 1 k and 100 k posts
 * and the film list with 1 k and 100 k films (growth ≤ 1.5 ×), and the API's RSS.
 */
import pg from 'pg';
import { load, ratio, type LoadResult } from './load.ts';
import { apiEnvironment } from './points-setup.ts';
import { builtApiServer, startServer, type Server } from './processes.ts';
import { randomToken, sha256 } from '../../apps/api/src/lib/tokens.ts';
import { openPostgres } from '../../apps/api/src/db/client.ts';
import { seedSampleMediaIfEmpty } from '../../apps/api/src/modules/media/media.sample-data.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const databaseName = 'orchard_bench';

function withDatabase(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** An empty database of this name on the bench server (dropped first if a run left one); its URL. */
export async function freshBenchDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  return withDatabase(adminUrl, name);
}

/** The built API on `databaseUrl`, as production runs it, without the sample data; `env` adds settings. */
export async function startBenchApi(databaseUrl: string, env: Record<string, string> = {}): Promise<Server> {
  return startServer(await builtApiServer(), { ...apiEnvironment(databaseUrl, 'http://127.0.0.1:3999'), SEED_SAMPLE_DATA: 'false', ...env });
}

export async function runApiBenchmark() {
  const databaseUrl = await freshBenchDatabase(databaseName);
  const api = await startBenchApi(databaseUrl);
  // A failed setup stops the API too: it would otherwise outlive the benchmark.
  let bare: Server | undefined;
  try {
    const cookie = await createSignedInUser(databaseUrl);
    const [projectId, ...otherProjectIds] = await createCatalogueAndProjects(databaseUrl, 100);
    const headers = { cookie };
    const meUrl = `${api.address}/api/auth/me`;
    const artistsUrl = `${api.address}/api/artists?q=${encodeURIComponent('a')}`;
    const mediaUrl = `${api.address}/api/media?packageId=premium`;
    const projectUrl = `${api.address}/api/projects/${projectId}`;
    // Reads of one hot project share statements (decision 057); spread over 100 projects they
    // share fewer, so the spread row is the figure for a page nobody else is reading.
    const spreadPaths = [projectId!, ...otherProjectIds].map((id) => `/api/projects/${id}`);
    const meBody = await (await fetch(meUrl, { headers })).json();
    const artistsBody = await (await fetch(artistsUrl)).json();
    const meStatus = (await fetch(meUrl, { headers })).status;
    if (meStatus !== 200) throw new Error(`GET /api/auth/me answered ${meStatus}`);
    const mediaBody = await jsonOf(mediaUrl);
    const projectBody = await jsonOf(projectUrl);

    bare = await startServer(
      'bench/src/bare-server.ts',
      { BARE_PAYLOADS: JSON.stringify({ '/me': meBody, '/artists': artistsBody, '/media': mediaBody, '/project': projectBody }) },
      '/ready',
    );

    const rows: string[][] = [['endpoint', 'req/s', 'p99 ms', 'bare req/s', 'ratio (goal ≥ 0.09)', 'errors']];
    for (const [name, url, bareUrl, extraHeaders, paths] of [
      ['GET /api/auth/me (signed in)', meUrl, `${bare.address}/me`, headers, undefined],
      ['GET /api/artists?q=a', artistsUrl, `${bare.address}/artists`, {}, undefined],
      ['GET /api/media?packageId=premium', mediaUrl, `${bare.address}/media`, {}, undefined],
      ['GET /api/projects/{id} (funding)', projectUrl, `${bare.address}/project`, {}, undefined],
      ['GET /api/projects/{id}, 100 projects in turn', projectUrl, `${bare.address}/project`, {}, spreadPaths],
    ] as const) {
      const baseline = await load(bareUrl, { seconds });
      const measured = await load(url, { seconds, headers: extraHeaders, paths });
      rows.push([name, String(measured.requestsPerSecond), String(measured.p99Ms), String(baseline.requestsPerSecond), ratio(measured.requestsPerSecond, baseline.requestsPerSecond), String(measured.errors + measured.non2xx)]);
    }
    printTable(rows);
    await benchCommunityGrowth(databaseUrl, api, headers);
    await benchFilmGrowth(databaseUrl, api, headers);
    console.log(`API RSS after load: ${api.rssMb()} MB`);
  } finally {
    await bare?.stop();
    await api.stop();
  }
}

/**
 * An artist's community first page (docs/quality.md#speed-growth, decision 075): GET
 * /api/artists/{id}/posts with 1 k posts, then with 100 k (three likes and a comment on each),
 * signed out and signed in (the viewer's like is one more probe a post), as growth (goal ≤ 1.5 ×)
 * and as a ratio to the bare route serving the same page (goal ≥ 0.09, p99 ≤ 25 ms).
 */
async function benchCommunityGrowth(databaseUrl: string, api: Server, headers: { cookie: string }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let artistId: number;
  try {
    const artist = await client.query<{ id: number }>(
      `insert into artists (type, names, search_text) values ('solo', $1, 'nova 노바') returning id`,
      [JSON.stringify({ ko: '노바', en: 'NOVA', zh: '诺瓦', ja: 'ノヴァ', es: 'NOVA' })],
    );
    artistId = artist.rows[0]!.id;
    await client.query(
      `insert into users (nickname, nickname_key, join_state, joined_at)
       select 'bench_fan_' || i, 'bench_fan_' || i, 'joined', now() from generate_series(1, 100) as i`,
    );
  } finally {
    await client.end();
  }
  const postsPath = `/api/artists/${artistId}/posts`;
  const scales = [
    { name: '1 k', posts: 1_000 },
    { name: '100 k', posts: 100_000 },
  ];
  const measured: { anonymous: LoadResult; signedIn: LoadResult }[] = [];
  let firstPage: unknown;
  let written = 0;
  for (const scale of scales) {
    await addPosts(databaseUrl, artistId, written, scale.posts - written);
    written = scale.posts;
    firstPage = await jsonOf(`${api.address}${postsPath}`);
    const anonymous = await load(`${api.address}${postsPath}`, { seconds });
    const signedIn = await load(`${api.address}${postsPath}`, { seconds, headers });
    console.log(`  ${scale.name} posts: ${anonymous.requestsPerSecond} req/s signed out, ${signedIn.requestsPerSecond} signed in`);
    measured.push({ anonymous, signedIn });
  }
  const bare = await startServer('bench/src/bare-server.ts', { BARE_PAYLOADS: JSON.stringify({ '/posts': firstPage }) }, '/ready');
  try {
    const baseline = await load(`${bare.address}/posts`, { seconds });
    const [small, large] = measured as [(typeof measured)[number], (typeof measured)[number]];
    const rows = [['community first page', '1 k req/s', '100 k req/s', '100 k p99 ms', 'growth (goal ≤ 1.5)', 'bare req/s', 'ratio (goal ≥ 0.09)', 'errors']];
    for (const key of ['anonymous', 'signedIn'] as const) {
      const a = small[key];
      const b = large[key];
      rows.push([
        `GET /api/artists/{id}/posts (${key === 'anonymous' ? 'signed out' : 'signed in'})`,
        String(a.requestsPerSecond),
        String(b.requestsPerSecond),
        String(b.p99Ms),
        ratio(a.requestsPerSecond, b.requestsPerSecond),
        String(baseline.requestsPerSecond),
        ratio(b.requestsPerSecond, baseline.requestsPerSecond),
        String(a.errors + a.non2xx + b.errors + b.non2xx),
      ]);
    }
    printTable(rows);
  } finally {
    await bare.stop();
  }
}

/** `count` more posts of the artist by the bench fans, each with three likes and one comment, in a few set statements. */
async function addPosts(databaseUrl: string, artistId: number, offset: number, count: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const fans = (await client.query<{ id: string }>(`select id from users where nickname like 'bench_fan_%' order by nickname`)).rows.map((row) => row.id);
    await client.query(
      `insert into posts (artist_id, author_id, body, created_at)
       select $1, ($2::uuid[])[1 + i % array_length($2::uuid[], 1)], 'Community post ' || i || ': see you at the station!', now() - make_interval(secs => $4 - i)
       from generate_series($3::int + 1, $3::int + $4::int) as i`,
      [artistId, fans, offset, count],
    );
    await client.query(
      `insert into likes (post_id, user_id, created_at)
       select p.id, ($2::uuid[])[1 + (p.id::int + k) % array_length($2::uuid[], 1)], now()
       from posts p cross join generate_series(0, 2) as k
       where p.artist_id = $1 and not exists (select 1 from likes l where l.post_id = p.id)`,
      [artistId, fans],
    );
    await client.query(
      `insert into comments (post_id, author_id, body, created_at)
       select p.id, ($2::uuid[])[1 + (p.id::int + 7) % array_length($2::uuid[], 1)], 'Me too!', now()
       from posts p where p.artist_id = $1 and not exists (select 1 from comments c where c.post_id = p.id)`,
      [artistId, fans],
    );
    await client.query('commit');
    // A bulk load leaves every post row rewritten by the like and comment triggers (decision 077);
    // a database that grew to 100 k posts over months has been vacuumed since.
    await client.query('vacuum analyze posts, likes, comments');
  } finally {
    await client.end();
  }
}

/**
 * The film list (docs/quality.md#speed-growth, decision 074): GET /api/films (every film, newest
 * first) and GET /api/films?artistId= with 1 k films, then with 100 k (spread over 50 artists, two
 * likes and a comment on each), signed out and signed in (the viewer's like is one more probe a
 * film), as growth (goal ≤ 1.5 ×) and as a ratio to the bare route serving the same page.
 */
async function benchFilmGrowth(databaseUrl: string, api: Server, headers: { cookie: string }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let artistIds: number[];
  try {
    const artists = await client.query<{ id: number }>(
      `insert into artists (type, names, search_text)
       select 'solo', jsonb_build_object('ko', '필름 ' || i, 'en', 'Film ' || i, 'zh', 'Film ' || i, 'ja', 'Film ' || i, 'es', 'Film ' || i), 'film ' || i
       from generate_series(1, 50) as i returning id`,
    );
    artistIds = artists.rows.map((row) => row.id);
    await client.query(
      `insert into users (nickname, nickname_key, join_state, joined_at)
       select 'bench_filmer_' || i, 'bench_filmer_' || i, 'joined', now() from generate_series(1, 100) as i`,
    );
  } finally {
    await client.end();
  }
  const paths = { all: '/api/films', artist: `/api/films?artistId=${artistIds[0]}` };
  const scales = [
    { name: '1 k', films: 1_000 },
    { name: '100 k', films: 100_000 },
  ];
  const measured: Record<'all' | 'artist', { anonymous: LoadResult; signedIn: LoadResult }>[] = [];
  const firstPages: Record<string, unknown> = {};
  let written = 0;
  for (const scale of scales) {
    await addFilms(databaseUrl, artistIds, written, scale.films - written);
    written = scale.films;
    const row = {} as (typeof measured)[number];
    for (const key of ['all', 'artist'] as const) {
      firstPages[`/${key}`] = await jsonOf(`${api.address}${paths[key]}`);
      const anonymous = await load(`${api.address}${paths[key]}`, { seconds });
      const signedIn = await load(`${api.address}${paths[key]}`, { seconds, headers });
      console.log(`  ${scale.name} films, ${paths[key]}: ${anonymous.requestsPerSecond} req/s signed out, ${signedIn.requestsPerSecond} signed in`);
      row[key] = { anonymous, signedIn };
    }
    measured.push(row);
  }
  const bare = await startServer('bench/src/bare-server.ts', { BARE_PAYLOADS: JSON.stringify(firstPages) }, '/ready');
  try {
    const rows = [['film list first page', '1 k req/s', '100 k req/s', '100 k p99 ms', 'growth (goal ≤ 1.5)', 'bare req/s', 'ratio (goal ≥ 0.09)', 'errors']];
    const [small, large] = measured as [(typeof measured)[number], (typeof measured)[number]];
    for (const key of ['all', 'artist'] as const) {
      const baseline = await load(`${bare.address}/${key}`, { seconds });
      for (const viewer of ['anonymous', 'signedIn'] as const) {
        const a = small[key][viewer];
        const b = large[key][viewer];
        rows.push([
          `GET ${key === 'all' ? '/api/films' : '/api/films?artistId='} (${viewer === 'anonymous' ? 'signed out' : 'signed in'})`,
          String(a.requestsPerSecond),
          String(b.requestsPerSecond),
          String(b.p99Ms),
          ratio(a.requestsPerSecond, b.requestsPerSecond),
          String(baseline.requestsPerSecond),
          ratio(b.requestsPerSecond, baseline.requestsPerSecond),
          String(a.errors + a.non2xx + b.errors + b.non2xx),
        ]);
      }
    }
    printTable(rows);
  } finally {
    await bare.stop();
  }
}

/** `count` more YouTube films spread over the artists by the bench filmers, each with two likes and one comment, in a few set statements. */
async function addFilms(databaseUrl: string, artistIds: number[], offset: number, count: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const fans = (await client.query<{ id: string }>(`select id from users where nickname like 'bench_filmer_%' order by nickname`)).rows.map((row) => row.id);
    await client.query(
      `insert into films (author_id, artist_id, title, source, youtube_id, created_at)
       select ($1::uuid[])[1 + i % array_length($1::uuid[], 1)], ($2::int[])[1 + i % array_length($2::int[], 1)], 'Fancam ' || i, 'youtube', 'dQw4w9WgXcQ', now() - make_interval(secs => $4 - i)
       from generate_series($3::int + 1, $3::int + $4::int) as i`,
      [fans, artistIds, offset, count],
    );
    await client.query(
      `insert into likes (film_id, user_id, created_at)
       select f.id, ($1::uuid[])[1 + (f.id::int + k) % array_length($1::uuid[], 1)], now()
       from films f cross join generate_series(0, 1) as k
       where not exists (select 1 from likes l where l.film_id = f.id)`,
      [fans],
    );
    await client.query(
      `insert into comments (film_id, author_id, body, created_at)
       select f.id, ($1::uuid[])[1 + (f.id::int + 7) % array_length($1::uuid[], 1)], 'Great shot!', now()
       from films f where not exists (select 1 from comments c where c.film_id = f.id)`,
      [fans],
    );
    await client.query('commit');
    await client.query('vacuum analyze films, likes, comments');
  } finally {
    await client.end();
  }
}

async function createSignedInUser(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const token = randomToken();
  const tokenHash = sha256(token);
  const { rows } = await client.query<{ id: string }>(
    `insert into users (nickname, nickname_key, join_state, joined_at) values ('bench', 'bench', 'joined', now()) returning id`,
  );
  await client.query(
    `insert into sessions (token_hash, user_id, provider, created_at, last_seen_at, expires_at) values ($1, $2, 'google', now(), now(), now() + interval '1 day')`,
    [tokenHash, rows[0]!.id],
  );
  await client.end();
  return `orchard_session=${token}`;
}

async function jsonOf(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * The sample media catalogue (the server loaded the reference data at start), an artist, and
 * `count` projects in funding with three media each, as a visitor opens them. Written directly: this read bench
 * needs the rows a project page reads, not the ledger entries of a real deposit, and its database
 * is dropped on the next run.
 */
async function createCatalogueAndProjects(databaseUrl: string, count: number): Promise<number[]> {
  const database = openPostgres(databaseUrl, 1);
  try {
    await seedSampleMediaIfEmpty(database.db);
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const names = JSON.stringify({ ko: '루미나', en: 'LUMINA', zh: '流明娜', ja: 'ルミナ', es: 'LUMINA' });
    const artist = await client.query<{ id: number }>(`insert into artists (type, names, search_text) values ('group', $1, 'lumina 루미나') returning id`, [names]);
    const creator = await client.query<{ id: string }>(
      `insert into users (nickname, nickname_key, join_state, joined_at) values ('bench_creator', 'bench_creator', 'joined', now()) returning id`,
    );
    const media = await client.query<{ id: number; price_unit: string; price: number; duration: number }>(
      `select id, price_unit, price, durations[1] as duration from media where category_code in ('ADMM001', 'ADMM002') order by id limit 3`,
    );
    const goal = media.rows.reduce((sum, row) => sum + row.price * row.duration, 0);
    const projectIds: number[] = [];
    for (let index = 0; index < count; index++) {
      const project = await client.query<{ id: number }>(
        `insert into projects (status, creator_id, artist_id, purpose, option, package_id, goal, ad_start_date, ad_end_date,
           funding_start_date, funding_end_date, minimum_unit, title, introduction, requested_at, approved_at, deposit, updated_at)
         values ('funding', $1, $2, 'limited', 'image', 'premium', $3, current_date + 60, current_date + 73, current_date, current_date + 20,
           100, 'Happy birthday, LUMINA', 'A birthday ad on three screens in Seoul.', now(), now(), $4, now())
         returning id`,
        [creator.rows[0]!.id, artist.rows[0]!.id, goal, Math.ceil(goal * 0.05)],
      );
      const projectId = project.rows[0]!.id;
      const escrow = await client.query<{ id: number }>(`insert into point_escrow_accounts (project_id, currency) values ($1, 'orange') returning id`, [projectId]);
      // A created project has its escrow account (a check constraint): both are set in one statement.
      await client.query(`update projects set escrow_account_id = $1, created_at = now() where id = $2`, [escrow.rows[0]!.id, projectId]);
      for (const [position, row] of media.rows.entries()) {
        await client.query(`insert into project_media (project_id, position, media_id, price_unit, price, duration) values ($1, $2, $3, $4, $5, $6)`, [
          projectId,
          position,
          row.id,
          row.price_unit,
          row.price,
          row.duration,
        ]);
      }
      projectIds.push(projectId);
    }
    return projectIds;
  } finally {
    await client.end();
  }
}

export function printTable(rows: string[][]) {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
}

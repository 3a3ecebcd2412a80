/**
 * The read budget (docs/quality.md#speed-api-read): signed-in GET /api/auth/me, GET /api/artists?q=,
 * the request step's GET /api/media?packageId= and a funding project's GET /api/projects/{id} on
 * PostgreSQL, as ratios to a bare Fastify route serving the same JSON from memory (goal ≥ 0.09,
 * p99 ≤ 25 ms at 50 connections), and the API's RSS.
 */
import pg from 'pg';
import { load, ratio } from './load.ts';
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

/** The built API on `databaseUrl`, as production runs it, without the sample data. */
export async function startBenchApi(databaseUrl: string): Promise<Server> {
  return startServer(await builtApiServer(), { ...apiEnvironment(databaseUrl, 'http://127.0.0.1:3999'), SEED_SAMPLE_DATA: 'false' });
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
    console.log(`API RSS after load: ${api.rssMb()} MB`);
  } finally {
    await bare?.stop();
    await api.stop();
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

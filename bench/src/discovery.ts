/**
 * Discovery's reads (docs/quality.md#speed-growth, docs/quality.md#speed-api-read): Home's first
 * page of each tab, the rankings, search and an artist's projects, on PostgreSQL with 100 k
 * projects and 1 M participations against the same with 1 k projects and 10 k participations
 * (goal ≤ 1.5 × the small one's cost), and against a bare route serving the same JSON from memory
 * (goal ≥ 0.09 ×, p99 ≤ 25 ms at 50 connections).
 *
 * The rows are written straight into the database in the shape the services leave them (a
 * project's figures on its row, its funders' totals, the artists' monthly rollup): these reads
 * need the rows, not the ledger entries behind them, and the databases are dropped on the next run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { artistSearchKey } from '../../packages/shared/src/text.ts';
import { randomToken, sha256 } from '../../apps/api/src/lib/tokens.ts';
import { openPostgres } from '../../apps/api/src/db/client.ts';
import { seedSampleMediaIfEmpty } from '../../apps/api/src/modules/media/media.sample-data.ts';
import { load, ratio, type LoadResult } from './load.ts';
import { freshBenchDatabase, printTable, startBenchApi } from './api.ts';
import { startServer } from './processes.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);

type Scale = { name: string; projects: number; participations: number; fans: number };
const scales: Scale[] = [
  { name: '1 k', projects: 1_000, participations: 10_000, fans: 2_000 },
  { name: '100 k', projects: 100_000, participations: 1_000_000, fans: 50_000 },
];
const artistCount = 50;

const artistNames = ['루미나|LUMINA|流明娜|ルミナ|LUMINA', '스텔라 노바|Stella Nova|星辰新星|ステラ・ノヴァ|Stella Nova', '블루 하버|Blue Harbor|蓝色港湾|ブルー・ハーバー|Puerto Azul'];
const titleWords = ['Happy birthday', '생일 축하해', 'Debut anniversary', '데뷔 기념일', 'お誕生日おめでとう', 'Comeback support', '컴백 응원', 'Feliz cumpleaños'];

type Endpoint = { name: string; path: string; signedIn?: boolean };
const endpoints = (artistId: number): Endpoint[] => [
  { name: 'Top 10 (funding, most raised)', path: '/api/projects?status=funding&kind=project&sort=raised&limit=10' },
  { name: 'Following (funding, closing soonest)', path: '/api/projects?following=true&status=funding&sort=deadline', signedIn: true },
  { name: 'Ranking (Orange, this month)', path: '/api/rankings/artists?by=orange' },
  { name: 'Now Funding (closing soonest)', path: '/api/projects?status=funding&sort=deadline' },
  { name: 'Awarded (newest)', path: '/api/projects?status=awarded' },
  { name: 'Search ?q=lumina', path: `/api/search?q=${encodeURIComponent('lumina')}` },
  { name: 'Search ?q=ㄹㅁㄴ', path: `/api/search?q=${encodeURIComponent('ㄹㅁㄴ')}` },
  { name: 'Every public project (most raised)', path: '/api/projects?sort=raised' },
  { name: "An artist's projects (most raised)", path: `/api/projects?artistId=${artistId}&sort=raised` },
];

export async function runDiscoveryBenchmark() {
  const measured = new Map<string, Map<string, LoadResult>>();
  const bodies = new Map<string, unknown>();
  for (const scale of scales) {
    const databaseUrl = await freshBenchDatabase(`orchard_bench_discovery_${scale.projects}`);
    const api = await startBenchApi(databaseUrl);
    try {
      const started = Date.now();
      const { cookie, artistId } = await fillDatabase(databaseUrl, scale);
      console.log(`${scale.name}: ${scale.projects} projects, ${scale.participations} participations written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      const results = new Map<string, LoadResult>();
      for (const endpoint of endpoints(artistId)) {
        const headers = endpoint.signedIn ? { cookie } : undefined;
        const response = await fetch(`${api.address}${endpoint.path}`, { headers });
        if (response.status !== 200) throw new Error(`GET ${endpoint.path} answered ${response.status}: ${await response.text()}`);
        bodies.set(endpoint.name, await response.json());
        const result = await load(`${api.address}${endpoint.path}`, { seconds, headers });
        console.log(`  ${scale.name} ${endpoint.name}: ${result.requestsPerSecond} req/s, p99 ${result.p99Ms} ms, ${result.errors + result.non2xx} errors`);
        results.set(endpoint.name, result);
      }
      measured.set(scale.name, results);
    } finally {
      await api.stop();
    }
  }

  const payloadsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-bare-')), 'payloads.json');
  fs.writeFileSync(payloadsFile, JSON.stringify(Object.fromEntries([...bodies].map(([, body], index) => [`/${index}`, body]))));
  const bare = await startServer('bench/src/bare-server.ts', { BARE_PAYLOADS_FILE: payloadsFile }, '/ready');
  try {
    const [small, large] = scales.map((scale) => measured.get(scale.name)!);
    const rows = [['endpoint', '1 k req/s', '100 k req/s', '100 k p99 ms', 'growth (goal ≤ 1.5)', 'bare req/s', 'ratio (goal ≥ 0.09)', 'errors']];
    for (const [index, name] of [...bodies.keys()].entries()) {
      const baseline = await load(`${bare.address}/${index}`, { seconds });
      const a = small!.get(name)!;
      const b = large!.get(name)!;
      rows.push([
        name,
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

/**
 * Artists, fans, projects in every status (2 % funding, as many as the media can carry at once
 * grows with the catalogue, not with history), participations spread over the created ones, and
 * what the services keep beside them. Answers a signed-in fan following five artists, and the
 * artist with the most projects.
 */
async function fillDatabase(databaseUrl: string, scale: Scale): Promise<{ cookie: string; artistId: number }> {
  const database = openPostgres(databaseUrl, 1);
  try {
    await seedSampleMediaIfEmpty(database.db);
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const names = Array.from({ length: artistCount }, (_, index) => {
      const [ko, en, zh, ja, es] = artistNames[index % artistNames.length]!.split('|');
      const suffix = index < artistNames.length ? '' : ` ${index}`;
      return { ko: ko + suffix, en: en + suffix, zh: zh + suffix, ja: ja + suffix, es: es + suffix };
    });
    const artistRows = await client.query<{ id: number }>(
      `insert into artists (type, names, search_text) select 'group', n, k from unnest($1::jsonb[], $2::text[]) as a(n, k) returning id`,
      [names.map((name) => JSON.stringify(name)), names.map((name) => artistSearchKey(Object.values(name)))],
    );
    const artistIds = artistRows.rows.map((row) => row.id);
    // Titles are a few templates per artist, so their folded keys are computed here once each.
    const titles: string[] = [];
    const searchTexts: string[] = [];
    for (const name of names) {
      for (const word of titleWords) {
        titles.push(`${word}, ${name.en}`);
        searchTexts.push(artistSearchKey([`${word}, ${name.en}`, ...Object.values(name)]));
      }
    }
    await client.query(
      `insert into users (nickname, nickname_key, join_state, joined_at) select 'fan' || n, 'fan' || n, 'joined', now() from generate_series(1, $1::int) n`,
      [scale.fans],
    );
    const creator = await client.query<{ id: string }>(
      `insert into users (nickname, nickname_key, join_state, joined_at) values ('bench_creator', 'bench_creator', 'joined', now()) returning id`,
    );
    // Status by n mod 100: 2 % funding, 1 % created, 3 % succeeded, 3 % running, 35 % awarded,
    // 40 % failed, 6 % cancelled, 5 % requested, 5 % rejected. Ended projects lie in the past.
    await client.query(
      `with today as (select (now() at time zone 'Asia/Seoul')::date as d),
       shaped as (
         select n, case
           when n % 100 < 2 then 'funding' when n % 100 < 3 then 'created' when n % 100 < 6 then 'succeeded'
           when n % 100 < 9 then 'running' when n % 100 < 44 then 'awarded' when n % 100 < 84 then 'failed'
           when n % 100 < 90 then 'cancelled' when n % 100 < 95 then 'requested' else 'rejected' end as status,
           ((n::bigint * 7919) % $2::int)::int as artist_index, ((n::bigint * 104729) % ($2::int * $5::int))::int as title_index
         from generate_series(1, $3::int) n)
       insert into projects (status, kind, creator_id, artist_id, purpose, option, package_id, goal, ad_start_date, ad_end_date,
         funding_start_date, funding_end_date, minimum_unit, title, introduction, search_text, requested_at, approved_at, updated_at)
       select s.status, 'project', $1, ($4::int[])[s.artist_index + 1], 'ongoing', 'image', 'premium', 3000000,
         case when s.status in ('funding', 'created', 'requested') then d + 60 else d - 400 + (s.n % 300) end,
         case when s.status in ('funding', 'created', 'requested') then d + 73 else d - 390 + (s.n % 300) end,
         case when s.status = 'funding' then d - 5 when s.status in ('created', 'requested') then d + 3 else d - 440 + (s.n % 300) end,
         case when s.status = 'funding' then d + (s.n % 30) when s.status in ('created', 'requested') then d + 30 else d - 420 + (s.n % 300) end,
         100, ($6::text[])[s.title_index + 1], 'An ad on three screens in Seoul.', ($7::text[])[s.title_index + 1], now(), now(), now()
       from shaped s, today order by s.n`,
      [creator.rows[0]!.id, artistCount, scale.projects, artistIds, titleWords.length, titles, searchTexts],
    );
    // A created project has its escrow account and deposit (a check constraint): both in one statement.
    await client.query(
      `with created as (select id from projects where status not in ('requested', 'rejected') and not (status = 'cancelled' and id % 2 = 0)),
       escrow as (insert into point_escrow_accounts (project_id, currency) select id, 'orange' from created returning id, project_id)
       update projects p set escrow_account_id = e.id, deposit = 150000, created_at = now() - interval '30 days' from escrow e where p.id = e.project_id`,
    );
    await client.query(
      `insert into project_media (project_id, position, media_id, price_unit, price, duration)
       select p.id, m.position, m.id, m.price_unit, m.price, m.duration
       from projects p cross join (
         select id, price_unit, price, durations[1] as duration, (row_number() over (order by id) - 1)::int as position
         from media where category_code in ('ADMM001', 'ADMM002') order by id limit 3) m`,
    );
    await client.query(
      `insert into project_proofs (project_id, sequence, media_id, kind, path, sha256, captured_at, captured_at_source, posted_at, record_hash)
       select pm.project_id, pm.position + 1, pm.media_id, 'photo', 'bench/proof-' || pm.project_id || '-' || pm.media_id || '.webp', 'bench', now(), 'operator', now(), 'bench'
       from project_media pm join projects p on p.id = pm.project_id where p.status = 'awarded'`,
    );
    // Participations: fans spread over the created projects, within the last 40 days (two KST months).
    await client.query(
      `with created as (select array_agg(id order by id) as ids from projects where created_at is not null),
       fans as (select array_agg(id order by nickname) as ids from users where nickname like 'fan%')
       insert into project_participations (project_id, user_id, kind, amount, spend_transaction_id, created_at)
       select created.ids[(1 + (n::bigint * 48271) % array_length(created.ids, 1))::int], fans.ids[(1 + (n::bigint * 69621) % array_length(fans.ids, 1))::int],
         'participation', 100 * (1 + n % 20), n, now() - (n % 40) * interval '1 day'
       from created, fans, generate_series(1, $1::int) n`,
      [scale.participations],
    );
    await client.query(
      `insert into project_funders (project_id, user_id, total) select project_id, user_id, sum(amount) from project_participations group by 1, 2`,
    );
    await client.query(
      `update projects p set raised = f.raised, backers = f.backers
       from (select project_id, sum(total)::int as raised, count(*)::int as backers from project_funders group by 1) f where f.project_id = p.id`,
    );
    await client.query(
      `insert into artist_month_backers (month, artist_id, user_id, orange)
       select date_trunc('month', pp.created_at at time zone 'Asia/Seoul')::date, p.artist_id, pp.user_id, sum(pp.amount)
       from project_participations pp join projects p on p.id = pp.project_id
       where p.status not in ('failed', 'cancelled') group by 1, 2, 3`,
    );
    await client.query(
      `insert into artist_month_figures (month, artist_id, orange, backers) select month, artist_id, sum(orange), count(*) from artist_month_backers group by 1, 2`,
    );
    const fan = await client.query<{ id: string }>(`select id from users where nickname = 'fan1'`);
    await client.query(`insert into artist_follows (user_id, artist_id, created_at) select $1, unnest($2::int[]), now()`, [fan.rows[0]!.id, artistIds.slice(0, 5)]);
    const token = randomToken();
    await client.query(
      `insert into sessions (token_hash, user_id, provider, created_at, last_seen_at, expires_at) values ($1, $2, 'google', now(), now(), now() + interval '1 day')`,
      [sha256(token), fan.rows[0]!.id],
    );
    await client.query('commit');
    await client.query('analyze');
    const busiest = await client.query<{ artist_id: number }>(`select artist_id from projects where created_at is not null group by 1 order by count(*) desc limit 1`);
    return { cookie: `orchard_session=${token}`, artistId: busiest.rows[0]!.artist_id };
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * Issue 2's read budget: signed-in GET /api/auth/me and GET /api/artists?q= on PostgreSQL, as
 * ratios to a bare Fastify route serving the same JSON from memory (goal ≥ 0.09, p99 ≤ 25 ms at
 * 50 connections), and the API's RSS.
 */
import pg from 'pg';
import { load, ratio } from './load.ts';
import { builtApiServer, startServer } from './processes.ts';
import { randomToken, sha256 } from '../../apps/api/src/lib/tokens.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const databaseName = 'orchard_bench';

function withDatabase(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function runApiBenchmark() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const databaseUrl = withDatabase(adminUrl, databaseName);

  const api = await startServer(await builtApiServer(), {
    NODE_ENV: 'production',
    DEV_IDP: 'off',
    GOOGLE_CLIENT_ID: 'bench',
    // The benchmark charges through the sandbox: no real gateway on a bench machine.
    ALLOW_SANDBOX_GATEWAY_IN_PRODUCTION: 'true',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: 'http://127.0.0.1:3999',
  });
  const cookie = await createSignedInUser(databaseUrl);
  const headers = { cookie };
  const meUrl = `${api.address}/api/auth/me`;
  const artistsUrl = `${api.address}/api/artists?q=${encodeURIComponent('a')}`;
  const meBody = await (await fetch(meUrl, { headers })).json();
  const artistsBody = await (await fetch(artistsUrl)).json();
  const meStatus = (await fetch(meUrl, { headers })).status;
  if (meStatus !== 200) throw new Error(`GET /api/auth/me answered ${meStatus}`);

  const bare = await startServer('bench/src/bare-server.ts', { BARE_PAYLOADS: JSON.stringify({ '/me': meBody, '/artists': artistsBody }) }, '/ready');

  try {
    const rows: string[][] = [['endpoint', 'req/s', 'p99 ms', 'bare req/s', 'ratio (goal ≥ 0.09)', 'errors']];
    for (const [name, url, bareUrl, extraHeaders] of [
      ['GET /api/auth/me (signed in)', meUrl, `${bare.address}/me`, headers],
      ['GET /api/artists?q=a', artistsUrl, `${bare.address}/artists`, {}],
    ] as const) {
      const baseline = await load(bareUrl, { seconds });
      const measured = await load(url, { seconds, headers: extraHeaders });
      rows.push([name, String(measured.requestsPerSecond), String(measured.p99Ms), String(baseline.requestsPerSecond), ratio(measured.requestsPerSecond, baseline.requestsPerSecond), String(measured.errors + measured.non2xx)]);
    }
    printTable(rows);
    console.log(`API RSS after load: ${api.rssMb()} MB`);
  } finally {
    await bare.stop();
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

function printTable(rows: string[][]) {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
}

/**
 * `npm run bench -- points` (issues 4 and 13, docs/quality.md#speed-api-write (plain and hot),
 * docs/quality.md#speed-growth and docs/quality.md#speed-memory):
 *  - participations/s through HTTP (POST /api/projects/{id}/participations, 10 Orange each, a fresh
 *    Idempotency-Key per request, wrk at 32 connections) over 1,000 fans, into ONE hot project and
 *    spread over 100 projects, against the same participations written one per transaction by
 *    pgbench (participation.pgbench.sql, decision 070) on the same database and fans, right beside
 *    each HTTP load: goal ≥ 1.0 × the script, p99 ≤ 50 ms, zero errors (each fan holds more Orange
 *    than the loads can spend, so even "insufficient" would be one: wrk counts answers that are not
 *    2xx but does not tell them apart), API RSS ≤ 250 MB. `pgbench -N` runs beside them for
 *    continuity with the figures before decision 070. Afterwards every project's raised amount
 *    equals its escrow and what the clients were answered plus what the script wrote (no lost
 *    update, nothing extra), every script transaction wrote its participation, and the
 *    reconciliation is clean, or the exit code is non-zero;
 *  - the first history page of a user with 1 M ledger transactions vs 1 k (goal ≤ 1.5 ×), rows
 *    bulk-inserted with generate_series so the reconciliation stays clean.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { reconcileLedger } from '../../apps/api/src/modules/points/points.reconciliation.repository.ts';
import { ratio } from './load.ts';
import { createPgbenchBaseline, runParticipationScript, settle, type ScriptRun } from './pgbench.ts';
import { apiEnvironment, chargeEveryone, createFreshDatabase, mintUsers, orangePerCharge, type MintedUser } from './points-setup.ts';
import { openFundingProjects, participationTotals } from './projects-setup.ts';
import { builtApiServer, freePort, repoRoot, startServer } from './processes.ts';

const run = promisify(execFile);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 32;
const userCount = 1000;
const fanPrefix = 'bench';
const historyRows = Number(process.env.BENCH_HISTORY_ROWS ?? 1_000_000);
const participationRuns = Number(process.env.BENCH_PARTICIPATION_RUNS ?? 3);
const spreadProjects = 100;
const participationAmount = 10;
/**
 * Participations per second neither side is expected to reach on the benchmark's machines (both
 * ran at 1,200–2,500): the fans are charged for every load at this rate, so none runs short.
 */
const ceilingPerSecond = 5000;

/** The tables one participation writes, in the order the script writes them. */
const writtenTables = ['point_transactions', 'point_lots', 'point_postings', 'point_wallets', 'project_participations', 'project_funders', 'projects', 'artist_month_backers', 'artist_month_figures'];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function runPointsBenchmark() {
  await run('bash', ['scripts/ensure-wrk.sh'], { cwd: repoRoot });
  const pgbench = await createPgbenchBaseline(seconds);
  const databaseUrl = await createFreshDatabase('orchard_bench_points');
  const port = await freePort();
  const address = `http://127.0.0.1:${port}`;
  const api = await startServer(await builtApiServer(), apiEnvironment(databaseUrl, address), '/api/health', port);
  const database = await openDatabase({ databaseUrl, dataDir: '', poolSize: 8 });
  try {
    const users = await mintUsers(databaseUrl, userCount, fanPrefix);
    const loadSeconds = 2 * participationRuns * 2 * seconds + 2 * 2;
    const charges = Math.ceil((ceilingPerSecond * loadSeconds * participationAmount) / userCount / orangePerCharge);
    await chargeEveryone(database.db, users, { charges });
    await settle(databaseUrl);
    const [creator] = await mintUsers(databaseUrl, 1, 'creator');
    const projectOptions = { purpose: 'ongoing', goal: 100_000_000, minimumUnit: participationAmount, fundingEndsInDays: 30 } as const;
    const [hotProject] = await openFundingProjects(databaseUrl, creator!.id, 1, projectOptions);
    // Spread: each project by an artist of its own, so no row is common to them all (not even the artist's month in the rankings).
    const spread = await openFundingProjects(databaseUrl, creator!.id, spreadProjects, { ...projectOptions, artistEach: true });
    const script = (projectIds: readonly number[], duration: number) =>
      runParticipationScript(databaseUrl, { fans: userCount, fanPrefix, projectIds, amount: participationAmount, seconds: duration });
    const rows: string[][] = [
      ['measure', 'HTTP /s', 'HTTP p99 ms', 'script tps', 'script p99 ms', 'HTTP ÷ script (goal ≥ 1.0)', 'pgbench -N tps', 'HTTP ÷ -N', 'errors'],
    ];

    // Participations through HTTP; the API's RSS is sampled while it works.
    let peakRssMb = 0;
    let acknowledged = 0;
    let scriptWritten = 0;
    let scriptShort = 0;
    /** Runs the script and counts what it wrote: every transaction must have written its participation. */
    const scriptCounted = async (projectIds: readonly number[], duration: number) => {
      const before = await participationCount(databaseUrl, projectIds);
      const result = await script(projectIds, duration);
      const written = (await participationCount(databaseUrl, projectIds)) - before;
      scriptWritten += written;
      // None expected: a fan short of Orange writes no spend, and the script's \gset of it stops that client with an error.
      scriptShort += Math.max(0, result.transactions - written);
      return result;
    };
    const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, api.rssMb())), 250);
    // A short untimed run of each side first: the figures are of a warmed-up process, not of its JIT
    // compiling. They also show what one participation writes on each side, table by table.
    const writes = await rowsWrittenPerParticipation(databaseUrl, {
      http: async () => (acknowledged += (await participationLoad(address, users, spread, 2)).accepted),
      script: () => scriptCounted(spread, 2),
    });
    // These budgets sit close to their goal and a single run swings ±15 % here, so each is judged on
    // the median ratio of `participationRuns` runs. In each run the script and the HTTP load run back
    // to back, taking turns to go first (this 2-core VM's speed drifts by ±20 % over minutes).
    for (const [label, projectIds] of [
      ['one hot project', [hotProject!]],
      [`spread over ${spreadProjects} projects`, spread],
    ] as const) {
      const ratios: number[] = [];
      const baselineRatios: number[] = [];
      for (let runIndex = 1; runIndex <= participationRuns; runIndex++) {
        let scripted: ScriptRun | undefined;
        let load: ParticipationLoad | undefined;
        for (const side of runIndex % 2 === 1 ? ['script', 'http'] : ['http', 'script']) {
          await settle(databaseUrl);
          if (side === 'script') scripted = await scriptCounted(projectIds, seconds);
          else load = await participationLoad(address, users, projectIds, seconds);
        }
        acknowledged += load!.accepted;
        const baseline = await pgbench.measure();
        ratios.push(load!.perSecond / scripted!.tps);
        baselineRatios.push(load!.perSecond / baseline);
        rows.push([
          `participations, ${label}, run ${runIndex}`,
          String(load!.perSecond),
          String(load!.p99Ms),
          String(scripted!.tps),
          String(scripted!.p99Ms),
          ratio(load!.perSecond, scripted!.tps),
          String(baseline),
          ratio(load!.perSecond, baseline),
          String(load!.errors + scripted!.failed),
        ]);
      }
      rows.push([`… median of the ${participationRuns} runs`, '', '', '', '', median(ratios).toFixed(3), '', median(baselineRatios).toFixed(3), '']);
    }
    clearInterval(sampler);
    printTable(rows);
    console.log(`API RSS under the write load: peak ${peakRssMb} MB (goal ≤ 250)`);
    printTable([
      [`rows written per participation (warm-up, spread)`, ...writtenTables],
      ...(['http', 'script'] as const).map((side) => [side === 'http' ? 'HTTP (batched)' : 'script (one per transaction)', ...writtenTables.map((table) => writes[side][table]!.toFixed(2))]),
    ]);

    const totals = await participationTotals(databaseUrl, [hotProject!, ...spread]);
    const raised = totals.reduce((sum, project) => sum + project.raised, 0);
    const disagreeing = totals.filter((project) => project.raised !== project.escrow);
    // wrk stops at the end of a run with up to one request per connection in flight: those
    // are applied but never acknowledged. Anything beyond that, or less than acknowledged, is wrong.
    const inFlightAtStops = (2 * participationRuns + 1) * connections * participationAmount;
    const expectedOrange = (acknowledged + scriptWritten) * participationAmount;
    const consistent = disagreeing.length === 0 && raised >= expectedOrange && raised <= expectedOrange + inFlightAtStops;
    console.log(
      `participations: ${acknowledged} acknowledged over HTTP and ${scriptWritten} written by the script (${expectedOrange} Orange); projects raised ${raised} ` +
        `(at most ${inFlightAtStops} more may have been in flight when a run stopped); ` +
        `${disagreeing.length} projects whose escrow differs from their raised amount (${consistent ? 'no lost update' : 'LOST OR EXTRA UPDATES'})`,
    );
    console.log(`script transactions that wrote no participation: ${scriptShort}`);
    if (!consistent || scriptShort > 0) process.exitCode = 1;

    await historyGrowth(address, databaseUrl);
    const reconciliation = await reconcileLedger(database.db, new Date());
    console.log(`reconciliation after the benchmark: ${reconciliation.ok ? 'clean' : JSON.stringify(reconciliation.violations.slice(0, 5))}`);
    if (!reconciliation.ok) process.exitCode = 1;
  } finally {
    await database.close();
    await api.stop();
    await pgbench.drop();
  }
}

async function participationCount(databaseUrl: string, projectIds: readonly number[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from project_participations where project_id = any($1::int[])', [projectIds]);
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** Rows inserted, updated and deleted so far in each of `writtenTables`, as the statistics count them. */
async function tableWrites(databaseUrl: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ relname: string; written: string }>(
      `select relname, n_tup_ins + n_tup_upd + n_tup_del as written from pg_stat_user_tables where relname = any($1::text[])`,
      [writtenTables],
    );
    return Object.fromEntries(rows.map((row) => [row.relname, Number(row.written)]));
  } finally {
    await client.end();
  }
}

/**
 * Runs each side's load, one after the other, and divides the rows each wrote per table by the
 * participations it wrote. An idle backend reports its counts up to 10 s after its last transaction
 * (PostgreSQL's PGSTAT_IDLE_INTERVAL): the counts wait that long after the API's work (the charges
 * before, the HTTP load); pgbench's backends report theirs as they exit.
 */
async function rowsWrittenPerParticipation(databaseUrl: string, sides: Record<'http' | 'script', () => Promise<unknown>>) {
  const idleReportMs = 11_000;
  const counted = async (waitMs: number) => {
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    return tableWrites(databaseUrl);
  };
  const perParticipation = (before: Record<string, number>, after: Record<string, number>) => {
    const participations = Math.max(1, after.project_participations! - before.project_participations!);
    return Object.fromEntries(writtenTables.map((table) => [table, (after[table]! - before[table]!) / participations]));
  };
  const start = await counted(idleReportMs);
  await sides.http();
  const afterHttp = await counted(idleReportMs);
  await sides.script();
  const afterScript = await counted(1000);
  return { http: perParticipation(start, afterHttp), script: perParticipation(afterHttp, afterScript) };
}

type ParticipationLoad = { perSecond: number; p99Ms: number; errors: number; accepted: number };

/** Each load's Idempotency-Keys are its own, across loads too (wrk numbers them within the load). */
let participationLoads = 0;

/**
 * wrk at 32 connections on 2 threads, as pgbench runs its clients (decision 061: a client written in
 * C, so the load generator takes a small share of the cores both share, as pgbench's does); each
 * request picks a random user and project and has its own Idempotency-Key (bench/src/participations.lua).
 */
async function participationLoad(address: string, users: MintedUser[], projectIds: readonly number[], duration: number): Promise<ParticipationLoad> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'orchard-participations-'));
  const dataFile = path.join(folder, 'data.lua');
  const luaString = (text: string) => {
    if (!/^[\x20-\x7e]*$/.test(text)) throw new Error(`not printable ASCII, cannot go into wrk's script: ${text}`);
    return JSON.stringify(text);
  };
  await fs.writeFile(
    dataFile,
    `return { cookies = { ${users.map((user) => luaString(user.cookie)).join(', ')} }, projects = { ${projectIds.join(', ')} }, ` +
      `amount = ${participationAmount}, origin = ${luaString(address)}, run = ${luaString(`${process.pid}-${participationLoads++}`)} }\n`,
  );
  try {
    const script = path.join(repoRoot, 'bench/src/participations.lua');
    const { stdout } = await run('wrk', ['-t2', `-c${connections}`, `-d${duration}s`, '-s', script, address, '--', dataFile], { cwd: repoRoot });
    const line = stdout.split('\n').find((text) => text.startsWith('RESULT '));
    if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
    const result = JSON.parse(line.slice('RESULT '.length)) as { requests: number; durationUs: number; p99Us: number; notOk: number; socketErrors: number };
    if (result.notOk + result.socketErrors > 0) console.error(`participations: ${result.notOk} answers not 2xx, ${result.socketErrors} connection errors and time-outs`);
    return {
      perSecond: Math.round(result.requests / (result.durationUs / 1e6)),
      p99Ms: Math.round(result.p99Us / 100) / 10,
      errors: result.notOk + result.socketErrors,
      accepted: result.requests - result.notOk,
    };
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

/**
 * A user's ledger as charges of 10 Orange, each followed by nine 1-Orange participations in one
 * project: transactions, one lot per charge, two postings per transaction, the wallet kept equal
 * to its lots (the reconciliation's invariants).
 */
async function insertHistory(client: pg.Client, userId: string, escrow: number, from: number, to: number) {
  await client.query('begin');
  await client.query(
    `insert into point_transactions (user_id, currency, type, reason, amount, project_id, escrow_account_id, idempotency_key, created_at)
     select $1, 'orange',
       case when i % 10 = 1 then 'charge' else 'spend' end,
       case when i % 10 = 1 then 'point_charge' else 'project_participation' end,
       case when i % 10 = 1 then 10 else -1 end,
       case when i % 10 = 1 then null else 900000 end,
       case when i % 10 = 1 then null else $2::bigint end,
       'history-bench:' || i,
       now() - interval '30 days' + i * interval '1 second'
     from generate_series($3::int, $4::int) i order by i`,
    [userId, escrow, from, to],
  );
  await client.query(
    `create temp table history_map on commit drop as
     select i, t.id as tx from generate_series($2::int, $3::int) i join point_transactions t on t.user_id = $1 and t.idempotency_key = 'history-bench:' || i`,
    [userId, from, to],
  );
  await client.query(
    `create temp table history_lots on commit drop as
     with created as (
       insert into point_lots (user_id, currency, kind, original, remaining, expires_at, source_transaction_id, created_at)
       select $1, 'orange', 'purchased', 10, 10 - (least(m.i + 9, $2::int) - m.i), now() + interval '5 years', m.tx, now() - interval '30 days' + m.i * interval '1 second'
       from history_map m where m.i % 10 = 1 order by m.i
       returning id, source_transaction_id)
     select id as lot, source_transaction_id as tx from created`,
    [userId, to],
  );
  await client.query(
    `insert into point_postings (transaction_id, currency, lot_id, escrow_account_id, system_account, amount)
     select m.tx, 'orange', l.lot, null, null, case when m.i % 10 = 1 then 10 else -1 end
     from history_map m join history_map c on c.i = m.i - (m.i - 1) % 10 join history_lots l on l.tx = c.tx
     union all
     select m.tx, 'orange', null, case when m.i % 10 = 1 then null else $1::bigint end, case when m.i % 10 = 1 then 'sales' else null end,
       case when m.i % 10 = 1 then -10 else 1 end
     from history_map m`,
    [escrow],
  );
  await client.query(
    `insert into point_wallets (user_id) values ($1) on conflict (user_id) do nothing`,
    [userId],
  );
  await client.query(
    `update point_wallets set orange_purchased = (select coalesce(sum(remaining), 0) from point_lots where user_id = $1 and currency = 'orange' and kind = 'purchased') where user_id = $1`,
    [userId],
  );
  await client.query('commit');
  await client.query('vacuum analyze point_transactions, point_postings, point_lots');
}

async function historyGrowth(address: string, databaseUrl: string) {
  const [user] = await mintUsers(databaseUrl, 1, 'history');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const escrow = Number((await client.query<{ id: string }>(`insert into point_escrow_accounts (project_id, currency) values (900000, 'orange') returning id`)).rows[0]!.id);
  const tabs = ['all', 'charge', 'spend', 'refund'] as const;
  const measure = async (duration: number) => {
    const figures: Record<string, { mean: number; p99: number; perSecond: number; errors: number }> = {};
    for (const tab of tabs) {
      const result = await autocannon({
        url: `${address}/api/points/history?currency=orange&tab=${tab}`,
        connections: 8,
        duration,
        headers: { cookie: user!.cookie },
      });
      figures[tab] = { mean: result.latency.mean, p99: result.latency.p99, perSecond: Math.round(result.requests.average), errors: result.errors + result.timeouts + result.non2xx };
    }
    return figures;
  };
  try {
    await insertHistory(client, user!.id, escrow, 1, 1000);
    await settle(databaseUrl);
    await measure(1);
    const small = await measure(Math.max(3, Math.round(seconds / 2)));
    const started = Date.now();
    await insertHistory(client, user!.id, escrow, 1001, historyRows);
    console.log(`\nhistory: bulk-inserted ${historyRows.toLocaleString('en-US')} transactions for one user in ${Math.round((Date.now() - started) / 1000)} s`);
    // Measured once the bulk insert's own aftermath is done (its autovacuum, its checkpoint), as each
    // participation load is: the budget is about the page query's growth, not the insert's.
    await settle(databaseUrl);
    const large = await measure(Math.max(3, Math.round(seconds / 2)));
    const rows: string[][] = [['GET /api/points/history (first page, 8 connections)', '1 k: mean / p99 ms', `${historyRows / 1000} k: mean / p99 ms`, 'ratio of means (goal ≤ 1.5)', 'errors']];
    for (const tab of tabs) {
      rows.push([
        `currency=orange&tab=${tab}`,
        `${small[tab]!.mean.toFixed(1)} / ${small[tab]!.p99}`,
        `${large[tab]!.mean.toFixed(1)} / ${large[tab]!.p99}`,
        (large[tab]!.mean / small[tab]!.mean).toFixed(2),
        String(small[tab]!.errors + large[tab]!.errors),
      ]);
    }
    printTable(rows);
  } finally {
    await client.end();
  }
}

function printTable(rows: string[][]) {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
}

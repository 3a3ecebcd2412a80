/**
 * The points benchmark's two pgbench runs (docs/quality.md#speed-api-write): the write budget's
 * baseline, ONE participation per transaction written by `participation.pgbench.sql` into the
 * benchmark's own database (decision 070), and `pgbench -N` on a scratch database, printed beside it
 * for continuity with the earlier figures. Both at 32 clients on 2 threads, as wrk sends the HTTP
 * participations.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { projectLockNamespace } from '../../apps/api/src/modules/projects/projects.repository.ts';
import { percentile } from './load.ts';
import { adminUrl, createFreshDatabase, withDatabase } from './points-setup.ts';
import { repoRoot } from './processes.ts';

const run = promisify(execFile);
const clients = ['-c', '32', '-j', '2'];

function connectionOf(databaseUrl: string): { args: string[]; database: string } {
  const target = new URL(databaseUrl);
  return {
    args: ['-h', target.hostname, '-p', target.port || '5432', '-U', decodeURIComponent(target.username) || 'postgres'],
    database: target.pathname.slice(1),
  };
}

/**
 * Before each measured run: fresh statistics and a checkpoint, so that neither an autovacuum of the
 * rows just written nor a checkpoint's full-page writes lands inside one run and not another.
 */
export async function settle(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('vacuum analyze');
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
}

/** `pgbench -N` on a scratch database of scale 10; `measure` settles it first and answers its tps. */
export async function createPgbenchBaseline(seconds: number) {
  const url = await createFreshDatabase('orchard_pgbench');
  const { args, database } = connectionOf(url);
  await run('pgbench', ['-i', '-s', '10', '-q', ...args, database], { cwd: repoRoot });
  return {
    async measure(): Promise<number> {
      await settle(url);
      const { stdout } = await run('pgbench', ['-N', ...clients, '-T', String(seconds), ...args, database], { cwd: repoRoot });
      return Math.round(figure(stdout, /tps = ([\d.]+)/));
    },
    async drop() {
      const admin = new pg.Client({ connectionString: withDatabase(adminUrl, 'postgres') });
      await admin.connect();
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    },
  };
}

export type ScriptRun = { tps: number; p99Ms: number; transactions: number; failed: number };

let scriptRuns = 0;

/**
 * `participation.pgbench.sql` for `seconds` on the benchmark's database: each transaction one
 * participation of `amount` by a random one of the fans `<fanPrefix>1 … <fanPrefix><fans>` into a
 * random one of `projectIds` (consecutive ids). Prepared statements, as the API sends its own by
 * name. p99 from pgbench's per-transaction log.
 */
export async function runParticipationScript(
  databaseUrl: string,
  { fans, fanPrefix, projectIds, amount, seconds }: { fans: number; fanPrefix: string; projectIds: readonly number[]; amount: number; seconds: number },
): Promise<ScriptRun> {
  const first = projectIds[0]!;
  if (projectIds.some((id, index) => id !== first + index)) throw new Error(`the script picks projects by id range; these are not consecutive: ${projectIds.join(', ')}`);
  const { args, database } = connectionOf(databaseUrl);
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'orchard-pgbench-'));
  const variables = {
    fans,
    fan_prefix: fanPrefix,
    first_project: first,
    projects: projectIds.length,
    amount,
    lock_namespace: projectLockNamespace,
    run: `${process.pid}-${scriptRuns++}`,
  };
  try {
    const { stdout } = await run(
      'pgbench',
      [
        '-n',
        '-M',
        'prepared',
        '-f',
        path.join(repoRoot, 'bench/src/participation.pgbench.sql'),
        ...clients,
        '-T',
        String(seconds),
        '-l',
        `--log-prefix=${path.join(folder, 'tx')}`,
        ...Object.entries(variables).flatMap(([name, value]) => ['-D', `${name}=${value}`]),
        ...args,
        database,
      ],
      { cwd: repoRoot },
    );
    return {
      tps: Math.round(figure(stdout, /tps = ([\d.]+)/)),
      p99Ms: Math.round(percentile(await latenciesUs(folder), 0.99) / 100) / 10,
      transactions: figure(stdout, /number of transactions actually processed: (\d+)/),
      failed: figure(stdout, /number of failed transactions: (\d+)/),
    };
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

function figure(stdout: string, pattern: RegExp): number {
  const value = Number(stdout.match(pattern)?.[1]);
  if (!Number.isFinite(value)) throw new Error(`pgbench printed no ${pattern.source}:\n${stdout}`);
  return value;
}

/** The third field of each line of pgbench's transaction logs (`client tx latency_us script epoch us`). */
async function latenciesUs(folder: string): Promise<number[]> {
  const latencies: number[] = [];
  for (const file of await fs.readdir(folder)) {
    for (const line of (await fs.readFile(path.join(folder, file), 'utf8')).split('\n')) {
      const latency = Number(line.split(' ')[2]);
      if (line !== '' && Number.isFinite(latency)) latencies.push(latency);
    }
  }
  return latencies;
}

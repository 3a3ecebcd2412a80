/**
 * `npm run bench -- rush` (docs/capacity.md): the first minutes of a popular project. Simulated fans
 * arrive at a rising rate and each walks the way a fan does: opens the project page (the project,
 * its comments, who is signed in), signs in with Google (the API's real start, code exchange and ID
 * token checks against a loopback provider, rush-identity-provider.ts), opens the participation
 * sheet (who they are, their balances), participates with an Idempotency-Key and sees the page
 * again. Two API processes (the built bundle, production settings, Redis for the rate limits) share
 * one PostgreSQL; each request goes to the next process in turn, as a balancer without sticky
 * sessions sends them (no proxy in between: on this machine its CPU would come out of what is
 * measured). The rate rises step by step until the p99 of a step's API requests passes 250 ms or
 * one fails. The report gives the last rate held, its participations, reads and sign-ins per second,
 * and where the time went: latency per request kind on the client against the API's own handling
 * time for it (the rest is queueing in a busy process), and the CPU of each process, of PostgreSQL,
 * Redis and of this load generator. At the end every acknowledged participation must be in the
 * ledger once and the reconciliation clean, or the exit code is non-zero.
 *
 * Environment: RUSH_STEP_SECONDS (10), RUSH_START_RATE (fans/s, 8), RUSH_GROWTH (1.3 per step),
 * RUSH_FANS (accounts; a fan past them signs in again as an earlier one, 8000), RUSH_P99_MS (250),
 * DATABASE_POOL_SIZE (per process, 20).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { participationSpendKey } from '../../apps/api/src/modules/idempotency/idempotency.service.ts';
import { reconcileLedger } from '../../apps/api/src/modules/points/points.reconciliation.repository.ts';
import { percentile } from './load.ts';
import { apiEnvironment, chargeEveryone, createFreshDatabase, mintUsers } from './points-setup.ts';
import { builtApiServer, freePort, startServer, type Server } from './processes.ts';
import { openFundingProjects } from './projects-setup.ts';
import { startRushIdentityProvider } from './rush-identity-provider.ts';

const stepSeconds = Number(process.env.RUSH_STEP_SECONDS ?? 10);
const startRate = Number(process.env.RUSH_START_RATE ?? 8);
const growth = Number(process.env.RUSH_GROWTH ?? 1.3);
const fanAccounts = Number(process.env.RUSH_FANS ?? 8000);
const p99BudgetMs = Number(process.env.RUSH_P99_MS ?? 250);
const maxSteps = 30;
const amount = 10;
const processCount = 2;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Each process's pool, as compose.yaml deploys it (two processes: 40 of PostgreSQL's 100 connections). */
const poolSize = process.env.DATABASE_POOL_SIZE ?? '20';

type Kind = 'project' | 'comments' | 'me (signed out)' | 'sign-in start' | 'sign-in callback' | 'me' | 'balances' | 'participate' | 'project again';
const kinds: Kind[] = ['project', 'comments', 'me (signed out)', 'sign-in start', 'sign-in callback', 'me', 'balances', 'participate', 'project again'];
/** The API's route pattern for each kind, to read its handling time from /metrics. */
const routeOf: Record<Kind, string> = {
  project: '/api/projects/:projectId',
  comments: '/api/projects/:projectId/comments',
  'me (signed out)': '/api/auth/me',
  'sign-in start': '/api/auth/:provider/start',
  'sign-in callback': '/api/auth/:provider/callback',
  me: '/api/auth/me',
  balances: '/api/points/balances',
  participate: '/api/projects/:projectId/participations',
  'project again': '/api/projects/:projectId',
};

type Sample = { step: number; kind: Kind; ms: number; ok: boolean };
type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

const samples: Sample[] = [];
const failures: string[] = [];
let currentStep = 0;

function cpuSecondsOf(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of each process whose command is `name`, by pid. */
function cpuSecondsByPid(name: string): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === name) byPid.set(Number(entry), cpuSecondsOf(Number(entry)));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return byPid;
}

/**
 * CPU seconds `name`'s processes spent between two readings: a process that started in between counts
 * from zero, one that ended in between is lost (PostgreSQL's backends here are the API pools' own,
 * which stay).
 */
function cpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

type CpuSnapshot = { apis: number[]; postgres: Map<number, number>; redis: Map<number, number>; generator: number };
type CpuUse = { apis: number[]; postgres: number; redis: number; generator: number };
const cpuSnapshot = (apis: Server[]): CpuSnapshot => {
  const own = process.cpuUsage();
  return {
    apis: apis.map((api) => cpuSecondsOf(api.child.pid!)),
    postgres: cpuSecondsByPid('postgres'),
    redis: cpuSecondsByPid('redis-server'),
    generator: (own.user + own.system) / 1e6,
  };
};
/** Cores used between two snapshots `seconds` apart. */
const cpuUse = (before: CpuSnapshot, after: CpuSnapshot, seconds: number): CpuUse => ({
  apis: after.apis.map((value, at) => (value - before.apis[at]!) / seconds),
  postgres: cpuSpent(before.postgres, after.postgres) / seconds,
  redis: cpuSpent(before.redis, after.redis) / seconds,
  generator: (after.generator - before.generator) / seconds,
});

/** The API's handling time per route and method, summed over the processes' /metrics: [seconds, count]. */
async function handlingTimes(metricsPorts: number[]): Promise<Map<string, [number, number]>> {
  const totals = new Map<string, [number, number]>();
  for (const port of metricsPorts) {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    for (const match of text.matchAll(/^orchard_http_request_duration_seconds_(sum|count)\{route="([^"]+)",method="([A-Z]+)",status="\d+"\} ([\d.e+-]+)$/gm)) {
      const key = `${match[3]} ${match[2]}`;
      const entry = totals.get(key) ?? [0, 0];
      entry[match[1] === 'sum' ? 0 : 1] += Number(match[4]);
      totals.set(key, entry);
    }
  }
  return totals;
}

async function poolWaiting(metricsPorts: number[]): Promise<number> {
  let waiting = 0;
  for (const port of metricsPorts) {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    waiting += Number(/^orchard_db_pool_waiting ([\d.]+)$/m.exec(text)?.[1] ?? 0);
  }
  return waiting;
}

export async function runRushBenchmark() {
  const databaseUrl = await createFreshDatabase('orchard_bench_rush');
  const provider = await startRushIdentityProvider();
  const ports = await Promise.all(Array.from({ length: processCount }, () => freePort()));
  const metricsPorts = await Promise.all(Array.from({ length: processCount }, () => freePort()));
  // The site's one address: the sign-in's redirect URI and the Origin of writes name it, whichever process answers.
  const publicUrl = `http://127.0.0.1:${ports[0]}`;
  const redisKeyPrefix = `orchard-rush-${randomBytes(4).toString('hex')}:`;
  const environment = {
    ...apiEnvironment(databaseUrl, publicUrl),
    GOOGLE_CLIENT_ID: provider.clientId,
    GOOGLE_CLIENT_SECRET: provider.clientSecret,
    GOOGLE_ISSUER: provider.issuer,
    ALLOW_INSECURE_ISSUERS: 'true',
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    DATABASE_POOL_SIZE: poolSize,
  };
  const apis: Server[] = [];
  for (let index = 0; index < processCount; index++) {
    apis.push(await startServer(await builtApiServer(), { ...environment, METRICS_PORT: String(metricsPorts[index]) }, '/api/health/ready', ports[index]));
  }
  const agents = apis.map(() => new http.Agent({ keepAlive: true, maxSockets: 512 }));
  const database = await openDatabase({ databaseUrl, dataDir: '', poolSize: 4 });
  try {
    console.log(`rush: ${processCount} API processes (pool ${poolSize} each), steps of ${stepSeconds} s from ${startRate} fans/s × ${growth}, p99 budget ${p99BudgetMs} ms`);
    const fans = await mintUsers(databaseUrl, fanAccounts, 'rush');
    await linkGoogleIdentities(databaseUrl, fans.map((fan) => fan.id));
    await chargeEveryone(database.db, fans, { key: 'rush' });
    const [creator] = await mintUsers(databaseUrl, 1, 'creator');
    const [projectId] = await openFundingProjects(databaseUrl, creator!.id, 1, { purpose: 'ongoing', goal: 1_000_000_000, minimumUnit: amount, fundingEndsInDays: 30 });
    await query(databaseUrl, 'vacuum analyze');

    let nextProcess = 0;
    const send = (method: string, path: string, options: { cookies?: Map<string, string>; body?: string; headers?: Record<string, string> } = {}) =>
      new Promise<Answer>((resolve, reject) => {
        const index = nextProcess++ % apis.length;
        const target = new URL(apis[index]!.address);
        const cookie = options.cookies && options.cookies.size > 0 ? [...options.cookies].map(([name, value]) => `${name}=${value}`).join('; ') : undefined;
        const request = http.request(
          {
            agent: agents[index],
            host: target.hostname,
            port: target.port,
            method,
            path,
            headers: { ...(cookie ? { cookie } : {}), ...(method === 'GET' ? {} : { origin: publicUrl }), ...options.headers },
          },
          (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () => {
              for (const line of response.headers['set-cookie'] ?? []) {
                const [pair] = line.split(';');
                const at = pair!.indexOf('=');
                options.cookies?.set(pair!.slice(0, at), pair!.slice(at + 1));
              }
              resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
            });
          },
        );
        request.on('error', reject);
        request.end(options.body);
      });

    let acknowledged = 0;
    const acknowledgedKeys: string[] = [];
    /** One API request of a fan's walk: timed, and a failure when the status is not the expected one. */
    const step = async (kind: Kind, expected: number, call: () => Promise<Answer>) => {
      const stepOfRequest = currentStep;
      const from = performance.now();
      let answer: Answer | undefined;
      try {
        answer = await call();
      } catch (error) {
        failures.push(`${kind}: ${String(error)}`);
      }
      const ok = answer?.status === expected;
      samples.push({ step: stepOfRequest, kind, ms: performance.now() - from, ok });
      if (answer && !ok) failures.push(`${kind}: ${answer.status} ${answer.body.slice(0, 200)}`);
      return ok ? answer : undefined;
    };

    const walk = async (fanIndex: number) => {
      const subject = `rush-${(fanIndex % fanAccounts) + 1}`;
      const cookies = new Map<string, string>();
      const projectPath = `/api/projects/${projectId}?lang=ko`;
      if (!(await step('project', 200, () => send('GET', projectPath, { cookies })))) return;
      if (!(await step('comments', 200, () => send('GET', `/api/projects/${projectId}/comments`, { cookies })))) return;
      if (!(await step('me (signed out)', 401, () => send('GET', '/api/auth/me', { cookies })))) return;
      const started = await step('sign-in start', 302, () => send('GET', `/api/auth/google/start?returnTo=${encodeURIComponent(`/projects/${projectId}`)}`, { cookies }));
      if (!started) return;
      // The fan picks their account at the provider (not Orchard's time; not counted).
      const authorize = new URL(started.headers.location!);
      authorize.searchParams.set('login_hint', subject);
      const location = await fetch(authorize, { redirect: 'manual' }).then(
        (answer) => answer.headers.get('location'),
        () => null,
      );
      if (!location) {
        failures.push(`the provider sent no fan back for ${subject}`);
        return;
      }
      const callback = new URL(location);
      if (!(await step('sign-in callback', 302, () => send('GET', `${callback.pathname}${callback.search}`, { cookies })))) return;
      if (!(await step('me', 200, () => send('GET', '/api/auth/me', { cookies })))) return;
      if (!(await step('balances', 200, () => send('GET', '/api/points/balances', { cookies })))) return;
      const key = randomUUID();
      const participated = await step('participate', 201, () =>
        send('POST', `/api/projects/${projectId}/participations`, {
          cookies,
          body: JSON.stringify({ amount }),
          headers: { 'content-type': 'application/json', 'idempotency-key': key },
        }),
      );
      if (!participated) return;
      acknowledged++;
      acknowledgedKeys.push(key);
      await step('project again', 200, () => send('GET', projectPath, { cookies }));
    };

    type StepReport = { step: number; rate: number; fans: number; p99: number; failed: number; cpu: CpuUse; handling: Map<string, [number, number]>; waiting: number };
    const reports: StepReport[] = [];
    const walks: Promise<void>[] = [];
    let fanIndex = 0;
    let before = cpuSnapshot(apis);
    let handlingBefore = await handlingTimes(metricsPorts);
    let held: StepReport | undefined;
    // Step 0 warms the processes up (their JIT, pools and caches) at the first rate and is not judged.
    for (let index = 0; index <= maxSteps; index++) {
      currentStep = index;
      const rate = startRate * growth ** Math.max(0, index - 1);
      const stepStart = performance.now();
      const arrivals = Math.round(rate * stepSeconds);
      let waitingPeak = 0;
      for (let arrival = 0; arrival < arrivals; arrival++) {
        const due = stepStart + (arrival * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        walks.push(walk(fanIndex++));
        if (arrival % Math.max(1, Math.round(rate)) === 0) waitingPeak = Math.max(waitingPeak, await poolWaiting(metricsPorts));
      }
      // The step's requests still running when it ends are its own; the next step starts now, as fans keep coming.
      const after = cpuSnapshot(apis);
      const handlingAfter = await handlingTimes(metricsPorts);
      const stepSamples = samples.filter((sample) => sample.step === index);
      const report: StepReport = {
        step: index,
        rate,
        fans: arrivals,
        p99: percentile(stepSamples.map((sample) => sample.ms), 0.99),
        failed: stepSamples.filter((sample) => !sample.ok).length,
        cpu: cpuUse(before, after, stepSeconds),
        handling: new Map([...handlingAfter].map(([key, [sum, count]]) => [key, [sum - (handlingBefore.get(key)?.[0] ?? 0), count - (handlingBefore.get(key)?.[1] ?? 0)]])),
        waiting: waitingPeak,
      };
      before = after;
      handlingBefore = handlingAfter;
      if (index === 0) continue;
      reports.push(report);
      // A step is judged on what its requests measured once they are all answered.
      const previous = reports.at(-2);
      if (previous) {
        const previousSamples = samples.filter((sample) => sample.step === previous.step);
        previous.p99 = percentile(previousSamples.map((sample) => sample.ms), 0.99);
        previous.failed = previousSamples.filter((sample) => !sample.ok).length;
        console.log(stepLine(previous, previousSamples.length));
        if (previous.p99 > p99BudgetMs || previous.failed > 0) break;
        held = previous;
      }
    }
    await Promise.all(walks);
    const last = reports.at(-1)!;
    const lastSamples = samples.filter((sample) => sample.step === last.step);
    last.p99 = percentile(lastSamples.map((sample) => sample.ms), 0.99);
    last.failed = lastSamples.filter((sample) => !sample.ok).length;
    console.log(stepLine(last, lastSamples.length));
    if (!held && last.p99 <= p99BudgetMs && last.failed === 0) held = last;

    const violations: string[] = [];
    if (!held) {
      violations.push(`no step held p99 ≤ ${p99BudgetMs} ms without failures`);
      printHeld(reports[0]!, 'not held');
    } else printHeld(held, 'held');
    // And the step that passed the budget: which requests grew.
    const broken = reports.find((report) => report.step > (held?.step ?? 0) && (report.p99 > p99BudgetMs || report.failed > 0));
    if (broken && broken !== reports[0]) printHeld(broken, 'not held');
    if (failures.length > 0) console.log(`failed requests: ${failures.length}; first: ${failures.slice(0, 3).join(' | ')}`);

    // Nothing acknowledged is missing, nothing extra is there, and the ledger balances.
    const rows = await query<{ n: number }>(databaseUrl, `select count(*)::int as n from point_transactions where idempotency_key = any($1::text[])`, [
      acknowledgedKeys.map(participationSpendKey),
    ]);
    const participations = await query<{ n: number; raised: number }>(
      databaseUrl,
      `select count(*)::int as n, coalesce(sum(amount), 0)::int as raised from project_participations where project_id = $1`,
      [projectId],
    );
    console.log(`participations acknowledged ${acknowledged}; in the project ${participations[0]!.n} (${participations[0]!.raised} Orange)`);
    if (participations[0]!.n < acknowledged || participations[0]!.raised < acknowledged * amount) violations.push('an acknowledged participation is missing');
    if (rows[0]!.n !== acknowledged) violations.push(`${acknowledged} acknowledged, ${rows[0]!.n} found by their keys`);
    const reconciliation = await reconcileLedger(database.db, new Date());
    if (reconciliation.violations.length > 0) violations.push(`reconciliation: ${JSON.stringify(reconciliation.violations.slice(0, 3))}`);
    if (violations.length > 0) {
      console.error(`\nRUSH FAILED:\n${violations.join('\n')}`);
      process.exitCode = 1;
    }
  } finally {
    for (const agent of agents) agent.destroy();
    await Promise.all(apis.map((api) => api.stop()));
    await database.close();
    await provider.close();
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${redisKeyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  }
}

function stepLine(report: { step: number; rate: number; p99: number; failed: number; cpu: CpuUse; waiting: number }, requests: number) {
  const cpu = report.cpu;
  return (
    `step ${String(report.step).padStart(2)}: ${report.rate.toFixed(1).padStart(6)} fans/s, ${(requests / stepSeconds).toFixed(0).padStart(5)} API req/s, ` +
    `p99 ${report.p99.toFixed(0).padStart(5)} ms, failed ${report.failed}; CPU cores: API ${cpu.apis.map((value) => value.toFixed(2)).join(' + ')}, ` +
    `PostgreSQL ${cpu.postgres.toFixed(2)}, Redis ${cpu.redis.toFixed(2)}, load generator ${cpu.generator.toFixed(2)}; pool waiting ≤ ${report.waiting}`
  );
}

function printHeld(held: { step: number; rate: number; cpu: CpuUse; handling: Map<string, [number, number]> }, verdict: 'held' | 'not held') {
  const stepSamples = samples.filter((sample) => sample.step === held.step);
  const count = (filter: (sample: Sample) => boolean) => stepSamples.filter(filter).length / stepSeconds;
  const participations = count((sample) => sample.kind === 'participate' && sample.ok);
  const reads = count((sample) => ['project', 'comments', 'me (signed out)', 'me', 'balances', 'project again'].includes(sample.kind));
  const signIns = count((sample) => sample.kind === 'sign-in callback' && sample.ok);
  const apiCores = held.cpu.apis.reduce((sum, value) => sum + value, 0);
  console.log(`\n${verdict}: ${held.rate.toFixed(1)} fans/s ${verdict === 'held' ? `at p99 ≤ ${p99BudgetMs} ms ` : ''}(step ${held.step})`);
  console.log(`  participations ${participations.toFixed(0)}/s, reads ${reads.toFixed(0)}/s, sign-ins ${signIns.toFixed(0)}/s over ${processCount} processes`);
  console.log(`  per API process: ${(participations / processCount).toFixed(0)} participations/s and ${(reads / processCount).toFixed(0)} reads/s, at ${(apiCores / processCount).toFixed(2)} cores each`);
  console.log(
    `  per API core: ${(participations / apiCores).toFixed(0)} participations/s; per PostgreSQL core: ${(participations / Math.max(held.cpu.postgres, 0.01)).toFixed(0)} participations/s ` +
      `(PostgreSQL used ${held.cpu.postgres.toFixed(2)} cores)`,
  );
  console.log('\n  where the time went (client p50 / p99 ms, and the API\'s own handling time, mean ms):');
  for (const kind of kinds) {
    const times = stepSamples.filter((sample) => sample.kind === kind).map((sample) => sample.ms);
    const method = kind === 'participate' ? 'POST' : 'GET';
    const [sum, handled] = held.handling.get(`${method} ${routeOf[kind]}`) ?? [0, 0];
    const shared = kinds.filter((other) => routeOf[other] === routeOf[kind] && (other === 'participate' ? 'POST' : 'GET') === method).length;
    console.log(
      `    ${kind.padEnd(18)} ${percentile(times, 0.5).toFixed(1).padStart(7)} / ${percentile(times, 0.99).toFixed(1).padStart(7)}` +
        `   API ${handled > 0 ? ((sum / handled) * 1000).toFixed(1) : '-'}${shared > 1 ? ' (route shared by ' + shared + ' kinds)' : ''}`,
    );
  }
  const total = apiCores + held.cpu.postgres + held.cpu.redis + held.cpu.generator;
  console.log(
    `  CPU (cores of ${(total).toFixed(2)} used): API ${apiCores.toFixed(2)}, PostgreSQL ${held.cpu.postgres.toFixed(2)}, Redis ${held.cpu.redis.toFixed(2)}, ` +
      `load generator and provider ${held.cpu.generator.toFixed(2)}`,
  );
}

async function query<Row extends pg.QueryResultRow>(databaseUrl: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Each fan's Google account: the subject the provider signs them in as (`rush-<n>` for the fan nicknamed `rush<n>`). */
async function linkGoogleIdentities(databaseUrl: string, userIds: string[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into user_identities (user_id, provider, subject, email)
       select id::uuid, 'google', 'rush-' || ordinality, 'rush-' || ordinality || '@rush.example' from unnest($1::text[]) with ordinality as u(id, ordinality)`,
      [userIds],
    );
  } finally {
    await client.end();
  }
}

/**
 * `npm run chaos` — docs/quality.md#r1 over HTTP: 32 clients × 500 random point operations (charge
 * through the sandbox checkout page, exchange, participation in one of 20 projects, refund, history
 * and balance reads), skewed over 200 users, against two API processes on one fresh PostgreSQL
 * database (decision 080) behind a loopback balancer (apps/api/test/round-robin-proxy.ts, as
 * deploy/Caddyfile's Caddy: readiness probed every 200 ms, a request whose connection failed sent
 * to the other process). 5 times, one of the two (picked from the seed) is killed with SIGKILL and
 * restarted on its port. The balancer's address is the app's public one: every process's
 * PUBLIC_URL (the sandbox checkout page and its returns), and the Origin the clients send. Clients
 * retry a bounded number of times, writes with the same Idempotency-Key. At the end every
 * acknowledged operation must be in the ledger exactly once, no balance negative, every project's
 * escrow as its outcome says, the reconciliation clean, no 5xx outside the kill windows, and no
 * sandbox checkout or payment forgotten: the sandbox keeps them in the database (decision 078), so
 * a 404 from its checkout, an approved charge ending declined, or a refund the gateway refused is
 * a violation (with the in-memory sandbox each restart cost a few hundred refunds). The exit code
 * is non-zero on any violation. Not part of `npm test`.
 *
 * The 20 projects (written straight into the database, projects-setup.ts): 5 limited with a small
 * goal (participations are capped and the project succeeds at once), 5 with a goal nobody reaches
 * and 5 with a small one, all ending today, and 5 that stay open. What HTTP cannot reach is run in
 * this process, as the scheduler would, with one clock 400 days ahead (every bonus Orange and all
 * Berry lots are past their end then, and every return is re-credited for 30 days): the expiry of
 * lots after each restart and at the end, and the close of the funding (two sweeps at once, racing
 * the late participations still arriving) after the third restart and at the end.
 *
 * Then closes under kills (chaos-close.ts): projects of several thousand participations fail at a
 * close the API processes' own schedulers run, while the process running it is killed in the
 * middle and restarted; every participation must come back exactly once.
 *
 * Environment: CHAOS_CLIENTS (32), CHAOS_OPS (500 per client), CHAOS_USERS (200), CHAOS_KILLS (5),
 * CHAOS_SEED (random; printed, it replays each client's choice of operations and which process each
 * kill takes, not the timing), and chaos-close.ts's CHAOS_CLOSE_*.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { createLocalFileStore } from '../../apps/api/src/lib/storage.ts';
import { createPointsService } from '../../apps/api/src/modules/points/points.service.ts';
import { reconcileLedger } from '../../apps/api/src/modules/points/points.reconciliation.repository.ts';
import { chargePackages, paymentMethods } from '../../packages/shared/src/points.ts';
import { apiEnvironment, createFreshDatabase, mintUsers, type MintedUser } from './points-setup.ts';
import { builtApiServer, freePort, startServer, type Server } from './processes.ts';
import { openFundingProjects } from './projects-setup.ts';
import { buildServices } from '../../apps/api/src/services.ts';
import { closesUnderKills } from './chaos-close.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../apps/api/test/round-robin-proxy.ts';

const clientCount = Number(process.env.CHAOS_CLIENTS ?? 32);
const opsPerClient = Number(process.env.CHAOS_OPS ?? 500);
const userCount = Number(process.env.CHAOS_USERS ?? 200);
const killCount = Number(process.env.CHAOS_KILLS ?? 5);
const seed = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** Attempts per request before a client gives up (the operation then counts as not acknowledged). */
const maxAttempts = 10;
/** A 5xx this soon after the restarted API answered still counts as inside the kill window. */
const windowGraceMs = 1000;
const sweepAheadMs = 400 * 24 * 3600 * 1000;

type OpType = 'charge' | 'charge_declined' | 'exchange' | 'participate' | 'refund' | 'history' | 'balance';

/** mulberry32: a small seeded generator, one per client, so a seed replays each client's choices. */
function generator(state: number) {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A charge's end. The in-memory sandbox's 'vanished' (a restart forgot the checkout or the payment)
 * is gone with decision 078: it is now an unexpected answer.
 */
type ChargeRecord = { user: number; paymentId: string; bonus: number; outcome: 'confirmed' | 'declined' | 'unacked' };
type ExchangeRecord = { user: number; key: string; orange: number; outcome: 'ok' | 'insufficient' | 'unacked'; berry?: number };
type ParticipationRecord = { user: number; key: string; projectId: number; amount: number; outcome: 'ok' | 'refused' | 'unacked'; accepted?: number };
type ChaosProject = { id: number; group: 'capped' | 'unreached' | 'reached' | 'open'; goal: number };
type RefundRecord = { user: number; paymentId: string; key: string; outcome: 'ok' | 'refused' | 'unacked'; code?: string };

const stats = {
  operations: 0,
  requests: 0,
  retried: 0,
  networkErrors: 0,
  perType: {} as Record<OpType, number>,
  fiveHundreds: [] as { at: number; status: number; path: string }[],
  unexpected: [] as string[],
};
const charges: ChargeRecord[] = [];
const exchanges: ExchangeRecord[] = [];
const refunds: RefundRecord[] = [];
const participations: ParticipationRecord[] = [];
let projects: ChaosProject[] = [];
const closeAfterKill = 3;
/** Confirmed, not yet refunded charges per user: what a client may try to refund. */
const refundable = new Map<number, string[]>();
/** [killed at, ready again at] in performance.now() milliseconds. */
const killWindows: [number, number][] = [];

const processCount = 2;
/** How often the balancer probes each process's readiness, and how long it retries a request whose connection failed. */
const proxyProbeMs = 200;
const proxyTryMs = 5000;
const applicationNames = Array.from({ length: processCount }, (_, index) => `orchard-chaos-${index}`);
let apis: Server[] = [];
let proxy: RoundRobinProxy | undefined;
/** The balancer's address: PUBLIC_URL of every process, and the clients' Origin. */
let apiOrigin = '';

type Answer = { status: number; location: string | null; body: unknown };

/**
 * One HTTP request, retried on a lost connection or a 5xx up to `maxAttempts` times with a
 * growing pause (a restart takes a few seconds). Answers null when every attempt failed.
 */
async function request(method: string, path: string, options: { cookie?: string; json?: unknown; form?: string; key?: string } = {}): Promise<Answer | null> {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    if (attempt > 1) {
      stats.retried += 1;
      await sleep(Math.min(150 * 2 ** (attempt - 2), 2000));
    }
    stats.requests += 1;
    const headers: Record<string, string> = {};
    if (options.cookie) headers.cookie = options.cookie;
    // docs/quality.md#s3: writes must come from the app's own origin, as the browser's would.
    if (method !== 'GET') headers.origin = apiOrigin;
    if (options.key) headers['idempotency-key'] = options.key;
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = options.form;
    }
    try {
      const response = await fetch(`${apiOrigin}${path}`, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(15_000) });
      const text = await response.text();
      if (response.status >= 500) {
        stats.fiveHundreds.push({ at: performance.now(), status: response.status, path });
        continue;
      }
      let parsed: unknown = text;
      if ((response.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
      return { status: response.status, location: response.headers.get('location'), body: parsed };
    } catch {
      stats.networkErrors += 1;
    }
  }
  return null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const errorCode = (body: unknown) => (body as { error?: { code?: string } } | null)?.error?.code ?? 'none';

/** Charge through the sandbox end to end: create, approve (or decline) on the checkout page's form, follow the return URL. */
async function charge(user: number, who: MintedUser, random: () => number, decline: boolean, key: string) {
  const chargePackage = chargePackages[Math.floor(random() * chargePackages.length)]!;
  const method = paymentMethods[Math.floor(random() * paymentMethods.length)]!;
  const created = await request('POST', '/api/points/charges', { cookie: who.cookie, json: { packageId: chargePackage.id, method }, key });
  if (!created || created.status !== 200) {
    if (created) stats.unexpected.push(`create charge answered ${created.status} ${errorCode(created.body)}`);
    return;
  }
  const { charge: pending, checkoutUrl } = created.body as { charge: { id: string }; checkoutUrl: string };
  const record: ChargeRecord = { user, paymentId: pending.id, bonus: chargePackage.bonusOrange, outcome: 'unacked' };
  charges.push(record);
  const checkoutPath = new URL(checkoutUrl).pathname;
  const decided = await request('POST', `${checkoutPath}/${decline ? 'decline' : 'approve'}`, {
    form: decline ? 'code=REJECT_CARD_PAYMENT' : `method=${method}`,
  });
  if (!decided) return;
  // Decision 078: the sandbox keeps its checkouts in the database, so no restart forgets one, and
  // the sandbox has no payment window that expires; a 404 here (the 'vanished' charges of the
  // in-memory sandbox) is a violation like any other unexpected answer.
  if (decided.status !== 303 || !decided.location) {
    stats.unexpected.push(`sandbox ${decline ? 'decline' : 'approve'} of ${pending.id} answered ${decided.status}`);
    return;
  }
  if (decided.location.startsWith('/')) {
    // The app's completed-charge page: the sandbox found the checkout finished. A retry of an
    // approval whose answer a kill lost gets the same success return again (decision 078), and a
    // retried decline its failure return, so neither lands here.
    stats.unexpected.push(`a retried ${decline ? 'decline' : 'approval'} sent the browser to its completed charge: ${pending.id}`);
    return;
  }
  const back = new URL(decided.location);
  // The owner's browser comes back with its session cookie: the return acts only for the owner (decision 020).
  const returned = await request('GET', `${back.pathname}${back.search}`, { cookie: who.cookie });
  if (!returned) return;
  if (returned.status !== 302) {
    stats.unexpected.push(`payment return answered ${returned.status} ${errorCode(returned.body)}`);
    return;
  }
  const final = await request('GET', `/api/points/charges/${pending.id}`, { cookie: who.cookie });
  if (!final || final.status !== 200) return;
  const { status, failure } = final.body as { status: string; failure: { code: string } | null };
  if (status === 'confirmed') {
    if (decline) stats.unexpected.push(`a declined checkout was credited: ${pending.id}`);
    record.outcome = 'confirmed';
    refundable.set(user, [...(refundable.get(user) ?? []), pending.id]);
  } else if (status === 'declined' && decline) {
    record.outcome = 'declined';
  } else {
    // An approved checkout that ends declined was, with the in-memory sandbox, a payment a restart
    // forgot (the confirm answered an unknown code, stored as PAYMENT_FAILED). Decision 078 keeps it.
    stats.unexpected.push(`an approved checkout ended ${status}${failure ? ` (${failure.code})` : ''} after its return: ${pending.id}`);
  }
}

async function exchange(user: number, who: MintedUser, random: () => number, key: string) {
  const orange = 1 + Math.floor(random() ** 2 * 400);
  const record: ExchangeRecord = { user, key, orange, outcome: 'unacked' };
  exchanges.push(record);
  const answer = await request('POST', '/api/points/exchange', { cookie: who.cookie, key, json: { orange } });
  if (!answer) return;
  if (answer.status === 200) {
    record.outcome = 'ok';
    record.berry = (answer.body as { berry: number }).berry;
  } else if (answer.status === 422 && errorCode(answer.body) === 'points.insufficient') {
    record.outcome = 'insufficient';
  } else {
    stats.unexpected.push(`exchange answered ${answer.status} ${errorCode(answer.body)}`);
  }
}

async function participate(user: number, who: MintedUser, random: () => number, key: string) {
  const project = projects[Math.floor(random() * projects.length)]!;
  const amount = 10 * (1 + Math.floor(random() ** 2 * 20));
  const record: ParticipationRecord = { user, key, projectId: project.id, amount, outcome: 'unacked' };
  participations.push(record);
  const answer = await request('POST', `/api/projects/${project.id}/participations`, { cookie: who.cookie, key, json: { amount } });
  if (!answer) return;
  const code = errorCode(answer.body);
  if (answer.status === 201) {
    record.outcome = 'ok';
    record.accepted = (answer.body as { participation: { amount: number } }).participation.amount;
    if (record.accepted > amount || (record.accepted < amount && project.group !== 'capped')) stats.unexpected.push(`participation ${key} asked ${amount}, took ${record.accepted}`);
  } else if ((answer.status === 409 && code === 'projects.not_funding') || (answer.status === 422 && (code === 'points.insufficient' || code === 'projects.over_user_limit'))) {
    record.outcome = 'refused';
  } else {
    stats.unexpected.push(`participation answered ${answer.status} ${code}`);
  }
}

async function refund(user: number, who: MintedUser, random: () => number, key: string) {
  const candidates = refundable.get(user) ?? [];
  if (candidates.length === 0) return false;
  const paymentId = candidates[Math.floor(random() * candidates.length)]!;
  const record: RefundRecord = { user, paymentId, key, outcome: 'unacked' };
  refunds.push(record);
  const answer = await request('POST', `/api/points/charges/${paymentId}/refund`, { cookie: who.cookie, key });
  if (!answer) return true;
  const status = answer.status === 200 ? (answer.body as { status: string }).status : undefined;
  const code = errorCode(answer.body);
  if (status === 'refunded') {
    record.outcome = 'ok';
    refundable.set(user, (refundable.get(user) ?? []).filter((id) => id !== paymentId));
  } else if (status === 'confirmed' || (answer.status === 422 && code === 'points.refund_failed')) {
    // The gateway refused the cancellation and the ledger reversed the refund (a retry after a kill
    // answers the charge as it stands: confirmed again). With the in-memory sandbox a restart forgot
    // the payment (NOT_FOUND_PAYMENT), a few hundred a run; decision 078 keeps every payment in the
    // database, so the gateway has no reason left to refuse: a violation.
    record.outcome = 'refused';
    record.code = status === 'confirmed' ? 'answered_confirmed' : code;
    stats.unexpected.push(`refund of ${paymentId} refused by the gateway (${record.code}) although decision 078 keeps its payment`);
  } else if (answer.status === 200) {
    stats.unexpected.push(`refund of ${paymentId} acknowledged as ${status}`);
  } else if ((answer.status === 422 && code === 'points.refund_points_used') || (answer.status === 409 && code === 'points.refund_already_refunded')) {
    // Still legitimate: points of the charge were spent (exchange or participation) before the
    // refund, or another client refunded the same user's charge first (clients share users).
    record.outcome = 'refused';
    record.code = code;
  } else {
    stats.unexpected.push(`refund of ${paymentId} answered ${answer.status} ${code}`);
  }
  return true;
}

async function read(who: MintedUser, random: () => number, kind: 'history' | 'balance') {
  const path =
    kind === 'balance'
      ? '/api/points/balances'
      : `/api/points/history?currency=${random() < 0.7 ? 'orange' : 'berry'}&tab=${['all', 'charge', 'spend'][Math.floor(random() * 3)]}`;
  const answer = await request('GET', path, { cookie: who.cookie });
  if (answer && answer.status !== 200) stats.unexpected.push(`GET ${path} answered ${answer.status}`);
}

function pick(random: () => number): OpType {
  const r = random();
  if (r < 0.22) return 'charge';
  if (r < 0.27) return 'charge_declined';
  if (r < 0.42) return 'exchange';
  if (r < 0.62) return 'participate';
  if (r < 0.72) return 'refund';
  if (r < 0.86) return 'history';
  return 'balance';
}

async function runClient(index: number, users: MintedUser[]) {
  const random = generator(seed + index * 7919);
  for (let op = 0; op < opsPerClient; op++) {
    // Skewed: a cube of a uniform number puts about half the operations on the first 13 % of users.
    const user = Math.floor(random() ** 3 * users.length);
    const who = users[user]!;
    let type = pick(random);
    const key = `chaos-${seed}-${index}-${op}`;
    if (type === 'refund' && !(await refund(user, who, random, key))) type = 'balance';
    if (type === 'charge' || type === 'charge_declined') await charge(user, who, random, type === 'charge_declined', key);
    else if (type === 'exchange') await exchange(user, who, random, key);
    else if (type === 'participate') await participate(user, who, random, key);
    if (type === 'history' || type === 'balance') await read(who, random, type);
    stats.perType[type] = (stats.perType[type] ?? 0) + 1;
    stats.operations += 1;
  }
}

async function main() {
  const started = performance.now();
  console.log(`chaos: seed ${seed}, ${clientCount} clients × ${opsPerClient} operations, ${userCount} users, ${killCount} SIGKILLs over ${processCount} API processes`);
  const databaseUrl = await createFreshDatabase('orchard_chaos');
  // The balancer first: its address is the public one (PUBLIC_URL: the sandbox's checkout page and
  // its returns, and the Origin the clients send), whichever process answers.
  proxy = await startRoundRobinProxy({ healthIntervalMs: proxyProbeMs, tryDurationMs: proxyTryMs });
  apiOrigin = proxy.url;
  const environment = apiEnvironment(databaseUrl, apiOrigin);
  const ports = await Promise.all(Array.from({ length: processCount }, () => freePort()));
  // Each process names its connections (node-postgres reads PGAPPNAME), so the closes under kills can
  // tell which process holds a close's lock.
  const environmentOf = (index: number) => ({ ...environment, PGAPPNAME: applicationNames[index]! });
  const built = await builtApiServer();
  // Both at once on the empty database: start-up runs under an advisory lock (decision 080).
  apis = await Promise.all(ports.map((port, index) => startServer(built, environmentOf(index), '/api/health', port)));
  proxy.setTargets(apis.map((api) => api.address));
  const users = await mintUsers(databaseUrl, userCount, 'chaos');
  const database = await openDatabase({ databaseUrl, dataDir: '', poolSize: 4 });
  // The scheduler's expiry sweep, with a clock far enough ahead that lots are past their end.
  const sweeper = createPointsService({ db: database.db, clock: { now: () => new Date(Date.now() + sweepAheadMs) } });
  let expiredLots = 0;
  const sweeps: Promise<void>[] = [];
  const sweep = () => sweeps.push(sweeper.sweepExpiredLots().then(({ expired }) => void (expiredLots += expired)));
  projects = await openChaosProjects(databaseUrl, users);
  // The scheduler's close of the funding, two at once, with a clock past 00:00 KST after today.
  const closer = closingServices(database.db);
  const closes: { succeeded: number; failed: number }[] = [];
  const close = () =>
    sweeps.push(
      Promise.all([closer.closeFundingDue(), closer.closeFundingDue()]).then((outcomes) => void closes.push(...outcomes.map(({ succeeded, failed }) => ({ succeeded, failed })))),
    );

  /** Which process each kill takes, from the seed (the timing is not replayed, the choice is). */
  const pickProcess = generator(seed ^ 0x6b696c6c);
  const killed = Array.from({ length: processCount }, () => 0);
  /**
   * SIGKILL of one process (`target`, or one picked from the seed), then (after `whileDown`) a start
   * on its own port; the window counts as a kill's. The other process serves meanwhile: the
   * balancer stops sending to the dead one at its next probe, and sends a request whose connection
   * failed to the other.
   */
  const restart = async (reason: string, options: { target?: number; whileDown?: () => Promise<void> } = {}) => {
    const target = options.target ?? Math.floor(pickProcess() * processCount);
    const victim = apis[target]!;
    const killedAt = performance.now();
    victim.child.kill('SIGKILL');
    if (victim.child.exitCode === null && victim.child.signalCode === null) await new Promise((resolve) => victim.child.once('exit', resolve));
    await options.whileDown?.();
    apis[target] = await startServer(built, environmentOf(target), '/api/health', ports[target]);
    const readyAt = performance.now();
    killWindows.push([killedAt, readyAt]);
    killed[target]! += 1;
    console.log(`  ${reason}: process ${target} down ${Math.round(readyAt - killedAt)} ms`);
  };

  const total = clientCount * opsPerClient;
  let killing = true;
  const killer = (async () => {
    for (let kill = 1; kill <= killCount && killing; kill++) {
      // Kill at evenly spaced points of progress, so all five land inside the run.
      while (killing && stats.operations < (total * kill) / (killCount + 1)) await sleep(50);
      if (!killing) break;
      await restart(`kill ${kill} at ${stats.operations} operations`);
      sweep();
      if (kill === closeAfterKill) close();
    }
  })();

  await Promise.all(Array.from({ length: clientCount }, (_, index) => runClient(index, users)));
  killing = false;
  await killer;
  const mainKills = killWindows.length;
  sweep();
  close();
  await Promise.all(sweeps);
  const closeChaos = await closesUnderKills({ databaseUrl, db: database.db, restart, applicationNames });
  const duration = (performance.now() - started) / 1000;
  const rssMb = apis.map((api) => api.rssMb());

  const violations = [...stats.unexpected.map((text) => `unexpected answer: ${text}`), ...(await verify(databaseUrl, users)), ...closeChaos.violations];
  const reconciliation = await reconcileLedger(database.db, new Date());
  for (const violation of reconciliation.violations) violations.push(`reconciliation: ${violation.invariant}: ${violation.subject} ${violation.detail}`);
  const outside = stats.fiveHundreds.filter(({ at }) => !killWindows.some(([from, to]) => at >= from && at <= to + windowGraceMs));
  for (const error of outside) violations.push(`${error.status} outside a kill window: ${error.path}`);
  if (mainKills < killCount) violations.push(`only ${mainKills} of ${killCount} kills happened`);
  await database.close();
  await Promise.all(apis.map((api) => api.stop()));
  await proxy.close();

  const count = <T extends { outcome: string }>(records: T[], outcome: T['outcome']) => records.filter((record) => record.outcome === outcome).length;
  const acknowledged =
    count(charges, 'confirmed') + count(charges, 'declined') + count(exchanges, 'ok') + count(exchanges, 'insufficient') + count(refunds, 'ok') + count(refunds, 'refused') + count(participations, 'ok') + count(participations, 'refused');
  console.log(`\noperations ${stats.operations} (${JSON.stringify(stats.perType)}) in ${duration.toFixed(1)} s, ${stats.requests} HTTP requests`);
  console.log(`acknowledged writes ${acknowledged}; retried requests ${stats.retried}; connection errors ${stats.networkErrors}; 5xx ${stats.fiveHundreds.length} (${outside.length} outside kill windows)`);
  const routeOf = (path: string) => path.replace(/\?.*$/, '').replace(/\/(chk|ord|sbx)_[\w-]+|\/[0-9a-f-]{36}|\/\d+/g, '/:id');
  if (stats.fiveHundreds.length > 0) console.log(`  5xx: ${summarise(stats.fiveHundreds.map(({ status, path }) => `${status} ${routeOf(path)}`))}`);
  console.log(
    `charges: ${count(charges, 'confirmed')} confirmed, ${count(charges, 'declined')} declined on purpose, ` +
      `${count(charges, 'unacked')} unanswered`,
  );
  console.log(`exchanges: ${count(exchanges, 'ok')} ok, ${count(exchanges, 'insufficient')} insufficient, ${count(exchanges, 'unacked')} unanswered`);
  const forgotten = refunds.filter((record) => record.code === 'points.refund_failed' || record.code === 'answered_confirmed').length;
  console.log(`refunds: ${count(refunds, 'ok')} ok, ${count(refunds, 'refused')} refused (${summarise(refunds.filter((r) => r.code).map((r) => r.code!))}), ${count(refunds, 'unacked')} unanswered`);
  console.log(`refunds refused by the gateway (a forgotten sandbox charge; must be 0 since decision 078): ${forgotten}`);
  console.log(
    `participations: ${count(participations, 'ok')} ok, ${count(participations, 'refused')} refused, ${count(participations, 'unacked')} unanswered; ` +
      `closes (clock +400 d, two at once): ${closes.map(({ succeeded, failed }) => `${succeeded} succeeded / ${failed} failed`).join(', ')}`,
  );
  console.log(`expiry sweeps (clock +400 d) and closes: ${sweeps.length}, lots expired ${expiredLots}`);
  for (const line of closeChaos.summary) console.log(line);
  console.log(`kills per process: ${killed.join(' / ')}; balancer retries of a failed connection ${proxy.retried.length}`);
  console.log(`kill windows (ms): ${killWindows.map(([from, to]) => Math.round(to - from)).join(', ')}; API RSS at the end ${rssMb.join(' / ')} MB`);
  console.log(`reconciliation: ${reconciliation.ok ? 'clean' : `${reconciliation.violations.length} violations`}`);
  console.log(`violations: ${violations.length}`);
  for (const violation of violations.slice(0, 50)) console.log(`  ${violation}`);
  process.exit(violations.length === 0 ? 0 : 1);
}

function summarise(values: string[]) {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, n]) => `${value} ${n}`).join(', ') || 'none';
}

/** Every acknowledged operation exactly once in the ledger; nothing negative; balances as the lots say. */
async function verify(databaseUrl: string, users: MintedUser[]): Promise<string[]> {
  const violations: string[] = [];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const userId = (index: number) => users[index]!.id;

    // Exchanges: an acknowledged one is one Orange spend and one Berry credit under its key; a refused one is nothing.
    const keyed = await client.query<{ key: string; spends: number; credits: number; orange: number; berry: number }>(
      `select k.key,
         count(*) filter (where t.idempotency_key = 'exchange:' || k.key)::int as spends,
         count(*) filter (where t.idempotency_key = 'exchange-berry:' || k.key)::int as credits,
         coalesce(-sum(t.amount) filter (where t.idempotency_key = 'exchange:' || k.key), 0)::int as orange,
         coalesce(sum(t.amount) filter (where t.idempotency_key = 'exchange-berry:' || k.key), 0)::int as berry
       from unnest($1::text[], $2::uuid[]) as k(key, user_id)
       left join point_transactions t on t.user_id = k.user_id and t.idempotency_key in ('exchange:' || k.key, 'exchange-berry:' || k.key)
       group by k.key`,
      [exchanges.map((record) => record.key), exchanges.map((record) => userId(record.user))],
    );
    const byKey = new Map(keyed.rows.map((row) => [row.key, row]));
    for (const record of exchanges) {
      const row = byKey.get(record.key)!;
      if (record.outcome === 'ok' && (row.spends !== 1 || row.credits !== 1 || row.orange !== record.orange || row.berry !== record.berry)) {
        violations.push(`acknowledged exchange ${record.key}: ${row.spends} spends, ${row.credits} credits, ${row.orange} Orange → ${row.berry} Berry`);
      }
      if (record.outcome === 'insufficient' && row.spends + row.credits !== 0) violations.push(`refused exchange ${record.key} is in the ledger`);
      if (row.spends > 1 || row.credits > 1) violations.push(`exchange ${record.key} applied more than once`);
    }

    // Charges and refunds by payment id.
    const paymentIds = [...new Set([...charges.map((record) => record.paymentId), ...refunds.map((record) => record.paymentId)])];
    const paid = await client.query<{ id: string; status: string; charges: number; bonuses: number; refunds: number; reversals: number }>(
      `select p.id, p.status,
         count(t.id) filter (where t.type = 'charge')::int as charges,
         count(t.id) filter (where t.type = 'bonus')::int as bonuses,
         count(t.id) filter (where t.reason = 'refund_of_charge')::int as refunds,
         count(t.id) filter (where t.reason = 'refund_reversed')::int as reversals
       from payments p left join point_transactions t on t.payment_id = p.id
       where p.id = any($1::uuid[]) group by p.id`,
      [paymentIds],
    );
    const byPayment = new Map(paid.rows.map((row) => [row.id, row]));
    for (const record of charges) {
      const row = byPayment.get(record.paymentId);
      if (!row) {
        violations.push(`charge ${record.paymentId} has no payment row`);
        continue;
      }
      const expectedBonuses = record.bonus > 0 ? 1 : 0;
      if (record.outcome === 'confirmed' && (row.charges !== 1 || row.bonuses !== expectedBonuses)) {
        violations.push(`acknowledged charge ${record.paymentId}: ${row.charges} charge and ${row.bonuses} bonus entries`);
      }
      if (record.outcome === 'declined' && row.charges + row.bonuses !== 0) {
        violations.push(`${record.outcome} charge ${record.paymentId} was credited`);
      }
    }
    for (const record of refunds.filter((r) => r.outcome === 'ok')) {
      const row = byPayment.get(record.paymentId)!;
      // A charge whose earlier refund the gateway refused (and the ledger reversed) carries one more refund than reversals.
      if (row.status !== 'refunded' || row.refunds !== row.reversals + 1) {
        violations.push(`acknowledged refund of ${record.paymentId}: ${row.status}, ${row.refunds} refund and ${row.reversals} reversal entries`);
      }
    }

    violations.push(...(await verifyProjects(client, users)));

    const negative = await client.query<{ what: string }>(
      `select 'wallet ' || user_id as what from point_wallets where least(orange_purchased, orange_bonus, berry_purchased, berry_bonus) < 0
       union all select 'lot ' || id from point_lots where remaining < 0
       union all select 'escrow ' || escrow_account_id from point_postings where escrow_account_id is not null group by escrow_account_id having sum(amount) < 0`,
    );
    for (const row of negative.rows) violations.push(`negative balance: ${row.what}`);

    // What each user sees through the API agrees with the cached wallet (nothing is past its end by the real clock).
    const wallets = await client.query<{ user_id: string; orange: number; berry: number }>(
      `select user_id, (orange_purchased + orange_bonus)::int as orange, (berry_purchased + berry_bonus)::int as berry from point_wallets`,
    );
    const walletOf = new Map(wallets.rows.map((row) => [row.user_id, row]));
    for (const user of users) {
      const answer = await request('GET', '/api/points/balances', { cookie: user.cookie });
      const shown = answer?.body as { orange: { total: number }; berry: { total: number } } | undefined;
      const wallet = walletOf.get(user.id) ?? { orange: 0, berry: 0 };
      if (!shown || shown.orange.total < 0 || shown.berry.total < 0 || shown.orange.total !== wallet.orange || shown.berry.total !== wallet.berry) {
        violations.push(`balances of ${user.id}: API ${JSON.stringify(shown)} vs wallet ${JSON.stringify(wallet)}`);
      }
    }
    const stuck = await client.query<{ n: number }>(`select count(*)::int as n from payments where status = 'refunding'`);
    if (stuck.rows[0]!.n > 0) console.log(`note: ${stuck.rows[0]!.n} refunds left 'refunding' by a kill (the scheduler's repair finishes them after 60 s)`);
  } finally {
    await client.end();
  }
  return violations;
}

/** The 20 projects, one group of 5 per outcome the run exercises (see the header). */
async function openChaosProjects(databaseUrl: string, users: MintedUser[]): Promise<ChaosProject[]> {
  const creator = users[users.length - 1]!.id;
  const groups = [
    { group: 'capped', options: { purpose: 'limited', goal: 3_000, minimumUnit: 10, fundingEndsInDays: 0 } },
    { group: 'unreached', options: { purpose: 'ongoing', goal: 100_000_000, minimumUnit: 10, fundingEndsInDays: 0 } },
    { group: 'reached', options: { purpose: 'ongoing', goal: 2_000, minimumUnit: 10, fundingEndsInDays: 0 } },
    // Open past the sweeps' clock, 400 days ahead.
    { group: 'open', options: { purpose: 'ongoing', goal: 100_000_000, minimumUnit: 10, fundingEndsInDays: 500 } },
  ] as const;
  const made: ChaosProject[] = [];
  for (const { group, options } of groups) {
    for (const id of await openFundingProjects(databaseUrl, creator, 5, options)) made.push({ id, group, goal: options.goal });
  }
  return made;
}

/** The funding close as the API's scheduler runs it, with the expiry sweep's clock (400 days ahead). */
function closingServices(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-chaos-')), PUBLIC_URL: apiOrigin, LOG_LEVEL: 'silent' });
  // The expiry sweep's clock: business time only moves forward. With a close 2 days ahead after an
  // expiry 400 days ahead, a return would credit a lot the expiry had already emptied, a timeline
  // no server lives through.
  const clock = { now: () => new Date(Date.now() + sweepAheadMs) };
  return buildServices(config, { db, clock, files: createLocalFileStore(config.dataDir) }).participations;
}

/**
 * Participations: an acknowledged one is one spend of what the answer said, a refused one is
 * nothing. Projects: a failed one returned each participation exactly once and holds nothing; any
 * other holds its participations; a limited one never passes its goal; the groups end as designed.
 */
async function verifyProjects(client: pg.Client, users: MintedUser[]): Promise<string[]> {
  const violations: string[] = [];
  const spent = await client.query<{ key: string; spends: number; amount: number; project_id: number | null }>(
    `select k.key, count(t.id)::int as spends, coalesce(-sum(t.amount), 0)::int as amount, max(t.project_id) as project_id
     from unnest($1::text[], $2::uuid[]) as k(key, user_id)
     left join point_transactions t on t.user_id = k.user_id and t.type = 'spend' and t.idempotency_key = 'participation:' || k.key
     group by k.key`,
    [participations.map((record) => record.key), participations.map((record) => users[record.user]!.id)],
  );
  const byKey = new Map(spent.rows.map((row) => [row.key, row]));
  for (const record of participations) {
    const row = byKey.get(record.key)!;
    if (row.spends > 1) violations.push(`participation ${record.key} spent ${row.spends} times`);
    if (record.outcome === 'ok' && (row.spends !== 1 || row.amount !== record.accepted || row.project_id !== record.projectId)) {
      violations.push(`acknowledged participation ${record.key}: ${row.spends} spends of ${row.amount} into project ${row.project_id}`);
    }
    if (record.outcome === 'refused' && row.spends !== 0) violations.push(`refused participation ${record.key} is in the ledger`);
  }

  const outcomes = await client.query<{ id: number; status: string; raised: number; escrow: number; participations: number; returns: number; returned_twice: number }>(
    `select p.id, p.status,
       coalesce((select sum(amount) from project_participations pp where pp.project_id = p.id), 0)::int as raised,
       coalesce((select sum(amount) from point_postings pg where pg.escrow_account_id = p.escrow_account_id), 0)::int as escrow,
       (select count(*) from project_participations pp where pp.project_id = p.id)::int as participations,
       (select count(*) from project_participations pp join point_transactions r on r.related_transaction_id = pp.spend_transaction_id and r.type = 'return' where pp.project_id = p.id)::int as returns,
       (select count(*) from (select r.related_transaction_id from project_participations pp join point_transactions r on r.related_transaction_id = pp.spend_transaction_id and r.type = 'return'
          where pp.project_id = p.id group by r.related_transaction_id having count(*) > 1) twice)::int as returned_twice
     from projects p where p.id = any($1::int[])`,
    [projects.map((project) => project.id)],
  );
  const expected = { capped: ['succeeded', 'failed'], unreached: ['failed'], reached: ['succeeded', 'failed'], open: ['funding'] };
  for (const project of projects) {
    const row = outcomes.rows.find((outcome) => outcome.id === project.id)!;
    const what = `project ${project.id} (${project.group}, ${row.status}, raised ${row.raised}, escrow ${row.escrow})`;
    if (!expected[project.group].includes(row.status)) violations.push(`${what}: unexpected status`);
    if (row.status === 'succeeded' && row.raised < project.goal) violations.push(`${what}: succeeded short of its goal ${project.goal}`);
    if (row.status === 'failed' && row.raised >= project.goal) violations.push(`${what}: failed at its goal ${project.goal}`);
    if (project.group === 'capped' && row.raised > project.goal) violations.push(`${what}: a limited project passed its goal ${project.goal}`);
    if (row.returned_twice > 0) violations.push(`${what}: ${row.returned_twice} participations returned twice`);
    if (row.status === 'failed' && (row.escrow !== 0 || row.returns !== row.participations)) violations.push(`${what}: ${row.returns} of ${row.participations} participations returned`);
    if (row.status !== 'failed' && (row.escrow !== row.raised || row.returns !== 0)) violations.push(`${what}: ${row.returns} returns`);
  }
  return violations;
}

function abort(error: unknown) {
  console.error(error);
  for (const api of apis) api.child.kill('SIGKILL');
  process.exit(2);
}

process.on('unhandledRejection', abort);

await main().catch(abort);

export {};

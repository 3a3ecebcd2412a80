/**
 * `npm run chaos` — docs/quality.md#r1 over HTTP: 32 clients × 500 random point operations (charge
 * through the sandbox checkout page, exchange as the spend, refund, history and balance reads),
 * skewed over 200 users, against the API on a fresh PostgreSQL database, while the API is killed
 * with SIGKILL and restarted 5 times. Clients retry a bounded number of times, writes with the same
 * Idempotency-Key. At the end every acknowledged operation must be in the ledger exactly once, no
 * balance negative, the reconciliation clean and no 5xx outside the kill windows; the exit code is
 * non-zero otherwise. Not part of `npm test`.
 *
 * What HTTP cannot reach: there is no spend-into-a-project route yet (projects come later), so the
 * exchange (an Orange spend) stands in for it; expiry needs a clock two months… a year ahead, so the
 * sweep runs in this process, as the scheduler would, with a clock 400 days ahead (every bonus
 * Orange and all Berry lots are past their end then), once after each restart and once at the end.
 *
 * Environment: CHAOS_CLIENTS (32), CHAOS_OPS (500 per client), CHAOS_USERS (200), CHAOS_KILLS (5),
 * CHAOS_SEED (random; printed, it replays each client's choice of operations, not the timing).
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { createPointsService } from '../../apps/api/src/modules/points/points.service.ts';
import { reconcileLedger } from '../../apps/api/src/modules/points/points.reconciliation.repository.ts';
import { chargePackages, paymentMethods } from '../../packages/shared/src/points.ts';
import { apiEnvironment, createFreshDatabase, mintUsers, type MintedUser } from './points-setup.ts';
import { builtApiServer, freePort, startServer, type Server } from './processes.ts';

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

type OpType = 'charge' | 'charge_declined' | 'exchange' | 'refund' | 'history' | 'balance';

/** mulberry32: a small seeded generator, one per client, so a seed replays each client's choices. */
function generator(state: number) {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type ChargeRecord = { user: number; paymentId: string; bonus: number; outcome: 'confirmed' | 'declined' | 'vanished' | 'unacked' };
type ExchangeRecord = { user: number; key: string; orange: number; outcome: 'ok' | 'insufficient' | 'unacked'; berry?: number };
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
/** Confirmed, not yet refunded charges per user: what a client may try to refund. */
const refundable = new Map<number, string[]>();
/** [killed at, ready again at] in performance.now() milliseconds. */
const killWindows: [number, number][] = [];

let api: Server;
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
  if (decided.status === 404) {
    // The sandbox keeps checkouts in memory: a restart forgot this one, as a real payment window
    // that expired. The charge stays pending, never credited: correct, and not acknowledged.
    record.outcome = 'vanished';
    return;
  }
  if (decided.status !== 303 || !decided.location) {
    stats.unexpected.push(`sandbox ${decline ? 'decline' : 'approve'} answered ${decided.status}`);
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
  } else if (status === 'declined' && failure?.code === 'NOT_FOUND_PAYMENT') {
    // Approved, then the API restarted before its confirm reached the (in-memory) sandbox.
    record.outcome = 'vanished';
  } else if (status === 'declined') {
    if (!decline) stats.unexpected.push(`an approved checkout ended declined (${failure?.code}): ${pending.id}`);
    record.outcome = 'declined';
  } else {
    stats.unexpected.push(`charge ${pending.id} is ${status} after its return`);
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

async function refund(user: number, who: MintedUser, random: () => number, key: string) {
  const candidates = refundable.get(user) ?? [];
  if (candidates.length === 0) return false;
  const paymentId = candidates[Math.floor(random() * candidates.length)]!;
  const record: RefundRecord = { user, paymentId, key, outcome: 'unacked' };
  refunds.push(record);
  const answer = await request('POST', `/api/points/charges/${paymentId}/refund`, { cookie: who.cookie, key });
  if (!answer) return true;
  if (answer.status === 200) {
    record.outcome = 'ok';
    const status = (answer.body as { status: string }).status;
    if (status !== 'refunded') stats.unexpected.push(`refund of ${paymentId} acknowledged as ${status}`);
    refundable.set(user, (refundable.get(user) ?? []).filter((id) => id !== paymentId));
  } else if (answer.status === 422 || answer.status === 409) {
    record.outcome = 'refused';
    record.code = errorCode(answer.body);
  } else {
    stats.unexpected.push(`refund answered ${answer.status} ${errorCode(answer.body)}`);
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
  if (r < 0.57) return 'exchange';
  if (r < 0.7) return 'refund';
  if (r < 0.85) return 'history';
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
    if (type === 'history' || type === 'balance') await read(who, random, type);
    stats.perType[type] = (stats.perType[type] ?? 0) + 1;
    stats.operations += 1;
  }
}

async function main() {
  const started = performance.now();
  console.log(`chaos: seed ${seed}, ${clientCount} clients × ${opsPerClient} operations, ${userCount} users, ${killCount} SIGKILLs`);
  const databaseUrl = await createFreshDatabase('orchard_chaos');
  const port = await freePort();
  apiOrigin = `http://127.0.0.1:${port}`;
  const environment = apiEnvironment(databaseUrl, apiOrigin);
  api = await startServer(await builtApiServer(), environment, '/api/health', port);
  const users = await mintUsers(databaseUrl, userCount, 'chaos');
  const database = await openDatabase({ databaseUrl, dataDir: '', poolSize: 4 });
  // The scheduler's expiry sweep, with a clock far enough ahead that lots are past their end.
  const sweeper = createPointsService({ db: database.db, clock: { now: () => new Date(Date.now() + sweepAheadMs) } });
  let expiredLots = 0;
  const sweeps: Promise<void>[] = [];
  const sweep = () => sweeps.push(sweeper.sweepExpiredLots().then(({ expired }) => void (expiredLots += expired)));

  const total = clientCount * opsPerClient;
  let killing = true;
  const killer = (async () => {
    for (let kill = 1; kill <= killCount && killing; kill++) {
      // Kill at evenly spaced points of progress, so all five land inside the run.
      while (killing && stats.operations < (total * kill) / (killCount + 1)) await sleep(50);
      if (!killing) break;
      const killedAt = performance.now();
      api.child.kill('SIGKILL');
      await new Promise((resolve) => api.child.once('exit', resolve));
      api = await startServer(await builtApiServer(), environment, '/api/health', port);
      const readyAt = performance.now();
      killWindows.push([killedAt, readyAt]);
      console.log(`  kill ${kill} at ${stats.operations} operations: down ${Math.round(readyAt - killedAt)} ms`);
      sweep();
    }
  })();

  await Promise.all(Array.from({ length: clientCount }, (_, index) => runClient(index, users)));
  killing = false;
  await killer;
  sweep();
  await Promise.all(sweeps);
  const duration = (performance.now() - started) / 1000;
  const rssMb = api.rssMb();

  const violations = [...stats.unexpected.map((text) => `unexpected answer: ${text}`), ...(await verify(databaseUrl, users))];
  const reconciliation = await reconcileLedger(database.db, new Date());
  for (const violation of reconciliation.violations) violations.push(`reconciliation: ${violation.invariant}: ${violation.subject} ${violation.detail}`);
  const outside = stats.fiveHundreds.filter(({ at }) => !killWindows.some(([from, to]) => at >= from && at <= to + windowGraceMs));
  for (const error of outside) violations.push(`${error.status} outside a kill window: ${error.path}`);
  if (killWindows.length < killCount) violations.push(`only ${killWindows.length} of ${killCount} kills happened`);
  await database.close();
  await api.stop();

  const count = <T extends { outcome: string }>(records: T[], outcome: T['outcome']) => records.filter((record) => record.outcome === outcome).length;
  const acknowledged =
    count(charges, 'confirmed') + count(charges, 'declined') + count(exchanges, 'ok') + count(exchanges, 'insufficient') + count(refunds, 'ok') + count(refunds, 'refused');
  console.log(`\noperations ${stats.operations} (${JSON.stringify(stats.perType)}) in ${duration.toFixed(1)} s, ${stats.requests} HTTP requests`);
  console.log(`acknowledged writes ${acknowledged}; retried requests ${stats.retried}; connection errors ${stats.networkErrors}; 5xx ${stats.fiveHundreds.length} (${outside.length} outside kill windows)`);
  console.log(
    `charges: ${count(charges, 'confirmed')} confirmed, ${count(charges, 'declined')} declined on purpose, ` +
      `${count(charges, 'vanished')} lost their sandbox checkout to a restart (never credited: correct, not acknowledged), ${count(charges, 'unacked')} unanswered`,
  );
  console.log(`exchanges: ${count(exchanges, 'ok')} ok, ${count(exchanges, 'insufficient')} insufficient, ${count(exchanges, 'unacked')} unanswered`);
  console.log(`refunds: ${count(refunds, 'ok')} ok, ${count(refunds, 'refused')} refused (${summarise(refunds.filter((r) => r.code).map((r) => r.code!))}), ${count(refunds, 'unacked')} unanswered`);
  if (refunds.some((record) => record.code === 'points.refund_failed')) {
    console.log('  (points.refund_failed: the charge was confirmed before a restart, so the in-memory sandbox no longer knows it and refuses the cancel; the ledger reversed the refund)');
  }
  console.log(`expiry sweeps (clock +400 d): ${sweeps.length}, lots expired ${expiredLots}`);
  console.log(`kill windows (ms): ${killWindows.map(([from, to]) => Math.round(to - from)).join(', ')}; API RSS at the end ${rssMb} MB`);
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
      if ((record.outcome === 'declined' || record.outcome === 'vanished') && row.charges + row.bonuses !== 0) {
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

process.on('unhandledRejection', (error) => {
  console.error(error);
  api?.child.kill('SIGKILL');
  process.exit(2);
});

await main().catch((error: unknown) => {
  console.error(error);
  api?.child.kill('SIGKILL');
  process.exit(2);
});

export {};

/**
 * `npm run bench -- close [--participations 30000] [--fans n]` (also run by `npm run bench -- points`):
 * the close of one failing project of 30,000 participations from 3,000 fans (10 each by default;
 * docs/quality.md#speed-close), on PostgreSQL, run by the API process itself while participants send
 * exchanges to it the whole time:
 *  - the project is seeded in bulk through the app's own statements for a batch of participations
 *    (the ledger's spends, then the participation rows with the fans' totals, the figures and the
 *    rollup), 1,000 fans a batch, and the reconciliation must be clean before the close;
 *  - the API runs with its test clock (docs/architecture.md#test-clock): moving it 2 days past the
 *    funding end runs every sweep, the close among them, and answers when they are done; the close
 *    lasts until every participation has its return (polled if the answer comes first);
 *  - meanwhile 8 clients send POST /api/points/exchange (10 Orange, a fresh Idempotency-Key) for
 *    random participants, from before the close until after it.
 * Prints the close's duration (goal ≤ 10 s) and the p99 of the exchanges in flight during it (goal
 * ≤ 250 ms); afterwards each participation has exactly one return, each fan's Orange is their charge
 * less what they exchanged, and the reconciliation is clean, or the exit code is non-zero.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase, type Db } from '../../apps/api/src/db/client.ts';
import { systemClock } from '../../apps/api/src/lib/clock.ts';
import { createPointsService } from '../../apps/api/src/modules/points/points.service.ts';
import { reconcileLedger } from '../../apps/api/src/modules/points/points.reconciliation.repository.ts';
import { insertParticipations } from '../../apps/api/src/modules/projects/participations.repository.ts';
import { addToRollupWithin } from '../../apps/api/src/modules/rankings/rankings.service.ts';
import { percentile } from './load.ts';
import { settle } from './pgbench.ts';
import { apiEnvironment, chargeEveryone, createFreshDatabase, mintUsers, orangePerCharge, type MintedUser } from './points-setup.ts';
import { openFundingProjects } from './projects-setup.ts';
import { builtApiServer, freePort, startServer } from './processes.ts';

const participationAmount = 10;
const exchangeOrange = 10;
const exchangeClients = 8;
const fansPerStatement = 1000;
/** Days the test clock moves: past the close at 00:00 KST after a funding end of tomorrow. */
const clockDays = 2;
const closeGiveUpMs = 30 * 60_000;

export type CloseOptions = { participations: number; fans: number };

export function closeOptionsFrom(options: Record<string, string>): CloseOptions {
  const participations = Number(options.participations ?? 30_000);
  const fans = Number(options.fans ?? Math.max(1, Math.round(participations / 10)));
  if (!Number.isInteger(participations) || participations < 1 || !Number.isInteger(fans) || fans < 1 || fans > participations) {
    throw new Error(`--participations and --fans must be whole numbers with 1 ≤ fans ≤ participations (got ${participations}, ${fans})`);
  }
  return { participations, fans };
}

export async function runCloseBenchmark({ participations, fans: fanCount }: CloseOptions) {
  const databaseUrl = await createFreshDatabase('orchard_bench_close');
  const port = await freePort();
  const address = `http://127.0.0.1:${port}`;
  // The test clock is refused in production mode; nothing else in the API reads NODE_ENV.
  const api = await startServer(await builtApiServer(), { ...apiEnvironment(databaseUrl, address), NODE_ENV: 'test', TEST_CLOCK: 'on' }, '/api/health', port);
  const database = await openDatabase({ databaseUrl, dataDir: '', poolSize: 8 });
  const agent = new http.Agent({ keepAlive: true });
  try {
    const seedStarted = performance.now();
    const fans = await mintUsers(databaseUrl, fanCount, 'closefan');
    const [operator] = await mintUsers(databaseUrl, 1, 'closeoperator');
    await asOperator(databaseUrl, operator!.id);
    await chargeEveryone(database.db, fans, { key: 'close' });
    const [projectId] = await openFundingProjects(databaseUrl, operator!.id, 1, { purpose: 'ongoing', goal: 100_000_000, minimumUnit: participationAmount, fundingEndsInDays: 1 });
    await seedParticipations(database.db, databaseUrl, projectId!, fans, participations);
    const before = await reconcileLedger(database.db, new Date());
    console.log(
      `seeded ${participations.toLocaleString('en-US')} participations from ${fanCount.toLocaleString('en-US')} fans in ${Math.round((performance.now() - seedStarted) / 1000)} s; ` +
        `reconciliation before the close: ${before.ok ? 'clean' : JSON.stringify(before.violations.slice(0, 5))}`,
    );
    if (!before.ok) throw new Error('the seeded ledger does not reconcile');
    await settle(databaseUrl);

    const exchanges = exchangeLoad(address, agent, fans);
    await sleep(2000);
    const closeStarted = performance.now();
    const moved = await post(agent, address, '/api/operator/test-clock', { days: clockDays }, operator!.cookie);
    const answeredAt = performance.now();
    if (moved.status !== 200) throw new Error(`moving the test clock answered ${moved.status}: ${moved.body}`);
    while ((await returnsOf(databaseUrl, projectId!)).returned < participations) {
      if (performance.now() - closeStarted > closeGiveUpMs) throw new Error(`the close did not return every participation in ${closeGiveUpMs / 60_000} minutes`);
      await sleep(250);
    }
    const closeEnded = performance.now();
    await sleep(1000);
    const sent = await exchanges.stop();

    const during = sent.filter((exchange) => exchange.startedAt <= closeEnded && exchange.endedAt >= closeStarted);
    const returns = await returnsOf(databaseUrl, projectId!);
    const restored = await balancesRestored(databaseUrl, fans);
    const after = await reconcileLedger(database.db, new Date(Date.now() + clockDays * 86_400_000));
    const closeSeconds = (closeEnded - closeStarted) / 1000;
    const p99 = percentile(during.map((exchange) => exchange.endedAt - exchange.startedAt), 0.99);
    const failedExchanges = sent.filter((exchange) => exchange.status !== 200);
    console.log(
      `close of ${participations.toLocaleString('en-US')} participations: ${closeSeconds.toFixed(1)} s (goal ≤ 10); the test clock's answer came after ${((answeredAt - closeStarted) / 1000).toFixed(1)} s`,
    );
    console.log(
      `exchanges in flight during the close: ${during.length}, p99 ${Math.round(p99)} ms (goal ≤ 250), max ${Math.round(Math.max(0, ...during.map((exchange) => exchange.endedAt - exchange.startedAt)))} ms; ` +
        `all exchanges: ${sent.length}, ${failedExchanges.length} not 200 (${summarise(failedExchanges.map((exchange) => String(exchange.status)))})`,
    );
    console.log(`returns: ${returns.returned} of ${returns.participations} participations, ${returns.twice} returned more than once; project ${returns.status}`);
    console.log(`fans whose Orange is their charge less their exchanges: ${restored.restored} of ${fanCount}`);
    console.log(`reconciliation after the close: ${after.ok ? 'clean' : JSON.stringify(after.violations.slice(0, 5))}`);
    if (returns.returned !== participations || returns.twice > 0 || returns.status !== 'failed' || restored.restored !== fanCount || !after.ok || failedExchanges.length > 0) {
      process.exitCode = 1;
    }
  } finally {
    agent.destroy();
    await database.close();
    await api.stop();
  }
}

async function asOperator(databaseUrl: string, userId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`update users set roles = array['operator'] where id = $1`, [userId]);
  } finally {
    await client.end();
  }
}

/**
 * `count` participations of `participationAmount` into the project, spread evenly over the fans,
 * through the statements a batch of participations writes with (decision 067): the ledger's
 * spends, the participation rows, then the rankings' rollup (decision 095). One participation per fan in a batch, each batch in a
 * transaction of its own; nothing else runs meanwhile, so the batch's locks are left out.
 */
export async function seedParticipations(db: Db, databaseUrl: string, projectId: number, fans: MintedUser[], count: number) {
  const points = createPointsService({ db, clock: systemClock });
  const { escrowAccountId, artistId } = await escrowAndArtistOf(databaseUrl, projectId);
  for (let round = 0; round * fans.length < count; round++) {
    const roundFans = fans.slice(0, Math.min(fans.length, count - round * fans.length));
    for (let from = 0; from < roundFans.length; from += fansPerStatement) {
      const batch = roundFans.slice(from, from + fansPerStatement);
      await db.transaction(async (tx) => {
        const spends = await points.spendManyWithin(
          tx,
          batch.map((fan) => ({
            userId: fan.id,
            currency: 'orange' as const,
            amount: participationAmount,
            escrowAccountId,
            projectId,
            reason: 'project_participation' as const,
            idempotencyKey: `participation:close-seed-${projectId}-${round}`,
          })),
        );
        const now = new Date();
        const written = await insertParticipations(
          tx,
          batch.map((fan, index) => {
            const spend = spends[index]!;
            if (!('transactionId' in spend) || spend.replayed) throw new Error(`seeding: a participation of ${fan.id} was not spent: ${'code' in spend ? spend.code : 'replayed'}`);
            return { projectId, userId: fan.id, kind: 'participation' as const, amount: participationAmount, spendTransactionId: spend.transactionId, createdAt: now };
          }),
        );
        if (written.length !== batch.length) throw new Error(`seeding: ${batch.length - written.length} participations were not written`);
        await addToRollupWithin(tx, batch.map((fan) => ({ artistId, kind: 'project', userId: fan.id, amount: participationAmount })), now);
      });
    }
  }
}

async function escrowAndArtistOf(databaseUrl: string, projectId: number): Promise<{ escrowAccountId: number; artistId: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; artist_id: number }>('select escrow_account_id as id, artist_id from projects where id = $1', [projectId]);
    return { escrowAccountId: Number(rows[0]!.id), artistId: Number(rows[0]!.artist_id) };
  } finally {
    await client.end();
  }
}

/** The project's status, its participations, how many have a return, and how many more than one. */
async function returnsOf(databaseUrl: string, projectId: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ status: string; participations: number; returned: number; twice: number }>(
      `with returns as (
         select related_transaction_id, count(*) as n from point_transactions where type = 'return' and project_id = $1 group by related_transaction_id
       )
       select (select status from projects where id = $1) as status, count(*)::int as participations,
         count(r.n)::int as returned, (count(*) filter (where r.n > 1))::int as twice
       from project_participations pp left join returns r on r.related_transaction_id = pp.spend_transaction_id
       where pp.project_id = $1`,
      [projectId],
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

/** Fans whose Orange is all of their charge but what they exchanged: every participation came back. */
async function balancesRestored(databaseUrl: string, fans: MintedUser[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ restored: number }>(
      `select count(*)::int as restored
       from point_wallets w
       left join (select user_id, -sum(amount) as exchanged from point_transactions where currency = 'orange' and type = 'spend' and reason = 'exchange' group by user_id) x
         on x.user_id = w.user_id
       where w.user_id = any($1::uuid[]) and w.orange_purchased + w.orange_bonus + coalesce(x.exchanged, 0) = $2`,
      [fans.map((fan) => fan.id), orangePerCharge],
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

/** `status` 0: the connection failed. */
type SentExchange = { startedAt: number; endedAt: number; status: number };

/** `exchangeClients` loops, each sending one exchange at a time for a random participant, until stopped. */
function exchangeLoad(address: string, agent: http.Agent, fans: MintedUser[]) {
  const sent: SentExchange[] = [];
  let running = true;
  let next = 0;
  const client = async () => {
    while (running) {
      const fan = fans[Math.floor(Math.random() * fans.length)]!;
      const startedAt = performance.now();
      const status = await post(agent, address, '/api/points/exchange', { orange: exchangeOrange }, fan.cookie, `close-bench-exchange-${process.pid}-${next++}`).then(
        (answer) => answer.status,
        () => 0,
      );
      sent.push({ startedAt, endedAt: performance.now(), status });
    }
  };
  const clients = Array.from({ length: exchangeClients }, client);
  return {
    async stop() {
      running = false;
      await Promise.all(clients);
      return sent;
    },
  };
}

/**
 * A JSON POST as the app's own page sends it, through node:http without a time-out: fetch gives up
 * on an answer after 300 s, and the close on a slow path can hold one longer.
 */
function post(agent: http.Agent, address: string, path: string, body: unknown, cookie: string, idempotencyKey?: string): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${address}${path}`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          cookie,
          origin: address,
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

function summarise(values: string[]) {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, n]) => `${value} × ${n}`).join(', ') || 'none';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

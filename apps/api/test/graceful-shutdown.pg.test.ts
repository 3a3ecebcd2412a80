import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participationSpendKey } from '../src/modules/idempotency/idempotency.service.ts';
import { reconcileLedger } from '../src/modules/points/points.reconciliation.repository.ts';
import { startDrainingApi } from './api-process.ts';
import { withDatabase } from './global-setup.ts';
import type { TestContext, TestUser } from './harness.ts';
import { idempotencyKey } from './points-fixtures.ts';
import { creditOrange, fundingProject, projectsTestContext, validRequestBody } from './projects-kit.ts';

/**
 * SIGTERM under load, one process on PostgreSQL (decision 084): fans keep participating and reading
 * while the process is told to stop. Nothing it acknowledged may be missing from the ledger, no
 * answer may be a 5xx other than a draining 503, and the process must say it is not ready before
 * its listener closes, then exit 0.
 */
const drainMs = 800;
const fanCount = 24;

type Answer = { at: number; status: number } | { at: number; error: string };

describe('graceful shutdown under load (PostgreSQL)', () => {
  let t: TestContext;
  const children: ChildProcess[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-shutdown-'));

  beforeAll(async () => {
    ({ t } = await projectsTestContext({ longSessions: true }));
    // The process under test keeps real time: the project is made on today's date.
    t.clock.set(new Date());
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const startServer = (databaseUrl: string) => startDrainingApi({ databaseUrl, dataDir, drainMs, children });


  it('drains, answers every request it took, loses nothing it acknowledged and exits 0', async () => {
    const creator = await t.createUser();
    const operator = await t.createUser({ roles: ['operator'] });
    const artistId = await t.createArtist();
    const project = await fundingProject(t, creator, operator, { ...(await validRequestBody(t, artistId)), purpose: 'ongoing' });
    const unit = project.minimumUnit!;
    const fans: TestUser[] = [];
    for (let index = 0; index < fanCount; index++) {
      const fan = await t.createUser();
      await creditOrange(t, fan.id, 100_000);
      fans.push(fan);
    }
    const { rows } = await t.database.db.execute<{ name: string }>(sql`select current_database() as name`);
    const started = await startServer(withDatabase(process.env.TEST_DATABASE_URL!, rows[0]!.name));
    const { address } = started;

    const errorOf = (error: unknown) => {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return cause?.code ?? cause?.message ?? String(error);
    };
    let listenerGone = false;
    const acknowledged: { userId: string; key: string }[] = [];
    const answers: (Answer & { kind: 'participation' | 'read' })[] = [];
    const readiness: Answer[] = [];

    async function fan(user: TestUser) {
      while (!listenerGone) {
        const key = idempotencyKey();
        try {
          const response = await fetch(`${address}/api/projects/${project.id}/participations`, {
            method: 'POST',
            headers: { cookie: user.cookie, origin: 'http://localhost:3000', 'content-type': 'application/json', 'idempotency-key': key },
            body: JSON.stringify({ amount: unit }),
          });
          await response.arrayBuffer();
          answers.push({ kind: 'participation', at: performance.now(), status: response.status });
          if (response.status === 201) acknowledged.push({ userId: user.id, key });
          const read = await fetch(`${address}/api/projects/${project.id}`, { headers: { cookie: user.cookie } });
          await read.arrayBuffer();
          answers.push({ kind: 'read', at: performance.now(), status: read.status });
        } catch (error) {
          answers.push({ kind: 'participation', at: performance.now(), error: errorOf(error) });
          if (errorOf(error) === 'ECONNREFUSED') listenerGone = true;
        }
      }
    }
    async function probe() {
      while (!listenerGone) {
        try {
          const response = await fetch(`${address}/api/health/ready`);
          await response.arrayBuffer();
          readiness.push({ at: performance.now(), status: response.status });
        } catch (error) {
          readiness.push({ at: performance.now(), error: errorOf(error) });
          if (errorOf(error) === 'ECONNREFUSED') listenerGone = true;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }

    const load = Promise.all([...fans.map(fan), probe()]);
    // SIGTERM mid-stream: once the stream runs at its pace (the first requests warm the process up).
    while (acknowledged.length < 60 && !listenerGone) await new Promise((resolve) => setTimeout(resolve, 50));
    const sigtermAt = performance.now();
    started.child.kill('SIGTERM');
    const exitCode = await started.exited;
    await load;

    expect(exitCode, started.output().slice(-2000)).toBe(0);
    const before = answers.filter((answer) => answer.at < sigtermAt);
    expect(before.length, 'requests answered before SIGTERM').toBeGreaterThan(50);
    expect(before.every((answer) => 'status' in answer && answer.status < 300), JSON.stringify(before.filter((a) => !('status' in a) || a.status >= 300).slice(0, 5))).toBe(true);

    // The ready route said 503 before the listener closed, and liveness was never the signal.
    const firstNotReady = readiness.find((answer) => 'status' in answer && answer.status === 503);
    expect(firstNotReady, JSON.stringify(readiness.slice(-10))).toBeDefined();
    expect(readiness.filter((answer) => 'status' in answer && answer.status === 200 && answer.at > firstNotReady!.at)).toEqual([]);
    const served = answers.filter((answer): answer is { kind: 'participation' | 'read'; at: number; status: number } => 'status' in answer);
    expect(served.filter((answer) => answer.status >= 500 && answer.status !== 503)).toEqual([]);
    // A 503 (a request on a connection the closing listener still held) only once draining began.
    expect(served.filter((answer) => answer.status === 503 && answer.at < firstNotReady!.at - 100)).toEqual([]);
    // Requests answered while draining: the load balancer would still be sending for a while.
    expect(served.filter((answer) => answer.at > firstNotReady!.at && answer.status < 300).length).toBeGreaterThan(0);
    // No request failed before the drain began. After it, a new connection is refused once the
    // listener closed; one the closing listener found idle (keep-alive) may be reset under a request
    // sent at that instant: never acknowledged, so the client retries it with the same key (decision 084).
    const failures = answers.filter((answer): answer is { kind: 'participation' | 'read'; at: number; error: string } => 'error' in answer);
    expect(failures.filter((failure) => failure.at < firstNotReady!.at)).toEqual([]);
    expect(failures.filter((failure) => !['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET'].includes(failure.error))).toEqual([]);
    expect(failures.some((failure) => failure.error === 'ECONNREFUSED')).toBe(true);

    // Every participation it acknowledged is in the ledger and in the project's participations.
    const keys = acknowledged.map(({ key }) => participationSpendKey(key));
    const found = await t.database.db.execute<{ key: string }>(
      sql`select t.idempotency_key as key from point_transactions t join project_participations p on p.spend_transaction_id = t.id where t.idempotency_key = any(${sql.param(keys)}::text[])`,
    );
    expect(acknowledged.length).toBeGreaterThan(50);
    expect(new Set(found.rows.map((row) => row.key))).toEqual(new Set(keys));
    const reconciliation = await reconcileLedger(t.database.db, new Date());
    expect(reconciliation.violations).toEqual([]);
  }, 60_000);

  it('exits 1 and says why when a shutdown step fails (here Redis refuses QUIT)', async () => {
    const redis = await redisRefusingQuit();
    try {
      const { rows } = await t.database.db.execute<{ name: string }>(sql`select current_database() as name`);
      const started = await startDrainingApi({
        databaseUrl: withDatabase(process.env.TEST_DATABASE_URL!, rows[0]!.name),
        dataDir,
        drainMs: 50,
        children,
        env: { REDIS_URL: redis.url },
      });
      const answer = await fetch(`${started.address}/api/health/ready`);
      expect(answer.status).toBe(200);
      started.child.kill('SIGTERM');
      expect(await started.exited, started.output().slice(-2000)).toBe(1);
      expect(redis.quitsRefused()).toBe(1);
      expect(started.output()).toContain('shutdown failed');
    } finally {
      await redis.close();
    }
  }, 60_000);
});

/**
 * A TCP relay to the machine's Redis that answers QUIT with an error instead of passing it on, so
 * the last step of the server's shutdown fails the way a broken connection would make it fail.
 */
async function redisRefusingQuit() {
  let refused = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const redis = net.connect(6379, '127.0.0.1');
    sockets.add(client).add(redis);
    client.on('data', (chunk) => {
      // ioredis sends each command as a RESP array: `*1\r\n$4\r\nquit\r\n`.
      if (/^\*1\r\n\$4\r\nquit\r\n$/i.test(chunk.toString())) {
        refused++;
        client.write('-ERR refused by the test relay\r\n');
      } else redis.write(chunk);
    });
    redis.on('data', (chunk) => client.write(chunk));
    for (const [from, to] of [[client, redis], [redis, client]] as const) {
      from.on('close', () => to.destroy());
      from.on('error', () => to.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    quitsRefused: () => refused,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

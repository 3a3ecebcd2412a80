import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@orchard/shared';
import { participationSpendKey } from '../src/modules/idempotency/idempotency.service.ts';
import { reconcileLedger } from '../src/modules/points/points.reconciliation.repository.ts';
import { startDrainingApi } from './api-process.ts';
import { withDatabase } from './global-setup.ts';
import type { TestContext, TestUser } from './harness.ts';
import { idempotencyKey } from './points-fixtures.ts';
import { creditOrange, fundingProject, projectsTestContext, validRequestBody } from './projects-kit.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.ts';

/**
 * A rolling restart of two API processes on one PostgreSQL behind the round-robin proxy, which
 * behaves as deploy/Caddyfile's Caddy (decision 084, docs/architecture.md#several-processes): fans
 * keep participating and reading through the proxy while each process in turn is sent SIGTERM, exits,
 * and is replaced by a new one. The proxy's readiness probe runs more often than the processes drain,
 * as in production (2 s against 5 s). No answer at the proxy may be a 5xx, no request may fail at the
 * client, and every participation answered 201 must be in the ledger exactly once.
 */
const drainMs = 700;
const healthIntervalMs = 100;
const fanCount = 20;
/** Each fan's pause between two rounds: a steady stream the two cores keep up with. */
const pauseMs = 150;
const projectCount = 6;

type Answer = { kind: 'participation' | 'read'; at: number; status: number } | { kind: 'participation' | 'read'; at: number; error: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('rolling restart of two processes behind the proxy (PostgreSQL)', () => {
  let t: TestContext;
  let proxy: RoundRobinProxy;
  const children: ChildProcess[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-rolling-'));

  beforeAll(async () => {
    ({ t } = await projectsTestContext({ longSessions: true }));
    // The processes keep real time: the project is made on today's date.
    t.clock.set(new Date());
    proxy = await startRoundRobinProxy({ healthIntervalMs });
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await proxy?.close();
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const startServer = (databaseUrl: string) => startDrainingApi({ databaseUrl, dataDir, drainMs, children, env: { DATABASE_POOL_SIZE: '6' } });


  it('replaces both processes under load: zero 5xx and zero failed requests at the proxy, nothing acknowledged lost, both old processes exit 0', async () => {
    const creator = await t.createUser();
    const operator = await t.createUser({ roles: ['operator'] });
    const artistId = await t.createArtist();
    // One person may put in at most half of a goal: the stream is spread over a few projects.
    const projects: Project[] = [];
    for (let index = 0; index < projectCount; index++) projects.push(await fundingProject(t, creator, operator, { ...(await validRequestBody(t, artistId)), purpose: 'ongoing' }));
    const fans: TestUser[] = [];
    for (let index = 0; index < fanCount; index++) {
      const fan = await t.createUser();
      await creditOrange(t, fan.id, 100_000);
      fans.push(fan);
    }
    const { rows } = await t.database.db.execute<{ name: string }>(sql`select current_database() as name`);
    const databaseUrl = withDatabase(process.env.TEST_DATABASE_URL!, rows[0]!.name);
    const processes = await Promise.all([startServer(databaseUrl), startServer(databaseUrl)]);
    proxy.setTargets(processes.map((api) => api.address));

    const errorOf = (error: unknown) => {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return cause?.code ?? cause?.message ?? String(error);
    };
    let stopped = false;
    const acknowledged = new Map<string, string>();
    const answers: Answer[] = [];

    async function fan(user: TestUser) {
      for (let round = 0; !stopped; round++) {
        const project = projects[round % projects.length]!;
        // A participation that got no answer (or a 5xx) is sent again with the same key, as the app does.
        const key = idempotencyKey();
        for (let attempt = 0; attempt < 20; attempt++) {
          try {
            const response = await fetch(`${proxy.url}/api/projects/${project.id}/participations`, {
              method: 'POST',
              headers: { cookie: user.cookie, origin: 'http://localhost:3000', 'content-type': 'application/json', 'idempotency-key': key },
              body: JSON.stringify({ amount: project.minimumUnit }),
            });
            await response.arrayBuffer();
            answers.push({ kind: 'participation', at: performance.now(), status: response.status });
            if (response.status === 201) acknowledged.set(key, user.id);
            if (response.status < 500) break;
          } catch (error) {
            answers.push({ kind: 'participation', at: performance.now(), error: errorOf(error) });
          }
          await sleep(50);
        }
        try {
          const read = await fetch(`${proxy.url}/api/projects/${project.id}`, { headers: { cookie: user.cookie } });
          await read.arrayBuffer();
          answers.push({ kind: 'read', at: performance.now(), status: read.status });
        } catch (error) {
          answers.push({ kind: 'read', at: performance.now(), error: errorOf(error) });
        }
        await sleep(pauseMs);
      }
    }
    const outcome = (answer: Answer) => `${answer.kind} ${'status' in answer ? answer.status : answer.error}`;
    const servedBy = (address: string) => proxy.served.filter(([, target]) => target === address).length;
    const until = async (condition: () => boolean, what: string, ms = 30_000) => {
      const deadline = performance.now() + ms;
      while (!condition()) {
        if (performance.now() > deadline) {
          const counts = new Map<string, number>();
          for (const answer of answers) counts.set(outcome(answer), (counts.get(outcome(answer)) ?? 0) + 1);
          throw new Error(`timed out waiting for ${what}: answers ${JSON.stringify([...counts])}, retried ${JSON.stringify(proxy.retried.slice(0, 10))}`);
        }
        await sleep(50);
      }
    };

    const load = Promise.all(fans.map(fan));
    try {
      // The stream runs at its pace on both processes before the first one is told to stop.
      await until(() => acknowledged.size >= 40 && processes.every((api) => servedBy(api.address) > 10), 'the stream to warm up');
      const old = [...processes];
      const exitCodes: (number | null)[] = [];
      for (let index = 0; index < old.length; index++) {
        old[index]!.child.kill('SIGTERM');
        exitCodes.push(await old[index]!.exited);
        // The old one stays in the proxy's list until its successor joins: only the probe keeps requests off it.
        const successor = await startServer(databaseUrl);
        processes[index] = successor;
        proxy.setTargets(processes.map((api) => api.address));
        // The new process takes its share before the other one is stopped.
        await until(() => servedBy(successor.address) > 20, `process ${index + 1}'s successor to serve`);
      }
      // And for a while after, on the two new processes.
      const after = acknowledged.size;
      await until(() => acknowledged.size >= after + 40, 'the stream after the restart');
      stopped = true;
      await load;

      for (const [index, code] of exitCodes.entries()) expect(code, old[index]!.output().slice(-2000)).toBe(0);
      const failures = answers.filter((answer) => 'error' in answer || answer.status >= 500);
      expect(failures, JSON.stringify(failures.slice(0, 5))).toEqual([]);
      expect([...new Set(answers.map(outcome))].sort()).toEqual(['participation 201', 'read 200']);
      // All four processes answered requests through the proxy.
      for (const api of [...old, ...processes]) expect(servedBy(api.address), api.address).toBeGreaterThan(10);
      console.log(`rolling restart: ${answers.length} answers, ${acknowledged.size} participations acknowledged, ${proxy.retried.length} requests retried by the proxy`, proxy.retried.slice(0, 5));
    } finally {
      stopped = true;
      await load;
    }

    // Every participation answered 201 is in the ledger once, with its participation row; and the
    // projects hold no participation of these fans that was not acknowledged.
    const keys = [...acknowledged.keys()].map(participationSpendKey);
    const found = await t.database.db.execute<{ key: string; count: number }>(
      sql`select t.idempotency_key as key, count(*)::int as count from point_transactions t join project_participations p on p.spend_transaction_id = t.id where t.idempotency_key = any(${sql.param(keys)}::text[]) group by t.idempotency_key`,
    );
    expect(found.rows.filter((row) => row.count !== 1)).toEqual([]);
    expect(new Set(found.rows.map((row) => row.key))).toEqual(new Set(keys));
    const inProject = await t.database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from project_participations where project_id = any(${sql.param(projects.map((project) => project.id))}::int[]) and kind = 'participation'`,
    );
    expect(inProject.rows[0]!.count).toBe(keys.length);
    const reconciliation = await reconcileLedger(t.database.db, new Date());
    expect(reconciliation.violations).toEqual([]);
  }, 150_000);
});

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@orchard/shared';
import { openPostgres } from '../src/db/client.ts';
import { seedSampleMediaIfEmpty } from '../src/modules/media/media.sample-data.ts';
import { createTestContext, type TestContext, type TestUser } from './harness.ts';
import { withDatabase } from './global-setup.ts';
import { expectLedgerClean, idempotencyKey } from './points-fixtures.ts';
import { approve, creditOrange, fundingProject, multipart, photoJpeg, requestProject, validRequestBody } from './projects-kit.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.ts';
import { CookieJar } from './sign-in-browser.ts';
import { startApiProcess, type ApiProcess } from './api-process.ts';

/**
 * Several API processes on one PostgreSQL with Redis, behind a round-robin proxy without sticky
 * sessions (docs/architecture.md#several-processes, decision 080).
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const processCount = 3;
const commentsPerMinute = 6;

function startApi(env: Record<string, string>): Promise<ApiProcess> {
  return startApiProcess(['--import', 'tsx', 'apps/api/src/server.ts'], { cwd: repoRoot, env: { ...process.env, ...env } });
}

describe('several API processes on one PostgreSQL (round-robin proxy, shared Redis and DATA_DIR)', () => {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  const databaseName = `orchard_mp_${randomBytes(4).toString('hex')}`;
  const databaseUrl = withDatabase(process.env.TEST_DATABASE_URL!, databaseName);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-multi-'));
  const redisKeyPrefix = `orchard-mp-${randomBytes(4).toString('hex')}:`;
  const redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true });
  let proxy: RoundRobinProxy;
  let apis: ApiProcess[] = [];
  let t: TestContext;
  let operator: TestUser;
  let artistId: number;

  const env = () => ({
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: proxy.url,
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '6',
    DATA_DIR: dataDir,
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: redisKeyPrefix,
    SEED_SAMPLE_DATA: 'false',
    DEV_IDP: 'on',
    LOG_LEVEL: 'info',
    RATE_LIMIT_SIGN_IN_PER_MINUTE: '10000',
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    RATE_LIMIT_UPLOADS_PER_MINUTE: '10000',
    RATE_LIMIT_COMMENTS_PER_MINUTE: String(commentsPerMinute),
    // Moved only by the last test, so the others run on real time.
    TEST_CLOCK: 'on',
  });

  /** A request through the proxy (or to one process), as the browser sends it: writes carry the app's Origin. */
  const send = (url: string, init: { method?: string; cookie?: string; headers?: Record<string, string>; body?: string | Buffer } = {}) => {
    const method = init.method ?? 'GET';
    return fetch(url, {
      method,
      redirect: 'manual',
      headers: { ...(method === 'GET' ? {} : { origin: proxy.url }), ...(init.cookie ? { cookie: init.cookie } : {}), ...init.headers },
      body: init.body,
    });
  };

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await redis.connect();
    proxy = await startRoundRobinProxy();
  });

  afterAll(async () => {
    for (const api of apis) api.child.kill('SIGKILL');
    await t?.close();
    await proxy?.close();
    const keys = await redis.keys(`${redisKeyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('three processes started at the same moment on an empty database all become ready (one migrates, the others find it done)', async () => {
    const started = await Promise.allSettled(Array.from({ length: processCount }, () => startApi(env())));
    apis = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const failures = started.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : []));
    expect(failures.join('\n')).toBe('');
    for (const api of apis) expect((await fetch(`${api.address}/api/ready`)).status).toBe(200);
    proxy.setTargets(apis.map((api) => api.address));

    // The arranging context: the same database, in this process (its clock the real one, as the processes').
    t = await createTestContext({ database: openPostgres(databaseUrl, 4), env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000', RATE_LIMIT_UPLOADS_PER_MINUTE: '100000' } });
    t.clock.set(new Date());
    // The media catalogue a project request picks from, as in the test template (test/global-setup.ts).
    await seedSampleMediaIfEmpty(t.database.db);
    operator = await t.createUser({ roles: ['operator'] });
    artistId = await t.createArtist();
  }, 150_000);

  it('finishes a development sign-in on whichever process the callback lands, and its session works on every process', async () => {
    const callbacksOn = new Set<string>();
    for (let shift = 0; shift < processCount; shift++) {
      const jar = new CookieJar();
      const browse = async (url: URL, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) => {
        const cookie = jar.header();
        const response = await send(url.href, { ...init, ...(cookie ? { cookie } : {}) });
        jar.store(response.headers.getSetCookie());
        const location = response.headers.get('location');
        return { status: response.status, location: location ? new URL(location, url) : undefined, body: await response.text() };
      };
      let answer = await browse(new URL('/api/auth/dev/start', proxy.url));
      for (let step = 0; step < 10 && answer.location && !answer.location.pathname.startsWith('/api/auth/dev/callback'); step++) {
        const next = answer.location;
        answer = /\/interaction\/[\w-]+$/.test(next.pathname)
          ? await browse(new URL(`${next.pathname}/login`, next), {
              method: 'POST',
              body: new URLSearchParams({ subject: `fan-${shift}`, email: `fan-${shift}@example.com` }).toString(),
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
            })
          : await browse(next);
      }
      expect(answer.location?.pathname, answer.body).toBe('/api/auth/dev/callback');
      // The rotation moved on so that each sign-in's callback lands on another process.
      while (proxy.served.length % processCount !== shift) await send(`${proxy.url}/api/health`);
      const before = proxy.served.length;
      const callback = await browse(answer.location!);
      callbacksOn.add(proxy.served[before]![1]);
      expect(callback.status, callback.body).toBe(302);
      expect(callback.location?.pathname).toBe('/join');

      const ids = new Set<string>();
      for (const api of apis) {
        const me = await send(`${api.address}/api/auth/me`, { cookie: jar.header() });
        expect(me.status).toBe(200);
        ids.add(((await me.json()) as { id: string }).id);
      }
      expect(ids.size).toBe(1);
    }
    expect(callbacksOn.size).toBe(processCount);
  }, 60_000);

  it('keeps one rate-limit counter per bucket in Redis, shared by every process', async () => {
    const fan = await t.createUser();
    const statuses: number[] = [];
    for (let index = 0; index < commentsPerMinute + 3; index++) {
      const response = await send(`${proxy.url}/api/posts/999999999`, {
        method: 'PATCH',
        cookie: fan.cookie,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'hello' }),
      });
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status !== 429)).toHaveLength(commentsPerMinute);
    expect(statuses.slice(commentsPerMinute)).toEqual([429, 429, 429]);
    expect(await redis.keys(`${redisKeyPrefix}rate-limit:comments:*`)).toHaveLength(1);
  });

  it('serves a file uploaded through one process from the others', async () => {
    const creator = await t.createUser();
    const project = await requestProject(t, creator, await validRequestBody(t, artistId));
    await approve(t, operator, project.id);
    const form = multipart([{ name: 'file', filename: 'thumb.jpg', contentType: 'image/jpeg', content: await photoJpeg() }]);
    const uploaded = await send(`${apis[0]!.address}/api/projects/${project.id}/thumbnail`, { method: 'PUT', cookie: creator.cookie, headers: form.headers, body: form.payload });
    expect(uploaded.status).toBe(200);
    const { thumbnailUrl } = ((await uploaded.json()) as { project: Project }).project;
    expect(thumbnailUrl).toBeTruthy();
    const bodies = await Promise.all(
      apis.map(async (api) => {
        const response = await fetch(new URL(thumbnailUrl!, api.address));
        expect(response.status).toBe(200);
        return Buffer.from(await response.arrayBuffer()).toString('base64');
      }),
    );
    expect(new Set(bodies).size).toBe(1);
  });

  it('applies one Idempotency-Key sent to two processes at once once', async () => {
    const creator = await t.createUser();
    const project = await fundingProject(t, creator, operator, { ...(await validRequestBody(t, artistId)), purpose: 'ongoing' });
    const fan = await t.createUser();
    await creditOrange(t, fan.id, project.minimumUnit! * 3);
    for (let round = 0; round < 3; round++) {
      const key = idempotencyKey();
      const answers = await Promise.all(
        apis.slice(0, 2).map((api) =>
          send(`${api.address}/api/projects/${project.id}/participations`, {
            method: 'POST',
            cookie: fan.cookie,
            headers: { 'content-type': 'application/json', 'idempotency-key': key },
            body: JSON.stringify({ amount: project.minimumUnit }),
          }),
        ),
      );
      const bodies = await Promise.all(answers.map(async (answer) => ({ status: answer.status, body: (await answer.json()) as { participation?: { id: number } } })));
      expect(bodies.map((body) => body.status), JSON.stringify(bodies)).toEqual([201, 201]);
      expect(new Set(bodies.map((body) => body.body.participation?.id)).size).toBe(1);
    }
    const balances = await send(`${proxy.url}/api/points/balances`, { cookie: fan.cookie });
    expect(((await balances.json()) as { orange: { total: number } }).orange.total).toBe(0);
  });

  it('keeps the participation race invariant when a rush is spread over every process: never past the goal, each in escrow or refused cleanly', async () => {
    const creator = await t.createUser();
    const project = await fundingProject(t, creator, operator, { ...(await validRequestBody(t, artistId)), purpose: 'limited' });
    const fans: TestUser[] = [];
    for (let index = 0; index < 45; index++) {
      const fan = await t.createUser();
      await creditOrange(t, fan.id, 1_000);
      fans.push(fan);
    }
    const unit = project.minimumUnit!;
    const remaining = project.goal - project.raised;
    const amount = Math.max(unit, Math.ceil(remaining / 15 / unit) * unit);
    const answers = await Promise.all(
      fans.map(async (fan) => {
        const response = await send(`${proxy.url}/api/projects/${project.id}/participations`, {
          method: 'POST',
          cookie: fan.cookie,
          headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey() },
          body: JSON.stringify({ amount }),
        });
        return { status: response.status, body: (await response.json()) as { participation?: { amount: number }; error?: { code: string } } };
      }),
    );
    const accepted = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.participation!.amount);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.every((answer) => answer.status === 409 && answer.body.error?.code === 'projects.not_funding'), JSON.stringify(refused)).toBe(true);
    expect(accepted.reduce((sum, value) => sum + value, 0)).toBe(remaining);
    const after = (await (await send(`${proxy.url}/api/projects/${project.id}`)).json()) as { project: Project };
    expect(after.project).toMatchObject({ status: 'succeeded', raised: project.goal });
    await expectLedgerClean(t);
  }, 60_000);

  it('runs each sweep on one process at a time (its advisory lock): no two runs of a sweep overlap', () => {
    const runs = new Map<string, { from: number; to: number; pid: number }[]>();
    for (const api of apis) {
      for (const line of api.output().split('\n')) {
        if (!line.includes('"sweep done"')) continue;
        // The span each run held its lock for the work (logged before the release, unrounded).
        const entry = JSON.parse(line) as { sweep: string; heldFrom: number; heldTo: number; pid: number };
        expect(entry.heldTo, line).toBeGreaterThanOrEqual(entry.heldFrom);
        runs.set(entry.sweep, [...(runs.get(entry.sweep) ?? []), { from: entry.heldFrom, to: entry.heldTo, pid: entry.pid }]);
      }
    }
    expect(runs.size).toBeGreaterThan(5);
    for (const [sweep, list] of runs) {
      const sorted = list.sort((a, b) => a.from - b.from);
      for (let index = 1; index < sorted.length; index++) expect(sorted[index]!.from, sweep).toBeGreaterThanOrEqual(sorted[index - 1]!.to);
    }
  });

  it('runs every process on one test clock: a move on one process, by hours or by days, reaches the others', async () => {
    type ClockState = { offsetDays: number; offsetHours: number; now: string };
    const clockOf = async (api: ApiProcess) => (await (await send(`${api.address}/api/operator/test-clock`, { cookie: operator.cookie })).json()) as ClockState;
    /** Asks `api` until its clock shows `offsetHours`: each process follows the stored offset on its own (docs/architecture.md#test-clock). */
    const followed = async (api: ApiProcess, offsetHours: number) => {
      let state = await clockOf(api);
      for (let attempt = 0; attempt < 100 && state.offsetHours !== offsetHours; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        state = await clockOf(api);
      }
      return state;
    };
    const move = async (api: ApiProcess, body: { hours: number } | { days: number }) => {
      const response = await send(`${api.address}/api/operator/test-clock`, { method: 'POST', cookie: operator.cookie, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json()) as ClockState;
    };
    const [first, ...others] = apis;
    expect(await move(first!, { hours: 5 })).toMatchObject({ offsetHours: 5, offsetDays: 0 });
    for (const api of others) expect(await followed(api, 5)).toMatchObject({ offsetHours: 5, offsetDays: 0 });
    // And back the other way round, by days: the processes have no leader.
    const moved = await move(others.at(-1)!, { days: 2 });
    expect(moved).toMatchObject({ offsetHours: 53, offsetDays: 2 });
    for (const api of apis) {
      const state = await followed(api, 53);
      expect(state).toMatchObject({ offsetHours: 53, offsetDays: 2 });
      // Business time itself moved, not only the figure: read after the move, each process's now is
      // past the mover's at its answer (one machine's wall clock; a minute for a step of NTP).
      expect(new Date(state.now).getTime()).toBeGreaterThanOrEqual(new Date(moved.now).getTime() - 60_000);
    }
  }, 60_000);
});

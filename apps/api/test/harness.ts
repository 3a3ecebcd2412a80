import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { inject } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openPostgres, pgliteExtensions, wrapPglite, type Database } from '../src/db/client.ts';
import { createManualClock, type ManualClock } from '../src/lib/clock.ts';
import { createLocalFileStore, type LocalFileStore } from '../src/lib/storage.ts';
import { buildServices, type Services } from '../src/services.ts';
import type { MailTransport } from '../src/modules/mail/mail.transport.ts';
import { enabledProviderIds } from '../src/modules/auth/session.service.ts';
import { users } from '../src/modules/users/users.table.ts';
import { userIdentities } from '../src/modules/auth/auth.table.ts';
import { artistFollows, artists } from '../src/modules/artists/artists.table.ts';
import { artistSearchKey } from '@orchard/shared';
import { nicknameKey } from '@orchard/shared/nickname-key';
import { withDatabase } from './global-setup.ts';
import type { App } from '../src/types.ts';

export const testOrigin = 'http://localhost:3000';

/** A fresh database from the migrated template: PGlite by default, PostgreSQL in the postgres project. */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.ORCHARD_TEST_DATABASE === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `orchard_t_${randomBytes(4).toString('hex')}_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    // A test database is thrown away after its file: commits need not wait for the disk (visibility and locking are unchanged).
    await admin.query(`alter database ${name} set synchronous_commit = off`);
    const database = openPostgres(withDatabase(url, name), 10);
    return {
      ...database,
      close: async () => {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const template = fs.readFileSync(inject('pgliteTemplate'));
  const client = await PGlite.create({ loadDataDir: new Blob([template]), extensions: pgliteExtensions });
  return wrapPglite(client);
}

export type TestContext = {
  app: App;
  /** The very service instances the app's routes use (built once by buildServices). */
  services: Services;
  config: Config;
  database: Database;
  clock: ManualClock;
  /** The local store in DATA_DIR (a test of another store passes its own as `deps.files`). */
  files: LocalFileStore;
  dataDir: string;
  /** inject() with the app's own Origin on writes, and optionally a session cookie. */
  request(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  /** Makes a user with a live session directly (sign-in flows have their own tests). */
  createUser(options?: { joined?: boolean; nickname?: string; roles?: string[] }): Promise<TestUser>;
  /** An artist row for tests that need one. */
  createArtist(name?: string): Promise<number>;
  close(): Promise<void>;
};

export type TestUser = { id: string; cookie: string; token: string };

export async function createTestContext(
  options: { env?: Record<string, string>; deps?: Partial<AppDeps>; mailTransport?: MailTransport; database?: Database } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: testOrigin, LOG_LEVEL: 'silent', ...options.env });
  // A test of several API processes passes the database they share (test/multi-process.pg.test.ts).
  const database = options.database ?? (await openTestDatabase());
  const clock = createManualClock();
  const files = createLocalFileStore(dataDir);
  const deps: AppDeps = { database, clock, files, logger: false, ...options.deps };
  const services = buildServices(config, { db: database.db, clock: deps.clock ?? clock, files: deps.files ?? files, paymentGateway: deps.paymentGateway, mailTransport: options.mailTransport, metrics: deps.metrics });
  const app = await buildApp(config, { ...deps, services });
  await app.ready();
  const { sessions } = services;
  // Test users sign in through a provider this configuration offers, as real ones would.
  const testProvider = [...enabledProviderIds(config)][0] ?? 'dev';
  let userCounter = 0;

  const context: TestContext = {
    app,
    services,
    config,
    database,
    clock,
    files,
    dataDir,
    request({ cookie, headers, ...rest }) {
      const method = (rest.method ?? 'GET').toUpperCase();
      const writeHeaders = method === 'GET' || method === 'HEAD' ? {} : { origin: testOrigin };
      return app.inject({
        ...rest,
        headers: { ...writeHeaders, ...(cookie ? { cookie } : {}), ...headers },
      } as InjectOptions);
    },
    async createUser({ joined = true, nickname, roles = [] } = {}) {
      userCounter += 1;
      const chosenNickname = nickname ?? (joined ? `user${userCounter}_${randomBytes(2).toString('hex')}` : null);
      const [user] = await database.db
        .insert(users)
        .values({
          nickname: chosenNickname,
          nicknameKey: chosenNickname ? nicknameKey(chosenNickname) : null,
          joinState: joined ? 'joined' : 'agreements',
          joinedAt: joined ? clock.now() : null,
          roles,
        })
        .returning({ id: users.id });
      const id = user!.id;
      await database.db.insert(userIdentities).values({ userId: id, provider: testProvider, subject: `test-${id}` });
      if (joined) {
        const artistId = await context.createArtist();
        await database.db.insert(artistFollows).values({ userId: id, artistId, createdAt: clock.now() });
        await database.db.update(artists).set({ followerCount: 1 }).where(eq(artists.id, artistId));
      }
      const { token } = await sessions.create(id, testProvider);
      return { id, token, cookie: `${config.session.cookieName}=${token}` };
    },
    async createArtist(name = `Artist ${randomBytes(3).toString('hex')}`) {
      const names = { ko: name, en: name, zh: name, ja: name, es: name };
      const [row] = await database.db
        .insert(artists)
        .values({ type: 'solo', names, searchText: artistSearchKey([name]) })
        .returning({ id: artists.id });
      return row!.id;
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return context;
}

/** The JSON error code of a response, for terse assertions. */
export function errorCode(response: LightMyRequestResponse): string | undefined {
  return (response.json() as { error?: { code?: string } }).error?.code;
}

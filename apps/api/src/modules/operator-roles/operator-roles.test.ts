import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { nicknameKey } from '@orchard/shared/nickname-key';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { browse, newBrowser, signIn } from '../../../test/sign-in-browser.ts';
import { openEmbedded, openPostgres, type Database } from '../../db/client.ts';
import { withDatabase } from '../../../test/global-setup.ts';
import { users } from '../users/users.table.ts';
import { grantOperator, revokeOperator, sampleOperatorIdentity, seedSampleOperator } from './operator-roles.ts';

const apiDir = path.resolve(import.meta.dirname, '../../..');
const runCli = promisify(execFile);
// tsx's command line by path: the CLI runs in a scratch folder, where a bare `tsx` would not resolve.
const tsxCli = path.resolve(apiDir, '../../node_modules/tsx/dist/cli.mjs');

/** `npm run ops -- …` as a separate process: the CLI's own start-up, config and exit code. */
async function ops(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await runCli(process.execPath, [tsxCli, path.join(apiDir, 'scripts/ops.ts'), ...args], {
      cwd: os.tmpdir(),
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', LOG_LEVEL: 'silent', ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('operator role changes', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { RATE_LIMIT_SIGN_IN_PER_MINUTE: '10000' } });
  });
  afterAll(() => t.close());

  const rolesOf = async (userId: string) => (await t.database.db.select({ roles: users.roles }).from(users).where(eq(users.id, userId)))[0]!.roles;

  it('grants once, by nickname in any case, revokes, and says when nothing changes', async () => {
    const user = await t.createUser({ nickname: 'Night.Owl' });
    expect(await grantOperator(t.database.db, 'night.owl')).toMatchObject({ outcome: 'granted', nickname: 'Night.Owl', joined: true });
    expect(await grantOperator(t.database.db, 'NIGHT.OWL')).toMatchObject({ outcome: 'unchanged' });
    expect(await rolesOf(user.id)).toEqual(['operator']);
    const operatorOnly = await t.request({ url: '/api/operator/ledger/reconciliation', cookie: user.cookie });
    expect(operatorOnly.statusCode).toBe(200);

    expect(await revokeOperator(t.database.db, 'Night.Owl')).toMatchObject({ outcome: 'revoked' });
    expect(await revokeOperator(t.database.db, 'Night.Owl')).toMatchObject({ outcome: 'unchanged' });
    expect(await rolesOf(user.id)).toEqual([]);
    // The session reads roles per request: the revocation holds at once.
    expect((await t.request({ url: '/api/operator/ledger/reconciliation', cookie: user.cookie })).statusCode).toBe(403);
  });

  it('answers no_such_user for an unknown or deleted account', async () => {
    expect(await grantOperator(t.database.db, 'nobody_here')).toEqual({ outcome: 'no_such_user', nickname: 'nobody_here' });
    const gone = await t.createUser({ nickname: 'gone_user' });
    await t.database.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, gone.id));
    expect(await grantOperator(t.database.db, 'gone_user')).toMatchObject({ outcome: 'no_such_user' });
  });

  it("makes the development identity 'operator' a joined operator with the sample data", async () => {
    await t.createArtist();
    await seedSampleOperator(t.database.db, t.clock.now());
    await seedSampleOperator(t.database.db, t.clock.now());
    const browser = newBrowser();
    const callback = await signIn(t, browser, 'dev', { subject: sampleOperatorIdentity.subject });
    // A joined account goes straight back to the app, not to /join.
    expect(callback.location?.pathname).toBe('/');
    const me = JSON.parse((await browse(t, browser, new URL('/api/auth/me', t.config.publicUrl))).body) as { nickname: string; joinState: string; roles: string[] };
    expect(me).toMatchObject({ nickname: sampleOperatorIdentity.nickname, joinState: 'joined', roles: ['operator'] });
    const accounts = await t.database.db.select({ id: users.id }).from(users).where(eq(users.nicknameKey, nicknameKey(sampleOperatorIdentity.nickname)));
    expect(accounts).toHaveLength(1);
  });
});

/**
 * The CLI against the database of this test project: the embedded one in DATA_DIR (PGlite project),
 * or PostgreSQL through DATABASE_URL (PostgreSQL project).
 */
const onPostgresProject = process.env.ORCHARD_TEST_DATABASE === 'postgres';

describe(`npm run ops on ${onPostgresProject ? 'PostgreSQL' : 'the embedded database'}`, () => {
  let dataDir: string;
  let cliEnv: Record<string, string>;
  let open: () => Promise<Database>;
  let dropDatabase = async () => {};
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-ops-'));
    if (onPostgresProject) {
      const url = process.env.TEST_DATABASE_URL!;
      const name = `orchard_t_ops_${randomBytes(4).toString('hex')}_${process.pid}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
      cliEnv = { DATABASE_URL: withDatabase(url, name), DATA_DIR: dataDir };
      open = async () => openPostgres(withDatabase(url, name), 1);
      dropDatabase = async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      };
    } else {
      cliEnv = { DATA_DIR: dataDir };
      open = () => openEmbedded(dataDir);
    }
    const database = await open();
    await database.migrate();
    await database.db.insert(users).values({ nickname: 'Mina', nicknameKey: nicknameKey('Mina'), joinState: 'joined' });
    await database.close();
  }, 120_000);
  afterAll(async () => {
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const rolesOfMina = async () => {
    const database = await open();
    try {
      return (await database.db.select({ roles: users.roles }).from(users).where(eq(users.nicknameKey, nicknameKey('Mina'))))[0]!.roles;
    } finally {
      await database.close();
    }
  };

  it('grants the role (revoking is the same path, tested above)', async () => {
    const granted = await ops(['grant-operator', 'mina'], cliEnv);
    expect(granted, granted.stderr).toMatchObject({ code: 0 });
    expect(granted.stdout).toContain('Granted the operator role to Mina');
    expect(await rolesOfMina()).toEqual(['operator']);
  }, 120_000);

  if (!onPostgresProject) {
    it('refuses while the server holds the embedded database, changing nothing', async () => {
      // The lock file a running server leaves: this test process stands in for it.
      fs.writeFileSync(path.join(dataDir, 'pglite.lock'), String(process.pid));
      try {
        const refused = await ops(['revoke-operator', 'Mina'], cliEnv);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(`in use by process ${process.pid}`);
      } finally {
        fs.rmSync(path.join(dataDir, 'pglite.lock'), { force: true });
      }
      expect(await rolesOfMina()).toEqual(['operator']);
    }, 120_000);
  }

  it('exits 1 for an unknown nickname or a missing database, and 2 for a wrong command', async () => {
    const unknown = await ops(['grant-operator', 'nobody'], cliEnv);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There is no account with the nickname "nobody"');
    const usage = await ops(['make-admin', 'Mina'], cliEnv);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run ops');
    const missing = await ops(['grant-operator', 'Mina'], { DATA_DIR: path.join(dataDir, 'elsewhere') });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('There is no embedded database');
  }, 120_000);
});

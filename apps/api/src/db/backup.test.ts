import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, openEmbedded, pgliteExtensions, type Database, type Db } from './client.ts';
import { restoreBackup, RestoreRefused, writeBackup } from './backup.ts';
import { reconcileLedger } from '../modules/points/points.reconciliation.repository.ts';
import { createPrivateFileStore } from '../modules/support/support.files.ts';
import { openTestDatabase } from '../../test/harness.ts';
import { charge } from '../../test/points-fixtures.ts';
import { closeWithCleanLedger, creditOrange, fundingProject, postParticipation, projectsTestContext, validRequestBody } from '../../test/projects-kit.ts';

const folders: string[] = [];
const scratch = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-backup-'));
  folders.push(folder);
  return folder;
};
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** What a stopped server leaves in DATA_DIR: its database in DATA_DIR/pglite (a test's database lives in memory). */
async function stopInto(database: Database, dataDir: string) {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const onDisk = await PGlite.create(path.join(dataDir, 'pglite'), { loadDataDir: await client.dumpDataDir('none'), extensions: pgliteExtensions });
  await onDisk.close();
}

const countOf = async (db: Db, table: string) =>
  Number((await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!.n);

/** The PostgreSQL project's database is backed up with pg_dump: the commands refuse it and say so. */
const onPostgresProject = process.env.ORCHARD_TEST_DATABASE === 'postgres';
const apiDir = path.resolve(import.meta.dirname, '../..');

function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], { cwd: apiDir, env: { ...process.env, ...env } }, (error, _stdout, stderr) =>
      resolve({ code: error ? (error as { code?: number }).code ?? 1 : 0, stderr }),
    );
  });
}

if (onPostgresProject) {
  describe('npm run backup and npm run restore on PostgreSQL (docs/decisions/083-backups-and-restores.md)', () => {
    it('refuse DATABASE_URL and point to pg_dump and the README', { timeout: 120_000 }, async () => {
      const env = { DATABASE_URL: process.env.TEST_DATABASE_URL!, DATA_DIR: scratch() };
      const backup = await runScript('backup', [path.join(scratch(), 'x.tar.gz')], env);
      expect(backup.code).toBe(2);
      expect(backup.stderr).toContain('pg_dump');
      const restore = await runScript('restore', [path.join(scratch(), 'x.tar.gz')], env);
      expect(restore.code).toBe(2);
      expect(restore.stderr).toContain('pg_restore');
    });
  });
} else describe('backup and restore of the embedded database (docs/decisions/099-production-extras-reviewed.md)', () => {
  // Each test opens, dumps and reopens whole databases on disk: seconds each on a busy machine.
  it('a backup of a stopped server restores to a clean ledger with its files', { timeout: 300_000 }, async () => {
    const { t, operator, artistId } = await projectsTestContext();
    const creator = await t.createUser();
    const project = await fundingProject(t, creator, operator, await validRequestBody(t, artistId));
    const fans = await Promise.all(Array.from({ length: 6 }, () => t.createUser()));
    const unit = project.minimumUnit ?? 10;
    for (const fan of fans) await creditOrange(t, fan.id, 5 * unit);
    const inquiryImage = await createPrivateFileStore(t.dataDir).save('inquiries', 'png', Buffer.from('an inquiry image'));
    const target = path.join(scratch(), 'orchard.tar.gz');
    try {
      await Promise.all(
        fans.flatMap((fan) => [
          ...Array.from({ length: 5 }, async () => {
            const response = await postParticipation(t, fan, project.id, unit);
            expect(response.statusCode, response.body).toBe(201);
          }),
          charge(t, fan),
        ]),
      );
      const participations = await countOf(t.database.db, 'project_participations');
      await stopInto(t.database, t.dataDir);
      const summary = await writeBackup(t.dataDir, target);
      expect(summary.files).toBeGreaterThanOrEqual(2);
      expect(fs.existsSync(`${target}.partial`)).toBe(false);

      const restoredDir = scratch();
      expect(await restoreBackup(target, restoredDir, { force: false })).toEqual(summary);
      const restored = await openEmbedded(restoredDir);
      try {
        expect(await restored.isMigrated()).toBe(true);
        const result = await reconcileLedger(restored.db, t.clock.now());
        expect(result.violations).toEqual([]);
        expect(await countOf(restored.db, 'project_participations')).toBe(participations);
        const { rows } = await restored.db.execute<{ key: string }>(sql`select thumbnail_path as key from projects where thumbnail_path is not null`);
        expect(rows.length).toBeGreaterThan(0);
        for (const { key } of rows) expect(fs.existsSync(path.join(restoredDir, 'uploads', key)), key).toBe(true);
        expect(fs.readFileSync(path.join(restoredDir, 'private', inquiryImage), 'utf8')).toBe('an inquiry image');
      } finally {
        await restored.close();
      }
    } finally {
      await closeWithCleanLedger(t);
    }
  });

  it('a restore refuses a DATA_DIR that holds data unless forced, and a damaged archive changes nothing', { timeout: 300_000 }, async () => {
    const source = scratch();
    const database = await openTestDatabase();
    await database.db.execute(sql`insert into artists (type, names, search_text) values ('solo', '{"ko":"A","en":"A","zh":"A","ja":"A","es":"A"}', 'a')`);
    const artistsBackedUp = await countOf(database.db, 'artists');
    const archive = path.join(scratch(), 'backup.tar.gz');
    try {
      await stopInto(database, source);
    } finally {
      await database.close();
    }
    await writeBackup(source, archive);
    fs.mkdirSync(path.join(source, 'uploads', 'posts'), { recursive: true });
    fs.writeFileSync(path.join(source, 'uploads', 'posts', 'a.png'), 'a file the restore would replace');
    await expect(restoreBackup(archive, source, { force: false })).rejects.toBeInstanceOf(RestoreRefused);
    const damaged = path.join(path.dirname(archive), 'damaged.tar.gz');
    const bytes = fs.readFileSync(archive);
    fs.writeFileSync(damaged, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(restoreBackup(damaged, source, { force: true })).rejects.toThrow();
    expect(fs.existsSync(path.join(source, 'uploads', 'posts', 'a.png'))).toBe(true);
    // An archive of decision 083's format (a manifest and a dump) is refused, saying so.
    const earlier = scratch();
    fs.writeFileSync(path.join(earlier, 'orchard-backup.json'), '{"format":"orchard-backup","version":1}');
    fs.writeFileSync(path.join(earlier, 'database.tar'), '');
    const earlierArchive = path.join(earlier, 'earlier.tar.gz');
    await tar.create({ gzip: true, file: earlierArchive, cwd: earlier }, ['orchard-backup.json', 'database.tar']);
    await expect(restoreBackup(earlierArchive, source, { force: true })).rejects.toThrow('earlier format');
    expect(fs.existsSync(path.join(source, 'uploads', 'posts', 'a.png'))).toBe(true);
    expect(fs.readdirSync(source).filter((name) => name.startsWith('.restore-'))).toEqual([]);

    await restoreBackup(archive, source, { force: true });
    const reopened = await openEmbedded(source);
    try {
      expect(await countOf(reopened.db, 'artists')).toBe(artistsBackedUp);
      expect(fs.existsSync(path.join(source, 'uploads', 'posts', 'a.png'))).toBe(false);
    } finally {
      await reopened.close();
    }
  });

  it('npm run backup and npm run restore refuse while the server holds DATA_DIR, saying to stop it, and change nothing', { timeout: 120_000 }, async () => {
    const dataDir = scratch();
    fs.mkdirSync(path.join(dataDir, 'pglite'));
    // The lock a running server holds (this process is alive, so the commands find it taken).
    const release = acquireDataDirLock(dataDir);
    try {
      const target = path.join(scratch(), 'x.tar.gz');
      const backup = await runScript('backup', [target], { DATA_DIR: dataDir });
      expect(backup.code, backup.stderr).toBe(1);
      expect(backup.stderr).toContain('Stop it first');
      expect(fs.existsSync(target) || fs.existsSync(`${target}.partial`)).toBe(false);
      fs.writeFileSync(target, 'an archive');
      const restore = await runScript('restore', [target], { DATA_DIR: dataDir });
      expect(restore.code, restore.stderr).toBe(1);
      expect(restore.stderr).toContain('Stop it first');
      expect(fs.readdirSync(dataDir).sort()).toEqual(['pglite', 'pglite.lock']);
    } finally {
      release();
    }
  });
});

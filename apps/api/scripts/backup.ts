import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../src/config.ts';
import { acquireDataDirLock, pgliteExtensions } from '../src/db/client.ts';
import { backupSocketPath, requestBackup, writeBackupFile, type BackupManifest } from '../src/db/backup.ts';

/**
 * `npm run backup -- <file.tar.gz>`: the embedded database and the files of DATA_DIR in one archive
 * (docs/decisions/083-backups-and-restores.md). With the server running it asks the server
 * (DATA_DIR/backup.sock), which keeps serving; with it stopped it opens the database itself.
 * PostgreSQL is backed up with pg_dump or WAL archiving (README, "Backups").
 * Exit codes: 0 written, 1 failed, 2 usage or nothing this command backs up.
 */
const [target, ...extra] = process.argv.slice(2);
if (!target || extra.length > 0 || target.startsWith('-')) {
  console.error('Usage: npm run backup -- <file.tar.gz>');
  process.exit(2);
}
if (fs.existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
if (config.databaseUrl) {
  console.error(
    'DATABASE_URL is set: back up PostgreSQL with pg_dump (or base backups and WAL archiving), and the files with your storage (README, "Backups"). Nothing written.',
  );
  process.exit(2);
}
if (!fs.existsSync(path.join(config.dataDir, 'pglite'))) {
  console.error(`There is no embedded database in ${config.dataDir} (set DATA_DIR); nothing written.`);
  process.exit(2);
}
// npm runs workspace scripts in apps/api; the operator's path is relative to where they typed it.
const file = path.resolve(process.env.INIT_CWD ?? '.', target);
if (fs.existsSync(file)) {
  console.error(`${file} exists already; choose a new name. Nothing written.`);
  process.exit(1);
}

function done(manifest: BackupManifest, how: string) {
  console.log(`Backup written to ${file} (${how}): ${manifest.migrations} migrations, ${manifest.files} files, ${fs.statSync(file).size} bytes.`);
}

let release: (() => void) | undefined;
try {
  release = acquireDataDirLock(config.dataDir);
} catch {
  // The server holds the folder: it takes the backup itself.
  try {
    done(await requestBackup(config.dataDir, file), 'from the running server');
  } catch (error) {
    console.error(
      `The embedded database in ${config.dataDir} is in use and its server did not answer on ${backupSocketPath(config.dataDir)} (${error instanceof Error ? error.message : String(error)}); stop the server and run this again.`,
    );
    process.exitCode = 1;
  }
}
if (release) {
  try {
    const client = await PGlite.create(path.join(config.dataDir, 'pglite'), { extensions: pgliteExtensions });
    try {
      done(await writeBackupFile(client, config.dataDir, file), 'the server stopped');
    } finally {
      await client.close();
    }
  } catch (error) {
    console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    release();
  }
}

import fs, { type Stats } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import { acquireDataDirLock, pgliteExtensions } from './client.ts';

/**
 * Backups of the embedded database and the files in DATA_DIR, with the server stopped
 * (docs/decisions/099-production-extras-reviewed.md, refining 083): one .tar.gz of DATA_DIR's
 * database folder and its public and private files, laid out as in DATA_DIR. Both commands take
 * DATA_DIR's lock, which a running server holds. PostgreSQL is backed up with its own tools
 * (README, "Backups").
 */

/** The folders of DATA_DIR a backup holds: the database, uploads (public) and inquiry images (private). */
const backedUpFolders = ['pglite', 'uploads', 'private'] as const;

export type BackupSummary = { migrations: number; files: number };

/** An archive entry a restore accepts: a name under one of the backed-up folders, with no `.` or `..` step. */
function isBackedUpName(name: string): boolean {
  const steps = name.replace(/\/$/, '').split('/');
  return (backedUpFolders as readonly string[]).includes(steps[0]!) && steps.every((step) => step !== '' && step !== '.' && step !== '..');
}

/** The tar type of an entry being packed (a file's Stats) or read. */
const typeOf = (entry: Stats | tar.ReadEntry) => ('type' in entry ? entry.type : entry.isFile() ? 'File' : entry.isDirectory() ? 'Directory' : 'Other');

/** An archive entry a restore unpacks: a file or folder with a backed-up name. */
const isAccepted = (name: string, type: string) => (type === 'File' || type === 'Directory') && isBackedUpName(name);

/**
 * Opens the database once and counts its migrations: a folder left by a process that died is
 * recovered and checkpointed on close, and one that is not Orchard's (no migrations table) is refused.
 */
async function migrationsIn(folder: string): Promise<number> {
  const client = await PGlite.create(folder, { extensions: pgliteExtensions });
  try {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    return rows[0]?.n ?? 0;
  } finally {
    await client.close();
  }
}

/**
 * Writes DATA_DIR's embedded database and files to `file` (through `file.partial`, renamed once
 * complete). It takes DATA_DIR's lock, so it refuses while the server runs.
 */
export async function writeBackup(dataDir: string, file: string): Promise<BackupSummary> {
  const release = acquireDataDirLock(dataDir);
  const partial = `${file}.partial`;
  try {
    const migrations = await migrationsIn(path.join(dataDir, 'pglite'));
    let files = 0;
    await tar.create(
      {
        gzip: true,
        file: partial,
        cwd: dataDir,
        portable: true,
        // Files and folders only: what a restore accepts. The database's own files are not counted.
        filter: (name, stat) => {
          const type = typeOf(stat);
          if (type === 'File' && !name.startsWith('pglite/')) files++;
          return type === 'File' || type === 'Directory';
        },
      },
      backedUpFolders.filter((folder) => fs.existsSync(path.join(dataDir, folder))),
    );
    await fs.promises.rename(partial, file);
    return { migrations, files };
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  } finally {
    release();
  }
}

export class RestoreRefused extends Error {}

/** True when DATA_DIR holds a database or any file a restore would replace. */
export function holdsData(dataDir: string): boolean {
  if (fs.existsSync(path.join(dataDir, 'pglite'))) return true;
  return backedUpFolders.some((folder) => {
    try {
      return fs.readdirSync(path.join(dataDir, folder)).length > 0;
    } catch {
      return false;
    }
  });
}

/**
 * Restores a backup into DATA_DIR, taking its lock (so it refuses while the server runs).
 * The archive is read whole, then unpacked beside DATA_DIR and the database opened once there;
 * only then are the old database and files replaced, so a refused archive leaves DATA_DIR as it was.
 */
export async function restoreBackup(archive: string, dataDir: string, options: { force: boolean }): Promise<BackupSummary> {
  const release = acquireDataDirLock(dataDir);
  try {
    if (!options.force && holdsData(dataDir)) {
      throw new RestoreRefused(`${dataDir} already holds a database or files; restore into an empty DATA_DIR, or add --force to replace them`);
    }
    // The whole archive is read before anything is written (gzip's checksum and length refuse a
    // cut or damaged one): an extraction stopped by an error could still be writing after it.
    const unexpected: string[] = [];
    let files = 0;
    let database = false;
    await tar.list({
      file: archive,
      strict: true,
      onReadEntry: (entry) => {
        if (!isAccepted(entry.path, entry.type)) unexpected.push(entry.path);
        else if (entry.path.startsWith('pglite/')) database = true;
        else if (entry.type === 'File') files++;
      },
    });
    if (unexpected.includes('orchard-backup.json')) {
      throw new Error(`${archive} is a backup of the earlier format (decision 083): restore it with the release that wrote it`);
    }
    if (unexpected.length > 0) throw new Error(`the archive holds unexpected entries: ${unexpected.slice(0, 3).join(', ')}`);
    if (!database) throw new Error(`${archive} is not an Orchard backup (it holds no pglite/)`);
    const staging = await fs.promises.mkdtemp(path.join(dataDir, '.restore-'));
    try {
      await tar.extract({ file: archive, cwd: staging, strict: true, filter: (name, entry) => isAccepted(name, typeOf(entry)) });
      const migrations = await migrationsIn(path.join(staging, 'pglite'));
      for (const folder of backedUpFolders) {
        await fs.promises.rm(path.join(dataDir, folder), { recursive: true, force: true });
        if (fs.existsSync(path.join(staging, folder))) await fs.promises.rename(path.join(staging, folder), path.join(dataDir, folder));
      }
      return { migrations, files };
    } finally {
      await fs.promises.rm(staging, { recursive: true, force: true });
    }
  } finally {
    release();
  }
}

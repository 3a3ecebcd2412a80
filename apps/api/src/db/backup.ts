import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { PassThrough, type Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions, type Database } from './client.ts';
import { endTar, readTar, writeTarBytes, writeTarFile } from './tar.ts';

/**
 * Backups of the embedded database and the files in DATA_DIR (docs/decisions/083-backups-and-restores.md):
 * one .tar.gz holding a manifest, the PGlite data folder's dump and the public and private files.
 * PostgreSQL is backed up with its own tools (README, "Backups").
 */

/** The folders of DATA_DIR a backup holds besides the database: uploads (public) and inquiry images (private). */
export const backedUpFolders = ['uploads', 'private'] as const;
const manifestName = 'orchard-backup.json';
const databaseName = 'database.tar';
const fileName = /^(uploads|private)(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;

export type BackupManifest = { format: 'orchard-backup'; version: 1; createdAt: string; migrations: number; files: number };

/** The socket a running server answers backups on; only who may read DATA_DIR may reach it. */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

/** The PGlite client under an embedded database (undefined on PostgreSQL). */
export function embeddedClient(database: Database): PGlite | undefined {
  const client = (database.db as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : undefined;
}

/**
 * Writes a backup archive to `out` while the app may be running. The database's dump and the
 * links to every file are taken together while PGlite runs no transaction (its transaction lock),
 * so a row in the dump always has its file: files are written before their row and removed
 * after it. Linking takes milliseconds; the archive is written after the lock is let go.
 */
export async function writeBackup(client: PGlite, dataDir: string, out: Writable): Promise<BackupManifest> {
  const { rows } = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
  const staging = await fs.promises.mkdtemp(path.join(dataDir, '.backup-'));
  try {
    const { dump, files } = await client._runExclusiveTransaction(async () => {
      const linked: string[] = [];
      for (const folder of backedUpFolders) await linkTree(path.join(dataDir, folder), path.join(staging, folder), folder, linked);
      return { dump: await client.dumpDataDir('none'), files: linked };
    });
    const manifest: BackupManifest = { format: 'orchard-backup', version: 1, createdAt: new Date().toISOString(), migrations: rows[0]?.n ?? 0, files: files.length };
    const tar = new PassThrough();
    const written = pipeline(tar, zlib.createGzip({ level: zlib.constants.Z_BEST_SPEED }), out);
    try {
      await writeTarBytes(tar, manifestName, Buffer.from(JSON.stringify(manifest, null, 2)));
      await writeTarBytes(tar, databaseName, Buffer.from(await dump.arrayBuffer()));
      for (const name of files) await writeTarFile(tar, name, path.join(staging, name));
      await endTar(tar);
      tar.end();
    } catch (error) {
      tar.destroy(error as Error);
      await written.catch(() => {});
      throw error;
    }
    await written;
    return manifest;
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}

/** Hard-links every file under `from` into `to` (a copy where links are refused), recording names relative to DATA_DIR. */
async function linkTree(from: string, to: string, name: string, linked: string[]): Promise<void> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  await fs.promises.mkdir(to, { recursive: true });
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await linkTree(source, target, `${name}/${entry.name}`, linked);
    else if (entry.isFile()) {
      try {
        await fs.promises.link(source, target);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') continue;
        if (code !== 'EXDEV' && code !== 'EPERM') throw error;
        await fs.promises.copyFile(source, target);
      }
      linked.push(`${name}/${entry.name}`);
    }
  }
}

/** Writes a backup to `file` (through `file.partial`, renamed once complete). */
export async function writeBackupFile(client: PGlite, dataDir: string, file: string): Promise<BackupManifest> {
  const partial = `${file}.partial`;
  try {
    const manifest = await writeBackup(client, dataDir, fs.createWriteStream(partial, { flags: 'wx' }));
    await fs.promises.rename(partial, file);
    return manifest;
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
}

/** The running server's side: a backup for every connection to DATA_DIR/backup.sock, streamed back on it. */
export async function serveBackups(client: PGlite, dataDir: string, log: { error(details: object, message: string): void }): Promise<net.Server> {
  const socketPath = backupSocketPath(dataDir);
  // The data folder's lock is ours: a socket file left here is a dead server's.
  await fs.promises.rm(socketPath, { force: true });
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    writeBackup(client, dataDir, socket).catch((error: unknown) => {
      log.error({ err: error }, 'backup failed');
      socket.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await fs.promises.chmod(socketPath, 0o600);
  return server;
}

/** The operator's side: asks the server running on DATA_DIR for a backup and writes it to `file`, checked before it is kept. */
export async function requestBackup(dataDir: string, file: string): Promise<BackupManifest> {
  const partial = `${file}.partial`;
  try {
    const socket = net.createConnection(backupSocketPath(dataDir));
    await pipeline(socket, fs.createWriteStream(partial, { flags: 'wx' }));
    const manifest = await readBackup(partial, async () => null);
    await fs.promises.rename(partial, file);
    return manifest;
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
}

/**
 * Reads a backup archive whole (a cut or damaged one is refused): the database's dump is handed
 * back with the manifest, each file to `onFile`, which returns where to write it (null: skip).
 */
async function readBackup(
  archive: string,
  onFile: (name: string) => Promise<string | null>,
): Promise<BackupManifest & { database: Buffer }> {
  let manifest: BackupManifest | undefined;
  let database: Buffer | undefined;
  await readTar(fs.createReadStream(archive).pipe(zlib.createGunzip()), async ({ name }) => {
    if (name === manifestName || name === databaseName) {
      const chunks: Buffer[] = [];
      return async (chunk) => {
        if (chunk) return void chunks.push(Buffer.from(chunk));
        if (name === manifestName) manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
        else database = Buffer.concat(chunks);
      };
    }
    if (!fileName.test(name) || name.split('/').includes('..')) throw new Error(`the archive holds an unexpected entry: ${name}`);
    const target = await onFile(name);
    if (!target) return null;
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const handle = await fs.promises.open(target, 'wx');
    return async (chunk) => {
      if (chunk) await handle.write(chunk);
      else await handle.close();
    };
  });
  if (manifest?.format !== 'orchard-backup' || !database) throw new Error(`${archive} is not an Orchard backup`);
  return { ...manifest, database };
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
 * Restores a backup into DATA_DIR (whose lock the caller holds). Everything is unpacked beside it
 * first and the database opened once there; only then are the old database and files replaced,
 * so a damaged archive leaves DATA_DIR as it was.
 */
export async function restoreBackup(archive: string, dataDir: string, options: { force: boolean }): Promise<BackupManifest> {
  if (!options.force && holdsData(dataDir)) {
    throw new RestoreRefused(`${dataDir} already holds a database or files; restore into an empty DATA_DIR, or add --force to replace them`);
  }
  const staging = await fs.promises.mkdtemp(path.join(dataDir, '.restore-'));
  try {
    const backup = await readBackup(archive, async (name) => path.join(staging, name));
    const client = await PGlite.create(path.join(staging, 'pglite'), { loadDataDir: new Blob([backup.database]), extensions: pgliteExtensions });
    await client.query('select 1');
    await client.close();
    for (const folder of ['pglite', ...backedUpFolders]) {
      await fs.promises.rm(path.join(dataDir, folder), { recursive: true, force: true });
      if (fs.existsSync(path.join(staging, folder))) await fs.promises.rename(path.join(staging, folder), path.join(dataDir, folder));
    }
    const { database: _database, ...manifest } = backup;
    return manifest;
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}

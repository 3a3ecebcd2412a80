import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import type { ByteRange } from './byte-range.ts';

/** What a stored file is, without its bytes: enough to answer a conditional or ranged GET. */
export type StoredFileInfo = { size: number; etag: string; lastModified: Date };

/**
 * Where uploaded and generated files live. Names are always generated here, never taken from the
 * client (docs/quality.md#s6). The local store is the default; the S3 store (decision 079)
 * implements the same shape, and /api/files/ serves either through `stat` and `read`.
 */
export type FileStore = {
  /** Saves bytes under a new generated name in `folder`; returns the stored key. */
  save(folder: string, extension: string, bytes: Buffer): Promise<string>;
  /** Moves the file at `sourcePath` (a streamed upload) under a new generated name in `folder`; returns the stored key. */
  adopt(folder: string, extension: string, sourcePath: string): Promise<string>;
  remove(key: string): Promise<void>;
  /** Public URL path the API serves the file at. */
  urlFor(key: string): string;
  /** The file's size and version, or null when nothing is stored under `key`. */
  stat(key: string): Promise<StoredFileInfo | null>;
  /** The file's bytes, or only `range` of them; null when nothing is stored under `key`. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
};

/**
 * Whether a stored file may be served (docs/product.md#reports): the item it belongs to is shown,
 * withheld (hidden by an operator after a report: operators only), or absent (deleted, or no item
 * holds the file any more).
 */
export type FileStanding = 'shown' | 'withheld' | 'absent';

/** For each folder whose files belong to an item, that item's standing from a file's key. */
export type FileOwners = Record<string, (key: string) => Promise<FileStanding>>;

/** The standing of a file held by a row that may be hidden or deleted; no row: absent. */
export function standingOf(row: { hidden: boolean; deleted?: boolean } | undefined): FileStanding {
  if (!row || row.deleted) return 'absent';
  return row.hidden ? 'withheld' : 'shown';
}

/** The local store also names its folder, for tests and the seed that look at the files on disk. */
export type LocalFileStore = FileStore & { root: string };

const safeSegment = /^[a-z0-9-]+$/;
/** `folder/name.extension` as `save` and `adopt` make them: no `..`, no leading dot, no deeper path. */
const safeKey = /^[a-z0-9-]+\/[A-Za-z0-9_-]+\.[a-z0-9]+$/;

export function assertSafeName(folder: string, extension: string) {
  if (!safeSegment.test(folder) || !safeSegment.test(extension)) throw new Error('unsafe storage path');
}

export function isSafeKey(key: string) {
  return safeKey.test(key);
}

export function generatedKey(folder: string, extension: string) {
  assertSafeName(folder, extension);
  return `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
}

const contentTypes: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  mp4: 'video/mp4',
};

export function contentTypeOf(key: string) {
  return contentTypes[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

export function createLocalFileStore(dataDir: string): LocalFileStore {
  const root = path.join(dataDir, 'uploads');
  const fileOf = (key: string) => (isSafeKey(key) ? path.join(root, key) : null);
  return {
    root,
    async save(folder, extension, bytes) {
      const key = generatedKey(folder, extension);
      await fs.mkdir(path.join(root, folder), { recursive: true });
      await fs.writeFile(path.join(root, key), bytes, { flag: 'wx' });
      return key;
    },
    async adopt(folder, extension, sourcePath) {
      const key = generatedKey(folder, extension);
      const target = path.join(root, key);
      await fs.mkdir(path.join(root, folder), { recursive: true });
      try {
        await fs.rename(sourcePath, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        // Another file system (the upload's temporary folder): copy, then drop the source.
        await fs.copyFile(sourcePath, target, fs.constants.COPYFILE_EXCL);
        await fs.rm(sourcePath, { force: true });
      }
      return key;
    },
    async remove(key) {
      const resolved = path.resolve(root, key);
      if (!resolved.startsWith(root + path.sep)) return;
      await fs.rm(resolved, { force: true });
    },
    urlFor: (key) => `/api/files/${key}`,
    async stat(key) {
      const file = fileOf(key);
      if (!file) return null;
      try {
        const stats = await fs.stat(file);
        if (!stats.isFile()) return null;
        return { size: stats.size, etag: `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`, lastModified: stats.mtime };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async read(key, range) {
      const file = fileOf(key);
      if (!file) return null;
      const handle = await fs.open(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (!handle) return null;
      return handle.createReadStream({ start: range?.start, end: range?.end });
    },
  };
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Where uploaded and generated files live. Names are always generated here, never taken from the
 * client (docs/quality.md#s6). The local store is the default; an S3-compatible store implements the same shape.
 */
export type FileStore = {
  /** Saves bytes under a new generated name in `folder`; returns the stored key. */
  save(folder: string, extension: string, bytes: Buffer): Promise<string>;
  /** Moves the file at `sourcePath` (a streamed upload) under a new generated name in `folder`; returns the stored key. */
  adopt(folder: string, extension: string, sourcePath: string): Promise<string>;
  remove(key: string): Promise<void>;
  /** Public URL path the API serves the file at. */
  urlFor(key: string): string;
  /** Absolute folder served at /api/files/ (local store only). */
  root: string;
};

const safeSegment = /^[a-z0-9-]+$/;

export function createLocalFileStore(dataDir: string): FileStore {
  const root = path.join(dataDir, 'uploads');
  return {
    root,
    async save(folder, extension, bytes) {
      if (!safeSegment.test(folder) || !safeSegment.test(extension)) throw new Error('unsafe storage path');
      const name = `${randomBytes(16).toString('hex')}.${extension}`;
      await fs.mkdir(path.join(root, folder), { recursive: true });
      await fs.writeFile(path.join(root, folder, name), bytes, { flag: 'wx' });
      return `${folder}/${name}`;
    },
    async adopt(folder, extension, sourcePath) {
      if (!safeSegment.test(folder) || !safeSegment.test(extension)) throw new Error('unsafe storage path');
      const name = `${randomBytes(16).toString('hex')}.${extension}`;
      const target = path.join(root, folder, name);
      await fs.mkdir(path.join(root, folder), { recursive: true });
      try {
        await fs.rename(sourcePath, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        // Another file system (the upload's temporary folder): copy, then drop the source.
        await fs.copyFile(sourcePath, target, fs.constants.COPYFILE_EXCL);
        await fs.rm(sourcePath, { force: true });
      }
      return `${folder}/${name}`;
    },
    async remove(key) {
      const resolved = path.resolve(root, key);
      if (!resolved.startsWith(root + path.sep)) return;
      await fs.rm(resolved, { force: true });
    },
    urlFor: (key) => `/api/files/${key}`,
  };
}

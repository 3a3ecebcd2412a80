import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { Config } from '../../config.ts';
import { createS3FileStore } from '../../lib/s3-storage.ts';

/**
 * Where inquiry images live (docs/product.md#inquiries): `DATA_DIR/private/` (or the bucket's `private/`), outside what is
 * served at /api/files/, so an image is read only through its route, by its author or an
 * operator (docs/quality.md#s1). Names are generated here, never taken from the client.
 */
export type PrivateFileStore = {
  save(folder: string, extension: string, bytes: Buffer): Promise<string>;
  remove(key: string): Promise<void>;
  /** The stored bytes, or null when the file is gone. */
  read(key: string): Promise<Buffer | null>;
};

const safeSegment = /^[a-z0-9-]+$/;
const safeKey = /^[a-z0-9-]+\/[a-f0-9]{32}\.[a-z0-9]+$/;

/** DATA_DIR/private, or the bucket's `private/` prefix, which /api/files/ never reads (decision 079). */
export function createPrivateFileStoreFor(config: Config): PrivateFileStore {
  const storage = config.fileStorage;
  if (storage.kind === 'local') return createPrivateFileStore(config.dataDir);
  const store = createS3FileStore(storage, 'private/');
  return {
    save: (folder, extension, bytes) => store.save(folder, extension, bytes),
    remove: (key) => store.remove(key),
    async read(key) {
      const body = await store.read(key);
      return body ? buffer(body) : null;
    },
  };
}

export function createPrivateFileStore(dataDir: string): PrivateFileStore {
  const root = path.join(dataDir, 'private');
  return {
    async save(folder, extension, bytes) {
      if (!safeSegment.test(folder) || !safeSegment.test(extension)) throw new Error('unsafe storage path');
      const name = `${randomBytes(16).toString('hex')}.${extension}`;
      await fs.mkdir(path.join(root, folder), { recursive: true });
      await fs.writeFile(path.join(root, folder, name), bytes, { flag: 'wx' });
      return `${folder}/${name}`;
    },
    async remove(key) {
      if (!safeKey.test(key)) return;
      await fs.rm(path.join(root, key), { force: true });
    },
    async read(key) {
      if (!safeKey.test(key)) return null;
      try {
        return await fs.readFile(path.join(root, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}

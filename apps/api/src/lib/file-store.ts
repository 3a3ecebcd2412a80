import type { Config } from '../config.ts';
import { createS3FileStore } from './s3-storage.ts';
import { createLocalFileStore, type FileStore } from './storage.ts';

/** The store FILE_STORAGE names: DATA_DIR/uploads, or the bucket's `uploads/` prefix. */
export function createFileStore(config: Config): FileStore {
  const storage = config.fileStorage;
  return storage.kind === 's3' ? createS3FileStore(storage, 'uploads/') : createLocalFileStore(config.dataDir);
}

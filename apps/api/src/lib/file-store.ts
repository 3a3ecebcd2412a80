import fs from 'node:fs/promises';
import path from 'node:path';
import { HeadBucketCommand, S3ServiceException } from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';
import { createS3Client, createS3FileStore } from './s3-storage.ts';
import { createLocalFileStore, type FileStore } from './storage.ts';

/** The store FILE_STORAGE names: DATA_DIR/uploads, or the bucket's `uploads/` prefix. */
export function createFileStore(config: Config): FileStore {
  const storage = config.fileStorage;
  return storage.kind === 's3' ? createS3FileStore(storage, 'uploads/') : createLocalFileStore(config.dataDir);
}

/**
 * The start-up check of the store (decision 079): a bucket that does not exist, an endpoint that does
 * not answer or credentials that may not use the bucket stop the process with a message that says
 * which, instead of failing the first fan's upload. Rejects with that message.
 */
export async function checkFileStorage(config: Config): Promise<void> {
  const storage = config.fileStorage;
  if (storage.kind === 's3') {
    try {
      await createS3Client(storage).send(new HeadBucketCommand({ Bucket: storage.bucket }));
    } catch (error) {
      const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
      const reason =
        status === 404
          ? 'it does not exist'
          : status === 403 || status === 401
            ? 'the credentials (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY or the instance role) may not use it'
            : (error as Error).message || (error as Error).name;
      throw new Error(`FILE_STORAGE=s3: the bucket "${storage.bucket}" at ${storage.endpoint ?? `AWS S3 (${storage.region})`} cannot be used: ${reason}`, { cause: error });
    }
    return;
  }
  const uploads = path.join(config.dataDir, 'uploads');
  try {
    await fs.mkdir(uploads, { recursive: true });
    await fs.access(uploads, fs.constants.W_OK);
  } catch (error) {
    throw new Error(`FILE_STORAGE=local: ${uploads} cannot be written: ${(error as Error).message}`, { cause: error });
  }
}

import fs from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../config.ts';
import { contentTypeOf, generatedKey, isSafeKey, type FileStore } from './storage.ts';

/**
 * The client of an S3-compatible store (AWS S3, MinIO, R2). Credentials come from the SDK's
 * default chain: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile or an instance role.
 */
export function createS3Client(settings: S3Settings) {
  return new S3Client({ region: settings.region, endpoint: settings.endpoint, forcePathStyle: settings.forcePathStyle });
}

/** A film can be hundreds of megabytes: it goes up in parts of this size, a few at a time. */
const uploadPartBytes = 8 * 1024 * 1024;

function isMissing(error: unknown) {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}

/**
 * The same store as the local one, on a bucket (decision 079). Every object lives under `prefix`
 * (`uploads/` for public files, `private/` for inquiry images), so a key the public route is given
 * can never name a private object.
 */
export function createS3FileStore(settings: S3Settings, prefix: string, client: S3Client = createS3Client(settings)): FileStore {
  const Bucket = settings.bucket;
  const objectKey = (key: string) => `${prefix}${key}`;
  return {
    async save(folder, extension, bytes) {
      const key = generatedKey(folder, extension);
      await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes, ContentType: contentTypeOf(key) }));
      return key;
    },
    async adopt(folder, extension, sourcePath) {
      const key = generatedKey(folder, extension);
      const upload = new Upload({
        client,
        params: { Bucket, Key: objectKey(key), Body: fs.createReadStream(sourcePath), ContentType: contentTypeOf(key) },
        partSize: uploadPartBytes,
        queueSize: 4,
      });
      await upload.done();
      await rm(sourcePath, { force: true });
      return key;
    },
    async remove(key) {
      if (!isSafeKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    urlFor: (key) => `/api/files/${key}`,
    async stat(key) {
      if (!isSafeKey(key)) return null;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return { size: head.ContentLength ?? 0, etag: head.ETag ?? `"${key}"`, lastModified: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(key, range) {
      if (!isSafeKey(key)) return null;
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: objectKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        // In Node the SDK's body is the HTTP response stream itself.
        return object.Body as Readable;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
  };
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import type { S3Settings } from '../src/config.ts';

/** s3rver's own credentials; the SDK reads them from the environment as it would real ones. */
export const s3rverCredentials = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

/**
 * An S3-compatible server on 127.0.0.1 (a free port) with one empty bucket, its objects in a
 * temporary folder: the S3 store's tests talk to it through the real SDK.
 */
export async function startS3Server(bucket = 'orchard-test'): Promise<{ settings: S3Settings; env: Record<string, string>; close(): Promise<void> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: { bucket, region: 'us-east-1', endpoint, forcePathStyle: true },
    env: { FILE_STORAGE: 's3', S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true', S3_REGION: 'us-east-1' },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

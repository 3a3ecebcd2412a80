import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, type Config } from '../config.ts';
import { createPrivateFileStoreFor, type PrivateFileStore } from '../modules/support/support.files.ts';
import { s3rverCredentials, startS3Server } from '../../test/s3-server.ts';
import { checkFileStorage, createFileStore } from './file-store.ts';
import type { FileStore } from './storage.ts';

/** What every store must do, run against the local folder and an S3-compatible server on loopback (decision 079). */
const kinds = {
  local: async () => ({ env: {}, close: async () => {} }),
  s3: async () => {
    const server = await startS3Server();
    // The SDK's default chain reads these, as it reads real ones in production.
    for (const [name, value] of Object.entries(s3rverCredentials)) vi.stubEnv(name, value);
    return { env: server.env, close: () => server.close() };
  },
};

describe.each(Object.keys(kinds) as (keyof typeof kinds)[])('the %s file store', (kind) => {
  let files: FileStore;
  let privateFiles: PrivateFileStore;
  let dataDir: string;
  let config: Config;
  let close: () => Promise<void>;
  const read = async (key: string, range?: { start: number; end: number }) => {
    const body = await files.read(key, range);
    return body ? buffer(body) : null;
  };
  const bytes = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz');

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-store-'));
    const started = await kinds[kind]();
    close = started.close;
    config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...started.env });
    expect(config.fileStorage.kind).toBe(kind);
    files = createFileStore(config);
    privateFiles = createPrivateFileStoreFor(config);
  });
  afterAll(async () => {
    await close();
    vi.unstubAllEnvs();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('passes the start-up check', async () => {
    await expect(checkFileStorage(config)).resolves.toBeUndefined();
  });

  it('saves under a generated name and reads the file whole or one range of it', async () => {
    const key = await files.save('post-images', 'webp', bytes);
    expect(key).toMatch(/^post-images\/[0-9a-f]{32}\.webp$/);
    expect(files.urlFor(key)).toBe(`/api/files/${key}`);
    const info = await files.stat(key);
    expect(info).toMatchObject({ size: bytes.length });
    expect(info!.etag).not.toBe('');
    expect(await read(key)).toEqual(bytes);
    expect(await read(key, { start: 10, end: 15 })).toEqual(bytes.subarray(10, 16));
    expect(await read(key, { start: 30, end: bytes.length - 1 })).toEqual(bytes.subarray(30));
    expect(await files.save('post-images', 'webp', bytes)).not.toBe(key);
  });

  it('adopts a streamed upload bigger than one multipart part and drops the temporary file', async () => {
    const film = Buffer.alloc(9 * 1024 * 1024 + 123);
    for (let index = 0; index < film.length; index += 4096) film[index] = index % 251;
    const source = path.join(dataDir, 'upload.tmp');
    fs.writeFileSync(source, film);
    const key = await files.adopt('films', 'mp4', source);
    expect(key).toMatch(/^films\/[0-9a-f]{32}\.mp4$/);
    expect(fs.existsSync(source)).toBe(false);
    expect((await files.stat(key))?.size).toBe(film.length);
    expect(Buffer.compare((await read(key))!, film)).toBe(0);
    const middle = 8 * 1024 * 1024 - 10;
    expect(Buffer.compare((await read(key, { start: middle, end: middle + 4095 }))!, film.subarray(middle, middle + 4096))).toBe(0);
  });

  it('removes a file, and a missing key is null to stat and read, never an error', async () => {
    const key = await files.save('avatars', 'webp', bytes);
    await files.remove(key);
    expect(await files.stat(key)).toBeNull();
    expect(await files.read(key)).toBeNull();
    await files.remove(key);
    expect(await files.stat('avatars/0123456789abcdef0123456789abcdef.webp')).toBeNull();
    expect(await files.read('avatars/0123456789abcdef0123456789abcdef.webp')).toBeNull();
  });

  it('refuses an unsafe folder or extension, and reads no key outside its own names', async () => {
    for (const [folder, extension] of [['../private', 'webp'], ['a/b', 'webp'], ['Avatars', 'webp'], ['avatars', 'webp/../x'], ['', 'webp']]) {
      await expect(files.save(folder!, extension!, bytes), `${folder} ${extension}`).rejects.toThrow('unsafe storage path');
    }
    const source = path.join(dataDir, 'kept.tmp');
    fs.writeFileSync(source, bytes);
    await expect(files.adopt('../films', 'mp4', source)).rejects.toThrow('unsafe storage path');
    expect(fs.existsSync(source)).toBe(true);
    for (const key of ['../private/x.webp', 'avatars/../../etc/passwd', '.hidden/x.webp', 'avatars/.x', 'a/b/c.webp', '']) {
      expect(await files.stat(key), key).toBeNull();
      expect(await files.read(key), key).toBeNull();
    }
  });

  it('keeps private files (inquiry images) out of the public store', async () => {
    const key = await privateFiles.save('inquiry-images', 'webp', bytes);
    expect(await privateFiles.read(key)).toEqual(bytes);
    expect(await files.stat(key)).toBeNull();
    expect(await files.read(key)).toBeNull();
    await privateFiles.remove(key);
    expect(await privateFiles.read(key)).toBeNull();
  });
});

describe('the start-up check of the file store', () => {
  it('stops on a bucket that does not exist, an endpoint that does not answer, or a DATA_DIR that cannot hold uploads, saying which', async () => {
    const server = await startS3Server();
    for (const [name, value] of Object.entries(s3rverCredentials)) vi.stubEnv(name, value);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-store-'));
    try {
      const s3 = (env: Record<string, string>) => checkFileStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...server.env, ...env }));
      await expect(s3({})).resolves.toBeUndefined();
      await expect(s3({ S3_BUCKET: 'no-such-bucket' })).rejects.toThrow(/FILE_STORAGE=s3: the bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ cannot be used: it does not exist/);
      await expect(s3({ S3_ENDPOINT: 'http://127.0.0.1:9' })).rejects.toThrow(/FILE_STORAGE=s3: the bucket "orchard-test" at http:\/\/127\.0\.0\.1:9 cannot be used: /);
      const notAFolder = path.join(dataDir, 'a-file');
      fs.writeFileSync(notAFolder, 'x');
      await expect(checkFileStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: notAFolder }))).rejects.toThrow(/FILE_STORAGE=local: .*a-file\/uploads cannot be written/);
    } finally {
      await server.close();
      vi.unstubAllEnvs();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

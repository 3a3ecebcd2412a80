import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Film } from '@orchard/shared';
import { createS3FileStore } from '../src/lib/s3-storage.ts';
import type { FileStore } from '../src/lib/storage.ts';
import { createPrivateFileStoreFor } from '../src/modules/support/support.files.ts';
import { createTestContext, type TestContext, type TestUser } from './harness.ts';
import { multipart } from './uploads-kit.ts';
import { s3rverCredentials, startS3Server } from './s3-server.ts';

const fixture = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/film.mp4'));

/** FILE_STORAGE=s3 end to end: a film uploaded through the API lands in the bucket and streams back with ranges (decision 079). */
describe('files in an S3 bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let t: TestContext;
  let files: FileStore;
  let fan: TestUser;
  let artistId: number;

  beforeAll(async () => {
    s3 = await startS3Server();
    for (const [name, value] of Object.entries(s3rverCredentials)) vi.stubEnv(name, value);
    files = createS3FileStore(s3.settings, 'uploads/');
    t = await createTestContext({ env: { ...s3.env, FILM_POSTER_DECODER: 'off' }, deps: { files } });
    expect(t.config.fileStorage.kind).toBe('s3');
    fan = await t.createUser();
    artistId = await t.createArtist();
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    vi.unstubAllEnvs();
  });

  it('stores an uploaded film in the bucket and serves it whole, by range (206) and refuses a range past its end (416)', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/films/uploads',
      cookie: fan.cookie,
      ...multipart([
        { name: 'title', content: 'Stage cam' },
        { name: 'artistId', content: String(artistId) },
        { name: 'video', filename: 'clip.mp4', contentType: 'video/mp4', content: fixture },
      ]),
    });
    expect(response.statusCode, response.body).toBe(201);
    const { film } = response.json() as { film: Film };
    const key = film.videoUrl!.replace('/api/files/', '');
    expect(await files.stat(key)).toMatchObject({ size: fixture.length });
    expect(fs.existsSync(path.join(t.files.root, key))).toBe(false);

    const whole = await t.request({ method: 'GET', url: film.videoUrl! });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({ 'content-type': 'video/mp4', 'accept-ranges': 'bytes', 'x-content-type-options': 'nosniff' });
    expect(Buffer.compare(whole.rawPayload, fixture)).toBe(0);

    const middle = Math.floor(fixture.length / 2);
    const seek = await t.request({ method: 'GET', url: film.videoUrl!, headers: { range: `bytes=${middle}-${middle + 99}` } });
    expect(seek.statusCode).toBe(206);
    expect(seek.headers['content-range']).toBe(`bytes ${middle}-${middle + 99}/${fixture.length}`);
    expect(Buffer.compare(seek.rawPayload, fixture.subarray(middle, middle + 100))).toBe(0);

    const bad = await t.request({ method: 'GET', url: film.videoUrl!, headers: { range: `bytes=${fixture.length}-` } });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${fixture.length}`);

    const again = await t.request({ method: 'GET', url: film.videoUrl!, headers: { 'if-none-match': String(whole.headers.etag) } });
    expect(again.statusCode).toBe(304);

    const poster = await t.request({ method: 'GET', url: film.posterUrl! });
    expect([poster.statusCode, poster.headers['content-type']]).toEqual([200, 'image/webp']);
  });

  it('keeps an inquiry image private: in the bucket, never under /api/files/', async () => {
    const privateFiles = createPrivateFileStoreFor(t.config);
    const key = await privateFiles.save('inquiry-images', 'webp', Buffer.from('private bytes'));
    expect(await privateFiles.read(key)).toEqual(Buffer.from('private bytes'));
    for (const url of [`/api/files/${key}`, `/api/files/../private/${key}`, `/api/files/%2e%2e/private/${key}`]) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

import fs from 'node:fs';
import os from 'node:os';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../harness.ts';
import { minimalMp4 } from '../mp4-kit.ts';
import { multipart } from '../uploads-kit.ts';
import { expectErrorShape } from './route-fixtures.ts';

/**
 * docs/quality.md#s2 for the film routes, from valid templates: each request starts from what the
 * route accepts and changes a field, the query, the path, the file's bytes, the parts or the
 * cookie to hostile values. Zero 5xx, every error the JSON error shape without internals, and no
 * upload left behind in the temporary folder. ORCHARD_FUZZ_RUNS raises the count (the bar asks for ≥ 1,000 per endpoint).
 */
const runs = Number(process.env.ORCHARD_FUZZ_RUNS ?? 150);
const seed = Number(process.env.ORCHARD_FUZZ_SEED ?? Date.now() % 2 ** 31);
/** Time for one endpoint's runs: about 20 ms a request on two cores, doubled. */
const timeout = Math.max(30_000, runs * 40);

const hostileScalar = fc.oneof(
  fc.constantFrom<unknown>(0, -1, 1.5, 2 ** 53, -(2 ** 53), 2 ** 31, 1e308, '1e3', '', ' ', 'null', '\u0000', 'a\u0000b', '\u202e', '\ud800', '<script>alert(1)</script>', "' or 1=1 --", '../../etc/passwd', 'x'.repeat(5000)),
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const hostileValue = fc.oneof(hostileScalar, fc.array(hostileScalar, { maxLength: 3 }), fc.dictionary(fc.constantFrom('__proto__', 'id', 'x'), hostileScalar, { maxKeys: 2 }));
const keys = ['title', 'artistId', 'projectId', 'youtubeUrl', 'video', '__proto__', 'constructor', 'authorId', 'videoPath'];
const queryKeys = ['artistId', 'projectId', 'following', 'mine', 'cursor', 'limit', '__proto__', 'x'];
const hostileCursor = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.dictionary(fc.constantFrom('id', '__proto__', 'x'), hostileScalar, { maxKeys: 2 }).map((key) => Buffer.from(JSON.stringify(key)).toString('base64url')),
);
const hostileId = fc.oneof(fc.constantFrom('0', '-1', '1.5', '1e3', '9007199254740993', '99999999999', 'abc', '%00', '..%2f..', ' 1', '1 '), fc.string({ maxLength: 20 }).map(encodeURIComponent), fc.nat().map(String));
const cookieOf = (user: TestUser, cookieName: string) => fc.constantFrom(user.cookie, `${cookieName}=garbage`, `${cookieName}=${'A'.repeat(5000)}`, '');

describe('hostile input on the film routes, from valid templates', () => {
  let t: TestContext;
  let fan: TestUser;
  let artistId: number;
  beforeAll(async () => {
    t = await createTestContext({
      env: { FILM_MAX_BYTES: String(32 * 1024), FILM_POSTER_DECODER: 'off', RATE_LIMIT_WRITES_PER_MINUTE: '1000000', RATE_LIMIT_UPLOADS_PER_MINUTE: '1000000' },
    });
    fan = await t.createUser();
    artistId = await t.createArtist();
  });
  afterAll(() => t.close());

  const check = (response: { statusCode: number; body: string }, label: string) => expectErrorShape(response.statusCode, response.body, label);

  it(`POST /api/films (seed ${seed}, ${runs} runs)`, { timeout }, async () => {
    const template = { title: 'Fancam', artistId, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' };
    const body = fc.oneof(
      fc.tuple(fc.constantFrom(...keys), hostileValue).map(([key, value]) => JSON.stringify({ ...template, [key]: value })),
      fc.constant(`{"__proto__":{"authorId":"x"},${JSON.stringify(template).slice(1)}`),
      fc.constant(JSON.stringify(template).slice(0, -1)),
      hostileValue.map((value) => JSON.stringify(value) ?? 'null'),
    );
    const contentType = fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=zz');
    await fc.assert(
      fc.asyncProperty(body, contentType, cookieOf(fan, t.config.session.cookieName), async (payload, type, cookie) => {
        const response = await t.request({ method: 'POST', url: '/api/films', cookie, headers: { 'content-type': type }, payload });
        check(response, `POST /api/films ${type} ${payload.slice(0, 120)}`);
      }),
      { numRuns: runs, seed },
    );
  });

  it(`GET /api/films (seed ${seed}, ${runs} runs)`, { timeout }, async () => {
    const query = fc.dictionary(fc.constantFrom(...queryKeys), fc.oneof(hostileScalar.map(String), hostileCursor), { maxKeys: 3 }).map((entries) => new URLSearchParams(entries).toString());
    await fc.assert(
      fc.asyncProperty(query, cookieOf(fan, t.config.session.cookieName), async (search, cookie) => {
        const response = await t.request({ method: 'GET', url: `/api/films?${search}`, cookie });
        check(response, `GET /api/films?${search}`);
      }),
      { numRuns: runs, seed },
    );
  });

  for (const method of ['GET', 'DELETE'] as const) {
    it(`${method} /api/films/{id} (seed ${seed}, ${runs} runs)`, { timeout }, async () => {
      await fc.assert(
        fc.asyncProperty(hostileId, cookieOf(fan, t.config.session.cookieName), async (id, cookie) => {
          const response = await t.request({ method, url: `/api/films/${id}`, cookie });
          check(response, `${method} /api/films/${id}`);
        }),
        { numRuns: runs, seed },
      );
    });
  }

  it(`POST /api/films/uploads (seed ${seed}, ${runs} runs)`, { timeout }, async () => {
    const valid = minimalMp4();
    const file = fc.oneof(
      fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
      fc.array(fc.tuple(fc.nat(valid.length - 1), fc.nat(255)), { minLength: 1, maxLength: 6 }).map((flips) => {
        const bytes = Buffer.from(valid);
        for (const [at, value] of flips) bytes[at] = value;
        return bytes;
      }),
      fc.nat(valid.length).map((cut) => valid.subarray(0, cut)),
      fc.constant(Buffer.alloc(33 * 1024)),
    );
    const fields = fc.dictionary(fc.constantFrom('title', 'artistId', 'projectId', 'video', '__proto__', 'x'), hostileScalar.map((value) => String(value)), { maxKeys: 3 });
    await fc.assert(
      fc.asyncProperty(file, fields, fc.boolean(), cookieOf(fan, t.config.session.cookieName), async (bytes, extra, withVideo, cookie) => {
        const parts = [
          ...Object.entries({ title: 'Fancam', artistId: String(artistId), ...extra }).map(([name, content]) => ({ name, content })),
          ...(withVideo ? [{ name: 'video', filename: '../../evil.mp4\u0000.php', contentType: 'video/mp4', content: bytes }] : []),
        ];
        const response = await t.request({ method: 'POST', url: '/api/films/uploads', cookie, ...multipart(parts) });
        check(response, `upload ${JSON.stringify(extra).slice(0, 80)} ${bytes.length} bytes`);
      }),
      { numRuns: runs, seed },
    );
    expect(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('orchard-film-'))).toEqual([]);
  });
});

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@orchard/shared';
import { createTestContext, type TestContext, type TestUser } from '../harness.ts';
import { fundingProject, validRequestBody } from '../projects-kit.ts';
import { expectErrorShape } from './route-fixtures.ts';

/**
 * docs/quality.md#s2 for the public list's sort, following and q parameters and for search, from
 * valid queries: the every-route fuzz (fuzz.test.ts) seldom sends a query these routes accept
 * around the hostile part, so here each request starts from one they answer 200 and changes a
 * parameter or two: hostile values, repeats, a cursor of another order or tampered. Never 5xx, and
 * every refusal in the error shape. ORCHARD_FUZZ_RUNS raises the count (the bar asks for ≥ 1,000).
 */
const runs = Number(process.env.ORCHARD_FUZZ_RUNS ?? 300);
const seed = Number(process.env.ORCHARD_FUZZ_SEED ?? Date.now() % 2 ** 31);

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const hostileText = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u3000',
      'true',
      'TRUE',
      'yes',
      '1',
      'deadline',
      'raised',
      'funding',
      'foo',
      '%',
      '_',
      '\\',
      '%%_\\',
      "' or 1=1 --",
      '\u0000',
      'a\u0000b',
      '\n',
      '\u001b[31m',
      '\u0085',
      '\u202e',
      '\ud800',
      'ㄹㅁㄴ',
      'ＬＵＭＩＮＡ',
      'x'.repeat(100),
      'x'.repeat(101),
      'ä'.repeat(101),
      '0',
      '-1',
      '51',
      '1e3',
      '__proto__',
    ),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constant('a'.repeat(5000)) },
);

/** Cursors of every order with a key changed to a value the app never writes. */
const hostileKey = fc.constantFrom<unknown>(null, true, '1', -1, 1.5, 2 ** 31, 2 ** 53, 1e300, '2026-02-30', '0000-01-01', '+275760-09-13', "2026-01-01' --", [], {});
const hostileCursor = fc.oneof(
  fc
    .tuple(
      fc.constantFrom<Record<string, unknown>>(
        { sort: 'latest', id: 5 },
        { sort: 'deadline', end: '2026-12-01', id: 5 },
        { sort: 'raised', raised: 100, id: 5 },
        { sort: 'backers', backers: 2, id: 5 },
      ),
      fc.constantFrom('sort', 'id', 'end', 'raised', 'backers', '__proto__'),
      hostileKey,
    )
    .map(([shape, key, value]) => encode({ ...shape, [key]: value })),
  fc.constantFrom(encode([1]), encode('latest'), encode(null), 'not-a-cursor', '%00', '=', 'A'.repeat(101)),
);

describe('hostile input on the public list and search, from valid queries', () => {
  let t: TestContext;
  let fan: TestUser;
  let cursors: Record<string, string>;

  beforeAll(async () => {
    t = await createTestContext({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '1000000', RATE_LIMIT_UPLOADS_PER_MINUTE: '1000000' } });
    const operator = await t.createUser({ roles: ['operator'] });
    fan = await t.createUser();
    const artistId = await t.createArtist('Lumina');
    const followed = await t.request({ method: 'PUT', url: `/api/users/following-artists/${artistId}`, cookie: fan.cookie, payload: {} });
    expect(followed.statusCode, followed.body).toBe(200);
    const creator = await t.createUser();
    const made: Project[] = [];
    for (let count = 0; count < 3; count++) made.push(await fundingProject(t, creator, operator, await validRequestBody(t, artistId)));
    // A real cursor of each order, so some requests carry one the app made, for their order or another.
    cursors = {};
    for (const sort of ['latest', 'deadline', 'raised', 'backers']) {
      const response = await t.request({ url: `/api/projects?status=funding&sort=${sort}&limit=1` });
      cursors[sort] = (response.json() as { nextCursor: string }).nextCursor;
    }
  });
  afterAll(() => t.close());

  it(`never answers 5xx, every refusal in the error shape (seed ${seed}, ${runs} runs per route)`, async () => {
    const listParams = ['sort', 'following', 'q', 'status', 'kind', 'artistId', 'cursor', 'limit', 'lang', 'x', '__proto__'];
    const list = fc.record({
      valid: fc.constantFrom<Record<string, string>>(
        { sort: 'deadline', status: 'funding', following: 'true' },
        { sort: 'raised', status: 'funding', kind: 'project', limit: '10' },
        { sort: 'backers', q: 'lumina' },
        { sort: 'latest', q: 'ㄹㅁ', following: 'false' },
        { q: 'Birthday subway', status: 'funding', sort: 'deadline' },
      ),
      changes: fc.array(
        fc.oneof(
          fc.tuple(fc.constantFrom(...listParams), hostileText),
          fc.tuple(fc.constant('cursor'), fc.oneof(hostileCursor, fc.constantFrom(...Object.values(cursors)))),
        ),
        { minLength: 1, maxLength: 2 },
      ),
      repeat: fc.option(fc.constantFrom(...listParams)),
      signedIn: fc.boolean(),
    });
    const search = fc.record({
      changes: fc.array(fc.tuple(fc.constantFrom('q', 'lang', 'limit', 'cursor', 'x', '__proto__'), hostileText), { minLength: 1, maxLength: 2 }),
      repeat: fc.boolean(),
      signedIn: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(list, async ({ valid, changes, repeat, signedIn }) => {
        const query = new URLSearchParams(valid);
        for (const [key, value] of changes) query.set(key, value);
        if (repeat !== null) query.append(repeat, query.get(repeat) ?? 'x');
        const url = `/api/projects?${query.toString()}`;
        const response = await t.request({ url, cookie: signedIn ? fan.cookie : undefined });
        expectErrorShape(response.statusCode, response.body, `${url} → ${response.statusCode} ${response.body.slice(0, 200)}`);
      }),
      { numRuns: runs, seed },
    );
    await fc.assert(
      fc.asyncProperty(search, async ({ changes, repeat, signedIn }) => {
        const query = new URLSearchParams({ q: 'lumina' });
        for (const [key, value] of changes) query.set(key, value);
        if (repeat) query.append('q', 'lumina');
        const url = `/api/search?${query.toString()}`;
        const response = await t.request({ url, cookie: signedIn ? fan.cookie : undefined });
        expectErrorShape(response.statusCode, response.body, `${url} → ${response.statusCode} ${response.body.slice(0, 200)}`);
      }),
      { numRuns: runs, seed },
    );
  }, 600_000);
});

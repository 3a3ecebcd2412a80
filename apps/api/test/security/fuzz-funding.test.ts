import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@orchard/shared';
import { createTestContext, type TestContext, type TestUser } from '../harness.ts';
import { expectLedgerClean } from '../points-fixtures.ts';
import { expectErrorShape } from './route-fixtures.ts';
import { creditOrange, eventBody, fundingProject, validRequestBody } from '../projects-kit.ts';

/**
 * docs/quality.md#s2 for the Funding II and community routes, from valid templates: the every-route
 * fuzz (fuzz.test.ts) sends bodies without an Idempotency-Key and without these routes' field names,
 * so most of its requests stop at the missing header or an unknown key. Here each request starts from
 * a body the route accepts, with a valid key, and changes a few fields, the path, the query, the key,
 * the content type or the cookie to hostile values. Seen failing against a deliberately broken variant
 * (docs/quality.md): a comment body schema that takes any JSON value, where `{"body":null}` and
 * `{"body":[]}` answered 500. ORCHARD_FUZZ_RUNS raises the count (the bar asks for ≥ 1,000 per endpoint).
 */
const runs = Number(process.env.ORCHARD_FUZZ_RUNS ?? 150);
const seed = Number(process.env.ORCHARD_FUZZ_SEED ?? Date.now() % 2 ** 31);

const megabyte = 'x'.repeat(1_000_000);

/** Values of the wrong JSON type for any field. */
const wrongType = fc.constantFrom<unknown>(null, true, false, [], {}, [1], { a: 1 }, 0, '0');
/** Bad amounts (docs/quality.md#s2): zero, negative, fractional, beyond 32 and 53 bits. */
const hostileNumber = fc.oneof(fc.constantFrom<unknown>(0, -1, 1.5, 2 ** 53, -(2 ** 53), 2 ** 31, 2 ** 31 - 1, 1e308, -0), fc.integer(), fc.double());
/** Numbers as text, control characters and NUL, lone surrogates, markup, injections, 1 MB. */
const hostileString = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<unknown>(
      '1e3',
      '10',
      '',
      ' ',
      'null',
      '\u0000',
      'a\u0000b',
      '\u0007\u001b[31m',
      'a\r\nb',
      '\u202e',
      '\ud800',
      '<script>alert(1)</script>',
      "' or 1=1 --",
      '../../etc/passwd',
      'REPR001',
      'REPR006',
      'comment',
      'project',
      'latest',
      'amount',
    ),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }) },
  { weight: 1, arbitrary: fc.constant<unknown>(megabyte) },
);
const hostileScalar = fc.oneof(wrongType, hostileNumber, hostileString);
const hostileValue = fc.oneof(
  { weight: 3, arbitrary: wrongType },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 3, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('type', 'id', '__proto__', 'amount', 'x'), hostileScalar, { maxKeys: 3 }) },
);

/** Every field these routes read, and keys that must never reach an object's prototype. */
const strangerKeys = ['amount', 'body', 'target', 'reason', 'detail', 'sort', 'cursor', 'limit', 'type', 'id', 'title', 'minimumUnit', 'media', '__proto__', 'constructor', 'prototype'];

/** The template with one of its fields (or a nested field of an object field) changed, or left out, or a stranger added. */
function mutatedBody(template: Record<string, unknown>) {
  const own = Object.keys(template);
  const nestedOwn = own.filter((key) => template[key] !== null && typeof template[key] === 'object' && !Array.isArray(template[key]));
  const edits = [
    { weight: 8, arbitrary: fc.tuple(fc.constantFrom(...own), hostileValue).map(([key, value]) => ({ ...template, [key]: value })) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...own), fc.constantFrom(...own), hostileValue, hostileValue).map(([a, b, x, y]) => ({ ...template, [a]: x, [b]: y })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...own).map((key) => {
        const body = { ...template };
        delete body[key];
        return body;
      }),
    },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...strangerKeys), hostileValue).map(([key, value]) => ({ ...template, [key]: value })) },
  ];
  if (nestedOwn.length > 0) {
    edits.push({
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...nestedOwn), fc.constantFrom('type', 'id', '__proto__', 'x'), hostileValue)
        .map(([key, field, value]) => ({ ...template, [key]: { ...(template[key] as object), [field]: value } })),
    });
  }
  return fc.oneof(...edits).map((body) => JSON.stringify(body));
}

/** Raw hostile bodies: prototype keys, 1 MB, truncated JSON, not an object, not JSON. */
function rawBody(template: Record<string, unknown>) {
  const json = JSON.stringify(template);
  const first = Object.keys(template)[0] ?? 'amount';
  return fc.oneof(
    fc.constant(`{"__proto__":{"isOperator":true,"amount":1},${json.slice(1)}`),
    fc.constant(`{"constructor":{"prototype":{"roles":["operator"]}},${json.slice(1)}`),
    fc.constant(JSON.stringify({ ...template, [first]: megabyte })),
    fc.constant(json.slice(0, -1)),
    hostileValue.map((value) => JSON.stringify(value) ?? 'null'),
    fc.string({ maxLength: 40 }),
  );
}

/**
 * Cursors the app did not make: its own shapes (participants, the request queue, id lists) holding
 * hostile keys, in base64url JSON as it writes them. An instant past PostgreSQL's range (1e300 ms,
 * the year 275760) once reached the database and answered 500.
 */
const outOfRange = fc.constantFrom<unknown>(
  1e300,
  -1e300,
  8.64e15,
  Date.UTC(10_000, 0, 1),
  2 ** 31,
  2 ** 60,
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '+010000-01-01T00:00:00.000Z',
  '2020-01-01 00:00:00+16:00',
);
const hostileCursor = fc
  .constantFrom<Record<string, unknown>>(
    { sort: 'latest', latestMs: Date.now(), id: 1 },
    { sort: 'amount', amount: 10, id: 1 },
    { at: new Date().toISOString(), id: 1 },
    { before: 1 },
    { id: 1 },
  )
  .chain((shape) =>
    fc
      .tuple(
        fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...Object.keys(shape)) }, { weight: 1, arbitrary: fc.constantFrom('latestMs', 'at', 'before', '__proto__') }),
        fc.oneof({ weight: 2, arbitrary: outOfRange }, { weight: 1, arbitrary: hostileScalar }),
      )
      .map(([key, value]) => ({ sort: shape.sort, cursor: Buffer.from(JSON.stringify({ ...shape, [key]: value })).toString('base64url') })),
  );

const hostileQuery = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .dictionary(
        fc.constantFrom('sort', 'cursor', 'limit', 'lang', 'x', '__proto__', 'constructor'),
        fc.oneof(hostileScalar.map(String).filter((value) => value.length < 10_000), fc.constant('a'.repeat(5000))),
        { minKeys: 1, maxKeys: 3 },
      )
      .map((query) => new URLSearchParams(query as Record<string, string>).toString()),
  },
  {
    weight: 2,
    arbitrary: hostileCursor.map(({ sort, cursor }) => new URLSearchParams(typeof sort === 'string' ? { sort, cursor } : { cursor }).toString()),
  },
);

/** Path parameters no route takes: refused in the error shape, never 5xx. */
const hostileParam = fc.constantFrom('0', '-1', '1.5', '9007199254740992', '99999999999999999999', '1e3', '0x10', '%00', 'a%00b', '%E0%A4%A', '%zz', '__proto__', 'x'.repeat(150), '%20', '1%0d%0a');

/** Keys of 8–100 safe characters are taken; everything else (null: none) is refused before the route. */
const hostileKey = fc.constantFrom('', 'short', 'k'.repeat(101), 'has space in it', '../../../../etc', '%00%00%00%00', 'ключ-ключ-ключ', null);

const hostileContentType = fc.constantFrom<string | null>('application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=zz', 'application/xml', 'garbage/☃', null);

/** One request's parts; `undefined` means the valid one. */
type Case = { body?: string | null; query?: string; param?: string; key?: string | null; reusedKey?: boolean; type?: string | null; cookie?: 'garbage' | 'none' };

/**
 * Mostly one hostile part per request, everything else valid, so the hostile part reaches the code
 * that reads it (a foreign query key or a missing header would otherwise stop every request first);
 * sometimes several at once.
 */
function hostileCase(template: Record<string, unknown> | undefined, idempotent: boolean) {
  const parts: { weight: number; arbitrary: fc.Arbitrary<Case> }[] = [
    { weight: 2, arbitrary: fc.constant({}) },
    { weight: 2, arbitrary: hostileQuery.map((query) => ({ query })) },
    { weight: 1, arbitrary: hostileParam.map((param) => ({ param })) },
    { weight: 1, arbitrary: fc.constantFrom<Case['cookie']>('garbage', 'none').map((cookie) => ({ cookie })) },
  ];
  const template_ = template ?? { amount: 1 };
  parts.push(
    { weight: template ? 10 : 1, arbitrary: mutatedBody(template_).map((body) => ({ body })) },
    { weight: 2, arbitrary: rawBody(template_).map((body) => ({ body })) },
    { weight: 1, arbitrary: hostileContentType.map((type) => ({ type })) },
  );
  if (idempotent) parts.push({ weight: 1, arbitrary: hostileKey.map((key) => ({ key })) }, { weight: 1, arbitrary: fc.constant({ reusedKey: true }) });
  const one = fc.oneof(...parts);
  return fc.oneof({ weight: 5, arbitrary: one }, { weight: 1, arbitrary: fc.tuple(one, one, one).map(([a, b, c]) => ({ ...a, ...b, ...c })) });
}


/** A report template's target id, replaced by a fresh comment's id on each request, so reports are not all "Already reported.". */
const freshComment = 424_242_424;

type Target = {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path with `{id}` where the hostile parameter may go. */
  path: string;
  id: () => string | Promise<string>;
  cookie: () => string;
  template?: Record<string, unknown>;
  idempotent?: boolean;
};

describe('hostile input on the funding and community routes, from valid templates', () => {
  let t: TestContext;
  let operator: TestUser;
  let creator: TestUser;
  let fan: TestUser;
  let artistId: number;
  let funding: Project;
  let succeeded: Project;

  beforeAll(async () => {
    const unlimited = '1000000';
    t = await createTestContext({
      env: {
        RATE_LIMIT_WRITES_PER_MINUTE: unlimited,
        RATE_LIMIT_UPLOADS_PER_MINUTE: unlimited,
        RATE_LIMIT_COMMENTS_PER_MINUTE: unlimited,
        RATE_LIMIT_REPORTS_PER_MINUTE: unlimited,
        SESSION_IDLE_TIMEOUT_MINUTES: '10000000',
        SESSION_ABSOLUTE_TIMEOUT_HOURS: '1000000',
      },
    });
    operator = await t.createUser({ roles: ['operator'] });
    creator = await t.createUser();
    fan = await t.createUser();
    artistId = await t.createArtist();
    funding = await fundingProject(t, creator, operator, { ...(await validRequestBody(t, artistId)), purpose: 'ongoing' });
    // A limited project that reached its goal: the one an operator may cancel (docs/product.md#cancellation).
    succeeded = await fundingProject(t, creator, operator, await validRequestBody(t, artistId));
    for (const backer of [await t.createUser(), await t.createUser()]) {
      await creditOrange(t, backer.id, succeeded.goal);
      const joined = await t.request({
        method: 'POST',
        url: `/api/projects/${succeeded.id}/participations`,
        cookie: backer.cookie,
        headers: { 'idempotency-key': `k-${randomUUID()}` },
        payload: { amount: succeeded.perUserLimit },
      });
      expect(joined.statusCode, joined.body).toBe(201);
    }
    expect(((await t.request({ url: `/api/projects/${succeeded.id}` })).json() as { project: Project }).project.status).toBe('succeeded');
    await creditOrange(t, fan.id, funding.goal);
  });
  afterAll(() => t.close());

  /** A comment written straight to the table (posting through the API has its own fuzz target). */
  const comment = async (author: TestUser) =>
    Number(
      (await t.database.db.execute<{ id: number }>(sql`insert into comments (project_id, author_id, body, created_at) values (${funding.id}, ${author.id}, 'hello', now()) returning id`)).rows[0]!
        .id,
    );

  it(`never answers 5xx, every error in the error shape, the ledger clean afterwards (seed ${seed}, ${runs} runs per route)`, async () => {
    const event = await eventBody(t, artistId);
    const fanCookie = () => fan.cookie;
    const operatorCookie = () => operator.cookie;
    const targets: Target[] = [
      { name: 'participate', method: 'POST', path: '/api/projects/{id}/participations', id: () => String(funding.id), cookie: fanCookie, template: { amount: funding.minimumUnit }, idempotent: true },
      { name: 'participants', method: 'GET', path: '/api/projects/{id}/participations', id: () => String(funding.id), cookie: fanCookie },
      { name: 'comments', method: 'GET', path: '/api/projects/{id}/comments', id: () => String(funding.id), cookie: fanCookie },
      { name: 'comment', method: 'POST', path: '/api/projects/{id}/comments', id: () => String(funding.id), cookie: fanCookie, template: { body: 'Good luck!' } },
      { name: 'delete comment', method: 'DELETE', path: '/api/comments/{id}', id: async () => String(await comment(fan)), cookie: fanCookie },
      { name: 'like', method: 'PUT', path: '/api/projects/{id}/like', id: () => String(funding.id), cookie: fanCookie },
      { name: 'unlike', method: 'DELETE', path: '/api/projects/{id}/like', id: () => String(funding.id), cookie: fanCookie },
      {
        name: 'report',
        method: 'POST',
        path: '/api/reports',
        id: () => '',
        cookie: () => fan.cookie,
        template: { target: { type: 'comment', id: freshComment }, reason: 'REPR006', detail: 'Misleading' },
      },
      { name: 'cancel', method: 'POST', path: '/api/operator/projects/{id}/cancellation', id: () => String(succeeded.id), cookie: operatorCookie, template: { reason: 'The media owner withdrew.' } },
      { name: 'event', method: 'POST', path: '/api/operator/events', id: () => '', cookie: operatorCookie, template: event as Record<string, unknown>, idempotent: true },
      { name: 'request queue', method: 'GET', path: '/api/operator/project-requests', id: () => '', cookie: operatorCookie },
    ];
    let requests = 0;
    for (const target of targets) {
      const withBody = target.template !== undefined;
      const reusedKey = `fuzz-reused-${target.name.replace(/\W/g, '-')}`;
      await fc.assert(
        fc.asyncProperty(hostileCase(target.template, target.idempotent ?? false), async (c) => {
          requests += 1;
          const path = target.path.replace('{id}', c.param ?? (await target.id()));
          const url = c.query ? `${path}?${c.query}` : path;
          const cookie = c.cookie === 'garbage' ? `${t.config.session.cookieName}=garbage` : c.cookie === 'none' ? undefined : target.cookie();
          // Body-less routes get a body only when the case made one (a stray body must change nothing).
          const body = c.body !== undefined ? c.body : withBody ? JSON.stringify(target.template) : null;
          const sendsBody = body !== null && target.method !== 'GET';
          const type = c.type !== undefined ? c.type : 'application/json';
          const headers: Record<string, string> = {};
          if (sendsBody && type !== null) headers['content-type'] = type;
          if (target.idempotent) {
            const key = c.reusedKey ? reusedKey : c.key !== undefined ? c.key : `k-${randomUUID()}`;
            if (key !== null) headers['idempotency-key'] = key;
          }
          const payload = sendsBody && body.includes(String(freshComment)) ? body.replaceAll(String(freshComment), String(await comment(creator))) : body;
          const response = await t.request({ method: target.method, url, cookie, headers, ...(sendsBody ? { payload: payload! } : {}) });
          const label = `${target.name}: ${target.method} ${url.slice(0, 120)} ${JSON.stringify(headers)} ${String(payload).slice(0, 160)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
          expectErrorShape(response.statusCode, response.body, label);
          if (response.statusCode < 300 && response.statusCode !== 204) expect(() => JSON.parse(response.body) as unknown, label).not.toThrow();
        }),
        { numRuns: runs, seed },
      );
    }
    expect(requests).toBeGreaterThanOrEqual(targets.length * runs);
    // Nothing the fuzz did may leave the ledger out of balance (docs/quality.md#r6).
    await expectLedgerClean(t);
    const { rows } = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from point_lots where remaining < 0`);
    expect(Number(rows[0]!.n)).toBe(0);
  }, 600_000);
});

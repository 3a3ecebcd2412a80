import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, testOrigin, type TestContext } from '../harness.ts';
import { apiRoutes, fillRoute } from './route-fixtures.ts';

/** S2: generated hostile requests per endpoint. ORCHARD_FUZZ_RUNS raises the count (QUALITY: ≥ 1,000). */
const runsPerRoute = Number(process.env.ORCHARD_FUZZ_RUNS ?? 150);
const seed = Number(process.env.ORCHARD_FUZZ_SEED ?? Date.now() % 2 ** 31);

const hostileScalar = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 2 ** 53, -(2 ** 53), 1e308, '1e3', '', ' ', 'null', 'true', '0x10', 'NaN', '../../etc/passwd', '%00', '\u0000', '\u202e', '<script>alert(1)</script>', "' or 1=1 --"),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);

const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, hostileScalar, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 12 }), tie('value'), { maxKeys: 4 })),
})).value;

const knownKeys = ['language', 'currency', 'nickname', 'country', 'adInfoConsent', 'nightNotificationConsent', 'marketingConsent', 'artistIds', 'service', 'privacy', 'uniqueIdentification', 'marketing', 'acknowledgePointForfeit', 'q', 'cursor', 'limit', 'returnTo', 'code', 'state', 'packageId', 'method', 'orange', 'currency', 'tab', 'orderId', 'paymentKey', 'amount', 'message', 'ids', 'categoryCode', 'lang'];

const hostileBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...knownKeys), hostileValue, { maxKeys: 5 }).map((body) => JSON.stringify(body)),
  hostileValue.map((value) => JSON.stringify(value) ?? 'null'),
  fc.constant('{"__proto__":{"isAdmin":true},"language":"en"}'),
  fc.constant('{"constructor":{"prototype":{"roles":["operator"]}}}'),
  fc.constant(`{"nickname":"${'x'.repeat(1_000_000)}"}`),
  fc.constant('{"language":'),
  fc.string({ maxLength: 60 }),
);

const hostileQuery = fc
  .dictionary(fc.constantFrom(...knownKeys, 'x', '__proto__'), fc.oneof(hostileScalar.map(String), fc.constant('a'.repeat(5000))), { maxKeys: 3 })
  .map((query) => new URLSearchParams(query as Record<string, string>).toString());

const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=zz', 'application/xml', 'garbage/☃');

describe('hostile input on every endpoint', () => {
  let t: TestContext;
  let artistId: number;
  beforeAll(async () => {
    t = await createTestContext({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '1000000', RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000000', RATE_LIMIT_UPLOADS_PER_MINUTE: '1000000' } });
    artistId = await t.createArtist();
  });
  afterAll(() => t.close());

  it(`never answers 5xx, and every error has the JSON error shape without internals (seed ${seed}, ${runsPerRoute} runs per route)`, async () => {
    for (const route of apiRoutes(t)) {
      const user = await t.createUser();
      const cookies = [user.cookie, `${t.config.session.cookieName}=garbage`, `${t.config.session.cookieName}=${'A'.repeat(5000)}`, 'a=b; c', ''];
      await fc.assert(
        fc.asyncProperty(
          hostileBody,
          hostileQuery,
          contentType,
          fc.constantFrom(...cookies),
          fc.oneof(fc.constant(null), fc.string({ maxLength: 30 }), fc.integer().map(String)),
          async (body, query, type, cookie, param) => {
            const path = param === null ? fillRoute(route.url, { artistId }) : route.url.replace(/:[A-Za-z]+/g, encodeURIComponent(param) || 'x');
            const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
            const response = await t.app.inject({
              method: route.method as 'POST',
              url: query ? `${path}?${query}` : path,
              headers: { origin: testOrigin, cookie, ...(hasBody || route.method === 'DELETE' ? { 'content-type': type } : {}) },
              ...(hasBody || route.method === 'DELETE' ? { payload: body } : {}),
            });
            const label = `${route.method} ${path} → ${response.statusCode} ${response.body.slice(0, 200)}`;
            expect(response.statusCode, label).toBeLessThan(500);
            if (response.statusCode >= 400) {
              const json = response.json() as { error: { code: string; message: string } };
              expect(typeof json.error.code, label).toBe('string');
              expect(typeof json.error.message, label).toBe('string');
              expect(response.body, label).not.toMatch(/node_modules|at \w+ \(|\.ts:\d+/);
            }
          },
        ),
        { numRuns: runsPerRoute, seed },
      );
    }
  }, 600_000);
});

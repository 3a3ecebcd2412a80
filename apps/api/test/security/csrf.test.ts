import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, errorCode, type TestContext, type TestUser } from '../harness.ts';
import { apiRoutes, fillRoute, tableCounts, writeMethods } from './route-fixtures.ts';

/** docs/quality.md#s3: every state-changing route refuses a request that did not come from the app's own origin. */
describe('cross-site request forgery', () => {
  let t: TestContext;
  let user: TestUser;
  let artistId: number;
  beforeAll(async () => {
    t = await createTestContext();
    user = await t.createUser();
    artistId = await t.createArtist();
  });
  afterAll(() => t.close());

  const forgeries: { name: string; headers: Record<string, string>; payload?: string }[] = [
    { name: 'a foreign Origin', headers: { origin: 'https://evil.example', 'content-type': 'application/json' }, payload: '{}' },
    { name: 'the app origin but Sec-Fetch-Site cross-site', headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' }, payload: '{}' },
    { name: 'Sec-Fetch-Site same-site (a sibling subdomain)', headers: { 'sec-fetch-site': 'same-site', 'content-type': 'application/json' }, payload: '{}' },
    { name: 'neither Origin nor Sec-Fetch-Site', headers: { 'content-type': 'application/json' }, payload: '{}' },
    { name: 'a null Origin (sandboxed frame)', headers: { origin: 'null', 'content-type': 'application/json' }, payload: '{}' },
    { name: 'a text/plain body from a foreign page', headers: { origin: 'https://evil.example', 'content-type': 'text/plain' }, payload: '{"language":"en"}' },
    { name: 'a form body from a foreign page', headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, payload: 'language=en' },
    {
      name: 'a multipart body from a foreign page',
      headers: { origin: 'https://evil.example', 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc\r\n--x--\r\n',
    },
  ];

  it('refuses every forged write on every state-changing route and writes nothing', async () => {
    const writes = apiRoutes(t).filter((route) => writeMethods.has(route.method));
    expect(writes.length).toBeGreaterThan(0);
    const before = await tableCounts(t);
    for (const route of writes) {
      // Apple posts its sign-in callback cross-site by design; state and a binding cookie protect it instead.
      if (route.url === '/api/auth/apple/callback') continue;
      // Gateways are servers with no Origin; the HMAC signature protects their webhooks (webhook tests, docs/quality.md#s10).
      if (route.url === '/api/payments/webhooks/:gateway') continue;
      for (const forgery of forgeries) {
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: fillRoute(route.url, { artistId }),
          headers: { cookie: user.cookie, ...forgery.headers },
          payload: forgery.payload,
        });
        expect(response.statusCode, `${route.method} ${route.url} with ${forgery.name}`).toBe(403);
        expect(errorCode(response)).toBe('request.forbidden_origin');
      }
    }
    expect(await tableCounts(t)).toEqual(before);
    const me = await t.request({ url: '/api/auth/me', cookie: user.cookie });
    expect(me.statusCode).toBe(200);
  });

  it('accepts the same write from the app itself', async () => {
    const response = await t.request({
      method: 'PATCH',
      url: '/api/users/user-profile/currency-and-language',
      cookie: user.cookie,
      payload: { language: 'en' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a same-origin write whose body is not JSON', async () => {
    const response = await t.request({
      method: 'PATCH',
      url: '/api/users/user-profile/currency-and-language',
      cookie: user.cookie,
      headers: { 'content-type': 'text/plain' },
      payload: '{"language":"ja"}',
    });
    expect(response.statusCode).toBe(415);
    expect(errorCode(response)).toBe('request.unsupported_media_type');
  });
});

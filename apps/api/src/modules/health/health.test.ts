import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, errorCode, type TestContext } from '../../../test/harness.ts';
import { createReadiness } from './readiness.ts';

describe('health and platform behaviour', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('answers liveness without touching the database', async () => {
    const response = await t.request({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('reports ready once migrations are applied', async () => {
    const response = await t.request({ url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
    expect(response.body).not.toMatch(/pglite|postgres/i);
  });

  it('marks every operation of the OpenAPI document with the access level its route declares', async () => {
    const document = (await t.request({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: Record<string, string[]>[]; requestBody?: { content: Record<string, { schema: unknown }> } }>>;
      components: { securitySchemes: Record<string, { in: string; name: string }> };
    };
    const schemeOf = { session: 'session', joined: 'joinedSession', operator: 'operatorSession' } as const;
    let checked = 0;
    for (const route of t.app.routeCatalogue) {
      if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) continue;
      const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      if (!operation) continue;
      checked += 1;
      const expected = route.access === 'public' ? [] : [{ [schemeOf[route.access]]: [] }];
      expect(operation.security, `${route.method} ${route.url}`).toEqual(expected);
    }
    expect(checked).toBeGreaterThan(20);
    expect(document.components.securitySchemes.joinedSession).toMatchObject({ in: 'cookie', name: t.config.session.cookieName });
    // Each upload route's body is the form it reads (lib/uploads.ts), its fields and files by name.
    const bodyOf = (path: string, method: string) => document.paths[path]![method]!.requestBody?.content['multipart/form-data']?.schema;
    expect(bodyOf('/api/users/user-profile/picture', 'put')).toMatchObject({
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary' } },
    });
    expect(bodyOf('/api/artists/{artistId}/posts', 'post')).toMatchObject({
      required: ['text'],
      properties: { text: { type: 'string' }, images: { type: 'array', items: { type: 'string', format: 'binary' }, minItems: 0, maxItems: 4 } },
    });
    const film = bodyOf('/api/films/uploads', 'post') as { required: string[]; properties: Record<string, { format?: string }> };
    expect(film.required).toContain('video');
    expect(film.properties.video).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(film.properties).length).toBeGreaterThan(1);
  });

  it('answers an unknown route with the JSON error shape', async () => {
    const response = await t.request({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });

  it('sends security headers and a request id on every response (docs/quality.md#s7)', async () => {
    for (const url of ['/api/health', '/api/nothing-here', '/api/docs/json']) {
      const response = await t.request({ url });
      const csp = String(response.headers['content-security-policy']);
      expect(response.headers['strict-transport-security']).toContain('max-age=');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-powered-by']).toBeUndefined();
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("'unsafe-inline'");
    }
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const response = await t.request({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toContain('/api/ready');
  });

  it('refuses text/plain bodies with 415 and a code, and the write changes nothing', async () => {
    const user = await t.createUser();
    const url = '/api/users/user-profile/currency-and-language';
    const response = await t.request({ method: 'PATCH', url, cookie: user.cookie, payload: '{"language":"ja"}', headers: { 'content-type': 'text/plain' } });
    expect(response.statusCode).toBe(415);
    expect(errorCode(response)).toBe('request.unsupported_media_type');
    const settings = await t.request({ url: '/api/users/display-info', cookie: user.cookie });
    expect((settings.json() as { language: string }).language).not.toBe('ja');
  });
});

describe('readiness while the process shuts down (decision 084)', () => {
  let t: TestContext;
  const readiness = createReadiness();
  beforeAll(async () => {
    t = await createTestContext({ deps: { readiness } });
  });
  afterAll(() => t.close());

  it('answers ready on both routes, then 503 once draining while liveness and other routes still answer, each response closing its connection', async () => {
    for (const url of ['/api/health/ready', '/api/ready']) {
      const response = await t.request({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ status: 'ready' });
      expect(response.headers.connection, url).not.toBe('close');
    }

    readiness.drain();

    for (const url of ['/api/health/ready', '/api/ready']) {
      const response = await t.request({ url });
      expect(response.statusCode, url).toBe(503);
      expect(errorCode(response)).toBe('unavailable');
      expect(response.headers.connection, url).toBe('close');
    }
    const live = await t.request({ url: '/api/health' });
    expect(live.statusCode).toBe(200);
    expect(live.headers.connection).toBe('close');
    // Requests the load balancer still sends during the drain are served, not refused.
    const media = await t.request({ url: '/api/media?limit=1' });
    expect(media.statusCode).toBe(200);
    expect(media.headers.connection).toBe('close');
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createTestContext, openTestDatabase, testOrigin, type TestContext } from './harness.ts';

describe('serving the built web app', () => {
  let t: TestContext;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-dist-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestContext({ env: { NODE_ENV: 'production', DEV_IDP: 'off', ALLOW_SANDBOX_GATEWAY_IN_PRODUCTION: 'true', WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('caches hashed assets for a year and revalidates index.html', async () => {
    const asset = await t.request({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const index = await t.request({ url: '/', headers: { accept: 'text/html' } });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.body).toContain('<div id="root">');
  });

  it('answers client routes with index.html so a reload keeps the page', async () => {
    for (const url of ['/my-page/user-profile', '/artist/group/3', '/home?tab=ranking']) {
      const response = await t.request({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    }
  });

  it('keeps unknown API paths and missing assets as 404s, not the page', async () => {
    const api = await t.request({ url: '/api/unknown', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'not_found' } });
    const asset = await t.request({ url: '/assets/missing-999.js', headers: { accept: '*/*' } });
    expect(asset.statusCode).toBe(404);
  });
});

describe('graceful shutdown', () => {
  it('lets an in-flight request finish while refusing new ones', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-close-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: testOrigin, LOG_LEVEL: 'silent' });
    const database = await openTestDatabase();
    const app = await buildApp(config, { database, logger: false });
    let release: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      app.get('/api/test-slow', { config: { access: 'public' } }, async () => {
        resolve();
        await new Promise<void>((done) => (release = done));
        return { finished: true };
      });
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const inFlight = fetch(`${address}/api/test-slow`);
    await started;
    const closing = app.close();
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await closing;
    await expect(fetch(`${address}/api/health`)).rejects.toThrow();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

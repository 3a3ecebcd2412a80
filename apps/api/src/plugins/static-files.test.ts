import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';

const webRoot = path.resolve(import.meta.dirname, '../../../web');
const webPublicDir = path.join(webRoot, 'public');

/** A built web app in miniature: index.html and two of the prerendered landing pages. */
function writeWebDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-web-dist-'));
  fs.mkdirSync(path.join(dist, 'prerendered'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'prerendered', 'home.ko.KRW.html'), 'home in ko, KRW');
  fs.writeFileSync(path.join(dist, 'prerendered', 'home.es.JPY.html'), 'home in es, JPY');
  fs.writeFileSync(path.join(dist, 'prerendered', 'login.en.USD.html'), 'login in en, USD');
  // The web build copies apps/web/public into dist as it is: the icons and the manifest.
  fs.cpSync(webPublicDir, dist, { recursive: true });
  return dist;
}

describe('the web app (decision 012: prerendered landing pages)', () => {
  let t: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = writeWebDist();
    t = await createTestContext({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const page = (url: string, cookie?: string) =>
    t.request({ url, headers: { accept: 'text/html,application/xhtml+xml', ...(cookie ? { cookie } : {}) } });

  it('answers / with the first screen in the language and currency of the cookie', async () => {
    const response = await page('/', 'orchard-display=es.JPY');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('home in es, JPY');
    expect(response.headers.vary).toContain('Cookie');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect((await page('/login?next=%2Fmy-page', 'orchard-display=en.USD')).body).toBe('login in en, USD');
  });

  it('compresses a page for a browser that takes Brotli or gzip, as it prefers, and sends it plain to one that takes neither (decision 110)', async () => {
    const compressed = (acceptEncoding: string) => t.request({ url: '/', headers: { accept: 'text/html', 'accept-encoding': acceptEncoding } });
    const brotli = await compressed('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe('home in ko, KRW');
    const gzip = await compressed('br;q=0, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8')).toBe('home in ko, KRW');
    for (const plain of ['identity', 'deflate', '']) {
      const response = await compressed(plain);
      expect(response.headers['content-encoding'], plain).toBeUndefined();
      expect(response.body, plain).toBe('home in ko, KRW');
    }
  });

  it('answers a first visit (no cookie) in the default Korean and KRW', async () => {
    expect((await page('/')).body).toBe('home in ko, KRW');
  });

  it('treats a hand-edited or hostile cookie as the default, never as a path', async () => {
    for (const value of ['xx.KRW', 'es.EUR', '../../index', 'es.JPY.x', '%2e%2e%2fetc', '']) {
      expect((await page('/', `orchard-display=${value}`)).body).toBe('home in ko, KRW');
    }
  });

  it('falls back to the plain index.html where a prerendered page is missing, and on every other path', async () => {
    expect((await page('/login', 'orchard-display=ja.KRW')).body).toBe('<div id="root"></div>');
    expect((await page('/my-page/point-charge', 'orchard-display=es.JPY')).body).toBe('<div id="root"></div>');
    expect((await page('/home', 'orchard-display=es.JPY')).body).toBe('<div id="root"></div>');
  });

  it('serves every icon and the manifest the page links to, so no load ends in a 404', async () => {
    const indexHtml = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
    const linked = [...indexHtml.matchAll(/<link rel="(?:icon|apple-touch-icon|manifest)" href="([^"]+)"/g)].map(([, href]) => href!);
    expect(linked).toEqual(expect.arrayContaining(['/favicon.ico', '/manifest.webmanifest', '/apple-touch-icon.png']));
    const manifest = JSON.parse(fs.readFileSync(path.join(webPublicDir, 'manifest.webmanifest'), 'utf8')) as { icons: { src: string }[] };
    expect(manifest.icons.length).toBeGreaterThan(0);
    const expectedTypes: Record<string, string> = { '.ico': 'image/', '.svg': 'image/svg+xml', '.png': 'image/png', '.webmanifest': 'application/manifest+json' };
    // A browser asks for icons with an image Accept header, never text/html.
    for (const href of [...linked, ...manifest.icons.map((icon) => icon.src)]) {
      const response = await t.request({ url: href, headers: { accept: 'image/avif,image/webp,image/*,*/*;q=0.8' } });
      expect(response.statusCode, href).toBe(200);
      expect(response.headers['content-type'], href).toContain(expectedTypes[path.extname(href)]);
      expect(response.rawPayload.length, href).toBeGreaterThan(0);
    }
  });
});

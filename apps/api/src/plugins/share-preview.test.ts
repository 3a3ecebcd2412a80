import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { expectLedgerClean } from '../../test/points-fixtures.ts';
import { hideProject } from '../../test/community-kit.ts';
import { fundingProject, requestProject, validRequestBody } from '../../test/projects-kit.ts';
import { fontStylesheetsFileName, projectPictureSizes, serverShellFileName } from '@orchard/shared';
import { previewedProjectId } from './share-preview.ts';

const hostileTitle = '"><script>alert(1)</script>\'';

describe('shared project links carry Open Graph tags (docs/product.md#sharing)', () => {
  let t: TestContext;
  let dist: string;
  let operator: TestUser;
  let projectId: number;
  let requestId: number;

  const page = (url: string, headers: Record<string, string> = {}) => t.request({ url, headers: { accept: 'text/html', ...headers } });

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-web-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<html><head><title>Orchard</title><link rel="modulepreload" href="/assets/home.js"></head><body><div id="root"></div></body></html>');
    fs.mkdirSync(path.join(dist, 'prerendered'));
    fs.writeFileSync(path.join(dist, 'prerendered', 'app-shell.html'), '<html><head><title>Orchard</title><meta name="shell" content="app"></head><body><div id="root"></div></body></html>');
    // The page renderer of a web build (decision 110), as a stand-in that shows the title it is handed.
    fs.writeFileSync(path.join(dist, 'prerendered', serverShellFileName('project')), '<html lang="ko"><head><title>Orchard</title><meta name="shell" content="server"></head><body><div id="root"></div></body></html>');
    fs.writeFileSync(path.join(dist, 'prerendered', fontStylesheetsFileName), '{}');
    fs.mkdirSync(path.join(dist, 'server'));
    fs.writeFileSync(
      path.join(dist, 'server', 'landing-render.js'),
      "export async function renderLandingPage(pathname, preference, answers) { const [[address, answer]] = Object.entries(answers); return { body: `<h2 data-address=\"${address}\">${answer.project.title.replace(/[&<>\"']/g, (c) => '&#' + c.charCodeAt(0) + ';')}</h2>`, fontSlices: [], renderedAt: 1796601600000 }; }",
    );
    t = await createTestContext({ env: { WEB_DIST_DIR: dist, RATE_LIMIT_WRITES_PER_MINUTE: '100000', RATE_LIMIT_UPLOADS_PER_MINUTE: '100000' } });
    operator = await t.createUser({ roles: ['operator'] });
    const artistId = await t.createArtist();
    const creator = await t.createUser();
    const project = await fundingProject(t, creator, operator, await validRequestBody(t, artistId), { title: hostileTitle, introduction: 'Let us <b>celebrate</b> together.' });
    projectId = project.id;
    requestId = (await requestProject(t, creator, await validRequestBody(t, artistId))).id;
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers /project/{id} with the title, description, absolute thumbnail and url, all escaped', async () => {
    const response = await page(`/project/${projectId}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<meta property="og:title" content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&#39;">');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:\d+\/api\/files\/[^"]+\.webp">/);
    expect(html).toMatch(new RegExp(`<meta property="og:url" content="http://localhost:\\d+/project/${projectId}">`));
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('Let us &lt;b&gt;celebrate&lt;/b&gt; together.');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it("preloads the thumbnail, the page's largest picture, at high priority by the path its <img> names, on the app's shell without the landing chunks (issue 35)", async () => {
    const { thumbnailUrl, thumbnailSmallUrl } = (await t.request({ url: `/api/projects/${projectId}` })).json<{ project: { thumbnailUrl: string; thumbnailSmallUrl: string } }>().project;
    const html = (await page(`/project/${projectId}`)).body;
    expect(thumbnailUrl).toMatch(/^\/api\/files\//);
    // The same candidates as the page's <img> (docs/decisions/111), so the browser takes the one the page will.
    expect(html).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${thumbnailUrl}" imagesrcset="${thumbnailSmallUrl} 720w, ${thumbnailUrl} 1200w" imagesizes="${projectPictureSizes}">`,
    );
    expect(html).toContain('<meta name="shell" content="server">');
    expect(html).not.toContain('/assets/home.js');
    for (const url of ['/project/999999', '/artist/group/1', '/film']) {
      const other = (await page(url)).body;
      expect(other, url).toContain('<meta name="shell" content="app">');
      expect(other, url).not.toContain('rel="preload" as="image"');
    }
  });

  it("answers a signed-out visitor's project read in the page, exactly as the API would, and a signed-in one's not (decision 109)", async () => {
    // The app reads in the device's language (its cookie), else its default, whatever the browser accepts.
    expect((await page(`/project/${projectId}`, { 'accept-language': 'ja' })).body).toContain(`data-address="/api/projects/${projectId}?lang=ko"`);
    const html = (await page(`/project/${projectId}`, { 'accept-language': 'en', cookie: 'orchard-display=ja.JPY' })).body;
    const block = new RegExp(`<script type="application/json" class="landing-read" data-address="/api/projects/${projectId}\\?lang=ja">([^<]*)</script>`).exec(html);
    expect(block).not.toBeNull();
    const apiAnswer = (await t.request({ url: `/api/projects/${projectId}?lang=ja` })).json<unknown>();
    expect(JSON.parse(block![1]!)).toEqual(apiAnswer);
    expect(block![1]).toContain('\\u003cscript>alert(1)\\u003c/script>');
    expect(html).not.toContain('<script>alert(1)');
    const signedIn = (await page(`/project/${projectId}`, { cookie: (await t.createUser()).cookie })).body;
    expect(signedIn).toContain('og:title');
    expect(signedIn).not.toContain('landing-read');
  });

  it("renders a signed-out visitor's page from the very answer it carries, in the device's language, and a signed-in one's not (decision 110)", async () => {
    const html = (await page(`/project/${projectId}`, { cookie: 'orchard-display=ja.JPY' })).body;
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain(
      `<div id="root" data-prerendered="ja.JPY" data-server-rendered="" data-rendered-at="1796601600000" data-font-slices=""><h2 data-address="/api/projects/${projectId}?lang=ja">&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#39;</h2></div>`,
    );
    expect(html).toContain('<meta name="shell" content="server">');
    expect(html).toContain(`data-address="/api/projects/${projectId}?lang=ja">{`);
    const signedIn = (await page(`/project/${projectId}`, { cookie: (await t.createUser()).cookie })).body;
    expect(signedIn).toContain('<meta name="shell" content="app">');
    expect(signedIn).not.toContain('data-server-rendered');
    const file = await t.request({ url: '/server/landing-render.js' });
    expect(file.body).not.toContain('renderLandingPage');
  });

  it("speaks the viewer's language: the display cookie, else Accept-Language", async () => {
    expect((await page(`/project/${projectId}`, { 'accept-language': 'ja-JP,ja;q=0.9' })).body).toContain('<meta property="og:locale" content="ja">');
    expect((await page(`/project/${projectId}`, { 'accept-language': 'ja', cookie: 'orchard-display=es.USD' })).body).toContain('<meta property="og:locale" content="es">');
  });

  it('leaves requests, unknown and malformed ids as the plain page', async () => {
    for (const url of [`/project/${requestId}`, '/project/999999', '/project/0', '/project/01', `/project/${projectId}/x`, '/project/99999999999']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('og:title');
    }
  });

  it("gives a hidden project no preview: neither its title nor its thumbnail (docs/product.md#reports)", async () => {
    const artistId = await t.createArtist();
    const creator = await t.createUser();
    const hidden = await fundingProject(t, creator, operator, await validRequestBody(t, artistId), { title: 'Hidden secret title' });
    await hideProject(t, await t.createUser(), operator, hidden.id);
    for (const headers of [{}, { 'accept-language': 'en' }] as Record<string, string>[]) {
      const response = await page(`/project/${hidden.id}`, headers);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('og:title');
      expect(response.body).not.toContain('og:image');
      expect(response.body).not.toContain('Hidden secret title');
      expect(response.body).not.toMatch(/\/api\/files\//);
    }
  });

  it.each([
    ['$&', '$&amp;'],
    ["$'", '$&#39;'],
    ['$`', '$`'],
    ['$$', '$$'],
    ["$' $` $& $$ $1 $<name>", '$&#39; $` $&amp; $$ $1 $&lt;name&gt;'],
  ])('writes a title holding %s as typed: the page is never rewritten by a replacement pattern', async (title, escaped) => {
    const project = await fundingProject(t, await t.createUser(), operator, await validRequestBody(t, await t.createArtist()), { title });
    const html = (await page(`/project/${project.id}`)).body;
    expect(html).toContain(`<title>${escaped} · Orchard</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escaped}">`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    const rendered = /<\/head><body><div id="root"[^>]*><h2 data-address="[^"]+">([^<]*)<\/h2><\/div><script type="application\/json" class="landing-read" data-address="[^"]+">[^<]*<\/script><\/body><\/html>$/.exec(html);
    expect(rendered?.[1]?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))).toBe(title);
    expect(JSON.parse(/class="landing-read"[^>]*>([^<]*)</.exec(html)![1]!)).toMatchObject({ project: { title } });
  });

  it('reads only plain decimal ids', () => {
    expect(previewedProjectId('/project/12')).toBe(12);
    expect(previewedProjectId('/project/2147483648')).toBeNull();
    expect(previewedProjectId('/project/1e3')).toBeNull();
    expect(previewedProjectId('/projects/1')).toBeNull();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fontStylesheetsFileName, serverShellFileName, type Artist } from '@orchard/shared';
import { landingPageOf } from '@orchard/shared/spa-paths';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { expectLedgerClean } from '../../test/points-fixtures.ts';
import { fundingProject, validRequestBody } from '../../test/projects-kit.ts';

const hostileTitle = '</script><script>alert(1)</script>';

/** The answers a page carries, by address, as the browser would read its data blocks. */
function carriedAnswers(html: string): Record<string, unknown> {
  const blocks = [...html.matchAll(/<script type="application\/json" class="landing-read" data-address="([^"]+)">([^<]*)<\/script>/g)];
  return Object.fromEntries(blocks.map(([, address, json]) => [address!.replace(/&amp;/g, '&'), JSON.parse(json!) as unknown]));
}

describe("an artist's page and the Film tab come with their reads and rendered from them (decisions 109, 110)", () => {
  let t: TestContext;
  let dist: string;
  let artist: Artist;
  let fan: TestUser;

  const page = (url: string, headers: Record<string, string> = {}) => t.request({ url, headers: { accept: 'text/html', ...headers } });
  const apiAnswer = async (address: string) => (await t.request({ url: address })).json<unknown>();

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-web-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<html><head><title>Orchard</title></head><body><div id="root"></div></body></html>');
    fs.mkdirSync(path.join(dist, 'prerendered'));
    fs.writeFileSync(path.join(dist, 'prerendered', 'app-shell.html'), '<html><head><title>Orchard</title><meta name="shell" content="app"></head><body><div id="root"></div></body></html>');
    for (const name of ['artist', 'film'] as const) {
      fs.writeFileSync(path.join(dist, 'prerendered', serverShellFileName(name)), `<html lang="ko"><head><title>Orchard</title><meta name="shell" content="${name}"></head><body><div id="root"></div></body></html>`);
    }
    fs.writeFileSync(path.join(dist, 'prerendered', fontStylesheetsFileName), '{}');
    fs.mkdirSync(path.join(dist, 'server'));
    // A stand-in for the web build's renderer: it names each answer it was handed and how many items it holds.
    fs.writeFileSync(
      path.join(dist, 'server', 'landing-render.js'),
      "export async function renderLandingPage(pathname, preference, answers) { return { body: Object.entries(answers).map(([address, answer]) => `<p>${address.replace(/&/g, '&amp;')} ${answer.items ? answer.items.length : answer.id}</p>`).join(''), fontSlices: [], renderedAt: 1796601600000 }; }",
    );
    t = await createTestContext({ env: { WEB_DIST_DIR: dist, RATE_LIMIT_WRITES_PER_MINUTE: '100000', RATE_LIMIT_UPLOADS_PER_MINUTE: '100000' } });
    const operator = await t.createUser({ roles: ['operator'] });
    fan = await t.createUser();
    const artistId = await t.createArtist();
    artist = await apiAnswer(`/api/artists/${artistId}`) as Artist;
    await fundingProject(t, await t.createUser(), operator, await validRequestBody(t, artistId));
    await t.database.db.execute(
      sql`insert into films (author_id, artist_id, title, source, youtube_id, created_at) values (${fan.id}, ${artistId}, ${hostileTitle}, 'youtube', 'dQw4w9WgXcQ', now())`,
    );
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("renders a signed-out visitor's artist page from its three reads, each exactly as the API answers it", async () => {
    const url = `/artist/${artist.type}/${artist.id}`;
    const html = (await page(url, { cookie: 'orchard-display=ja.JPY' })).body;
    expect(html).toContain('<meta name="shell" content="artist">');
    expect(html).toContain('<html lang="ja">');
    const reads = landingPageOf(url, '', 'ja')!.reads;
    expect(reads).toHaveLength(3);
    const carried = carriedAnswers(html);
    expect(Object.keys(carried)).toEqual(reads);
    for (const address of reads) expect(carried[address], address).toEqual(await apiAnswer(address));
    expect(html).toContain(`<p>/api/artists/${artist.id} ${artist.id}</p>`);
    expect(html).toContain(`<p>/api/projects?artistId=${artist.id}&amp;status=funding&amp;sort=raised 1</p>`);
  });

  it('leaves another tab to the app with only the artist read, a signed-in visitor to the app with none, and an unknown artist as the plain page', async () => {
    const tab = (await page(`/artist/${artist.type}/${artist.id}?tab=community`)).body;
    expect(tab).toContain('<meta name="shell" content="app">');
    expect(Object.keys(carriedAnswers(tab))).toEqual([`/api/artists/${artist.id}`]);
    const signedIn = (await page(`/artist/${artist.type}/${artist.id}`, { cookie: fan.cookie })).body;
    expect(signedIn).toContain('<meta name="shell" content="app">');
    expect(signedIn).not.toContain('landing-read');
    for (const url of ['/artist/group/999999', '/artist/solo/2147483647']) {
      const unknown = (await page(url)).body;
      expect(unknown, url).toContain('<meta name="shell" content="app">');
      expect(unknown, url).not.toContain('landing-read');
    }
  });

  it("renders the Film tab from its first page, a user's title kept inert in the page's data", async () => {
    const html = (await page('/film')).body;
    expect(html).toContain('<meta name="shell" content="film">');
    const carried = carriedAnswers(html);
    expect(carried).toEqual({ '/api/films': await apiAnswer('/api/films') });
    expect(JSON.stringify(carried)).toContain(hostileTitle);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
    const following = (await page('/film?tab=following')).body;
    expect(following).toContain('<meta name="shell" content="app">');
    expect(following).not.toContain('landing-read');
  });
});

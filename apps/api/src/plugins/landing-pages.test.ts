import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fontStylesheetsFileName, serverShellFileName } from '@orchard/shared';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { landingRenderQueueLimit, loadLandingPages } from './landing-pages.ts';

const silent = pino({ level: 'silent' });
const shell = '<!doctype html><html lang="ko"><head><title>Orchard</title></head><body><div id="root"></div></body></html>';
const preference = { language: 'ja', currency: 'JPY' } as const;
const dists: string[] = [];

/**
 * A build's dist with a renderer of our own making in place of the web build's: it answers
 * `script` (the body of renderLandingPage, which sees pathname, preference, answers, css, signal).
 */
function distWith(script: string, { withShell = true } = {}): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-landing-'));
  dists.push(dist);
  fs.mkdirSync(path.join(dist, 'server'));
  fs.mkdirSync(path.join(dist, 'prerendered'));
  fs.writeFileSync(path.join(dist, 'server', 'landing-render.js'), `export async function renderLandingPage(pathname, preference, answers, css, signal) { ${script} }`);
  fs.writeFileSync(path.join(dist, 'prerendered', fontStylesheetsFileName), JSON.stringify({ ja: 'ja-css', ko: 'ko-css' }));
  if (withShell) fs.writeFileSync(path.join(dist, 'prerendered', serverShellFileName('project')), shell);
  return dist;
}

afterEach(() => {
  for (const dist of dists.splice(0)) fs.rmSync(dist, { recursive: true, force: true });
});

describe("a shared link's page rendered for its request (decision 110)", () => {
  it("puts the render in the shell's root, in the device's language, with its font files, its answers and stylesheet handed over", async () => {
    const pages = await loadLandingPages(distWith("return { body: `<h2>${answers['/api/x'].title} ${pathname} ${preference.language}.${preference.currency} ${css}</h2>`, fontSlices: ['/a.woff2', '/b&c.woff2'], renderedAt: 1796601600000 };"), silent);
    const html = await pages!.render('project', '/project/5', preference, { '/api/x': { title: 'Birthday $& $\' ad' } });
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain(
      '<div id="root" data-prerendered="ja.JPY" data-server-rendered="" data-rendered-at="1796601600000" data-font-slices="/a.woff2 /b&amp;c.woff2"><h2>Birthday $& $\' ad /project/5 ja.JPY ja-css</h2></div>',
    );
  });

  it('is not there for a build without the renderer, and answers null for a page with no shell', async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-landing-'));
    dists.push(bare);
    expect(await loadLandingPages(bare, silent)).toBeNull();
    const pages = await loadLandingPages(distWith("return { body: 'x', fontSlices: [] };", { withShell: false }), silent);
    expect(await pages!.render('project', '/project/5', preference, {})).toBeNull();
  });

  it('answers null for a render that fails or outlives its time, and the next render still runs', async () => {
    const pages = await loadLandingPages(
      distWith(
        "if (pathname === '/project/1') throw new Error('broken'); if (pathname === '/project/2') { await new Promise((resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))); } return { body: 'fine', fontSlices: [] };",
      ),
      silent,
    );
    expect(await pages!.render('project', '/project/1', preference, {})).toBeNull();
    expect(await pages!.render('project', '/project/2', preference, {})).toBeNull();
    expect(await pages!.render('project', '/project/3', preference, {})).toContain('>fine</div>');
  });

  it('renders one at a time, and past the queue limit sends the page unrendered at once', async () => {
    const pages = await loadLandingPages(
      distWith(
        "globalThis.landingRenders = (globalThis.landingRenders ?? 0) + 1; if (globalThis.landingRenders > 1) throw new Error('two at once'); await new Promise((resolve) => setTimeout(resolve, 20)); globalThis.landingRenders -= 1; return { body: pathname, fontSlices: [] };",
      ),
      silent,
    );
    const pagesAtOnce = Array.from({ length: landingRenderQueueLimit + 3 }, (_, index) => pages!.render('project', `/project/${index + 1}`, preference, {}));
    const answers = await Promise.all(pagesAtOnce);
    expect(answers.slice(0, landingRenderQueueLimit).every((html) => html?.includes('data-server-rendered'))).toBe(true);
    expect(answers.slice(landingRenderQueueLimit)).toEqual([null, null, null]);
    expect(await pages!.render('project', '/project/99', preference, {})).toContain('>/project/99</div>');
  });
});

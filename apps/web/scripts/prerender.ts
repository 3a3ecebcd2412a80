import fs from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';
import { currencies, languages } from '@orchard/shared/locale-codes';
import { formatDisplayPreference, prerenderedFileName, prerenderedPaths } from '@orchard/shared/display-preference';
import type * as Prerender from '../src/prerender.tsx';

/**
 * After `vite build`: writes the first screen of each landing path, in every language and
 * currency, into a copy of the built index.html (`dist/prerendered/`), for the API to send to a
 * first visit (docs/decisions/012-prerendered-first-paint.md).
 */
const webRoot = path.resolve(import.meta.dirname, '..');
const dist = path.join(webRoot, 'dist');
const outDir = path.join(dist, 'prerendered');
const indexHtml = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const emptyRoot = '<div id="root"></div>';
if (!indexHtml.includes(emptyRoot)) throw new Error(`dist/index.html has no ${emptyRoot}`);
const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(indexHtml);
if (!entryScript) throw new Error('dist/index.html has no entry script');
// The prerendered page is painted from HTML and CSS alone, and no script may hold that paint back:
// the entry, its static imports and the landing chunks it would preload are fetched only after the
// first paint, and the entry's static imports (React) are evaluated one task before the entry
// itself, so neither is a long task (public/start-after-first-paint.js).
type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const entryChunk = Object.values(manifest).find((chunk) => chunk.isEntry && `/${chunk.file}` === entryScript[1]);
if (!entryChunk) throw new Error(`the manifest has no entry ${entryScript[1]}`);
const modulesInTurn = [...(entryChunk.imports ?? []).map((key) => `/${manifest[key]!.file}`), entryScript[1]];
const preloadLinks = [...indexHtml.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
const preloadOnly = preloadLinks.map(([, href]) => href!).filter((href) => !modulesInTurn.includes(href));
const prerenderedShell = preloadLinks
  .reduce((html, [link]) => html.replace(link, ''), indexHtml)
  .replace(
    entryScript[0],
    `<script defer src="/start-after-first-paint.js" data-modules="${modulesInTurn.join(' ')}" data-preload="${preloadOnly.join(' ')}"></script>`,
  );

const vite = await createServer({ root: webRoot, logLevel: 'error', appType: 'custom', server: { middlewareMode: true, hmr: false } });
try {
  const { renderFirstScreen } = (await vite.ssrLoadModule('/src/prerender.tsx')) as typeof Prerender;
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  for (const pathname of prerenderedPaths) {
    for (const language of languages) {
      for (const currency of currencies) {
        const preference = { language, currency };
        const body = await renderFirstScreen(pathname, preference);
        const html = prerenderedShell
          .replace('<html lang="ko">', `<html lang="${language}">`)
          .replace(emptyRoot, `<div id="root" data-prerendered="${formatDisplayPreference(preference)}">${body}</div>`);
        fs.writeFileSync(path.join(outDir, prerenderedFileName(pathname, preference)), html);
      }
    }
  }
  console.log(`prerendered ${prerenderedPaths.length * languages.length * currencies.length} landing pages into dist/prerendered/`);
} finally {
  await vite.close();
}

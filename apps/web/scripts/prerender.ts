import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createServer } from 'vite';
import { currencies, languages } from '@orchard/shared/locale-codes';
import { appShellFileName, fontStylesheetsFileName, formatDisplayPreference, prerenderedFileName, prerenderedPaths, serverRenderedPages, serverShellFileName } from '@orchard/shared/display-preference';
import { fontSlicesFor, textOfHtml } from '../src/lib/font-slices.ts';
import { fontStylesheetOf } from '../src/lib/fonts.ts';
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
// first paint, and each of the entry's static imports (React, the router, i18next) is evaluated in
// its own task before the entry itself, dependencies first, so none is a long task
// (public/start-after-first-paint.js; docs/decisions/044-web-main-thread-at-start.md).
type ManifestChunk = { file: string; name?: string; isEntry?: boolean; imports?: string[]; css?: string[] };
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry && `/${manifest[key]!.file}` === entryScript[1]);
if (!entryKey) throw new Error(`the manifest has no entry ${entryScript[1]}`);
const entryChunk = manifest[entryKey]!;
const modulesInTurn: string[] = [];
const inTurnSeen = new Set<string>();
const evaluateAfterImports = (key: string) => {
  if (inTurnSeen.has(key)) return;
  inTurnSeen.add(key);
  for (const imported of manifest[key]!.imports ?? []) evaluateAfterImports(imported);
  modulesInTurn.push(`/${manifest[key]!.file}`);
};
evaluateAfterImports(entryKey);
const preloadLinks = [...indexHtml.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
const preloadOnly = preloadLinks.map(([, href]) => href!).filter((href) => !modulesInTurn.includes(href));
const prerenderedShell = preloadLinks
  .reduce((html, [link]) => html.replace(link, ''), indexHtml)
  .replace(
    entryScript[0],
    `<script defer src="/start-after-first-paint.js" data-modules="${modulesInTurn.join(' ')}" data-preload="${preloadOnly.join(' ')}"></script>`,
  );

// Every other page is rendered by the app: it gets the index.html without the landing pages' chunks,
// which would take the network from the page's own chunk, data and picture (issue 35: the home
// chunk was preloaded on a shared project link). The app starts its own page's chunk at once.
const appShell = preloadLinks.filter(([, href]) => preloadOnly.includes(href!)).reduce((html, [link]) => html.replace(link, ''), indexHtml);

// The entry's stylesheet carries the base, the shell and the UI components; a landing page's own
// styles (and the query layer's) travel with its lazy chunk, which starts only after the first
// paint, so the page links them itself (the API's content security policy refuses inline styles).
// The app's chunk loader finds them already linked and does not fetch them again (docs/decisions/043).
const entryCss = new Set(entryChunk.css ?? []);
function stylesheetsOfChunk(name: string): string[] {
  const files: string[] = [];
  const visited = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || visited.has(key)) return;
    visited.add(key);
    for (const file of chunk.css ?? []) if (!entryCss.has(file) && !files.includes(file)) files.push(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  chunksNamed(name).forEach(visit);
  return files;
}
function chunksNamed(name: string): string[] {
  const keys = Object.keys(manifest).filter((key) => manifest[key]!.name === name);
  if (keys.length === 0) throw new Error(`the manifest has no chunk named ${name}`);
  return keys;
}
const pageStylesheetFiles = (pageName: string) => [...new Set([...stylesheetsOfChunk('query-layer'), ...stylesheetsOfChunk(pageName)])];
const pageStylesheets = (pageName: string) => pageStylesheetFiles(pageName).map((file) => `  <link rel="stylesheet" crossorigin href="/${file}">\n`).join('');

// A page the API renders for each request (decision 110) gets the same head as a prerendered one,
// but preloads its own chunks after the first paint, not the home page's: the query layer, the
// page and all they import beyond the entry's modules.
function scriptsOfModules(keys: string[]): string[] {
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no module ${key}`);
    const file = `/${chunk.file}`;
    if (chunk.isEntry || modulesInTurn.includes(file) || files.includes(file)) return;
    files.push(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}
function serverShell(page: string, pageModule: string): string {
  const chunkName = manifest[pageModule]?.name;
  if (!chunkName) throw new Error(`the manifest has no module ${pageModule}`);
  return prerenderedShell
    .replace(/data-preload="[^"]*"/, () => `data-preload="${scriptsOfModules([...chunksNamed('query-layer'), pageModule]).join(' ')}"`)
    .replace('  </head>', () => `  <link rel="stylesheet" crossorigin href="/${writeJoinedStylesheet(`server-${page}`, pageStylesheetFiles(chunkName))}">\n  </head>`);
}

/**
 * The page's stylesheets as one file: on the simulated mobile link (HTTP/1.1, six connections, a
 * 150 ms round trip) a dozen small stylesheets put the page's picture two round trips back. The
 * app's chunk loader does not know the joined file and links the parts again once it runs, after
 * the first paint: a few KB, the same rules (decision 110).
 */
function writeJoinedStylesheet(name: string, files: string[]): string {
  const css = files.map((file) => fs.readFileSync(path.join(dist, file), 'utf8')).join('\n');
  const fileName = `assets/${name}-${createHash('sha256').update(css).digest('base64url').slice(0, 8)}.css`;
  fs.writeFileSync(path.join(dist, fileName), css);
  fs.writeFileSync(path.join(dist, `${fileName}.br`), zlib.brotliCompressSync(css));
  fs.writeFileSync(path.join(dist, `${fileName}.gz`), zlib.gzipSync(css, { level: 9 }));
  return fileName;
}

// The font files the page's text uses in its language's stylesheet (src/lib/fonts.ts): a first
// visit downloads just these into the cache after start-up, without applying the stylesheet
// (`startFontsFor`; docs/decisions/044-web-main-thread-at-start.md).
const fontStylesheetText = (language: keyof typeof fontStylesheetOf) => {
  const chunk = manifest[`src/styles/fonts/${fontStylesheetOf[language]}.css`];
  if (!chunk) throw new Error(`the manifest has no font stylesheet for ${language}`);
  return fs.readFileSync(path.join(dist, chunk.file), 'utf8');
};

const vite = await createServer({ root: webRoot, logLevel: 'error', appType: 'custom', server: { middlewareMode: true, hmr: false } });
try {
  const { renderFirstScreen } = (await vite.ssrLoadModule('/src/prerender.tsx')) as typeof Prerender;
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, appShellFileName), appShell);
  for (const [page, pageModule] of Object.entries(serverRenderedPages)) fs.writeFileSync(path.join(outDir, serverShellFileName(page as keyof typeof serverRenderedPages)), serverShell(page, pageModule));
  fs.writeFileSync(path.join(outDir, fontStylesheetsFileName), JSON.stringify(Object.fromEntries(languages.map((language) => [language, fontStylesheetText(language)]))));
  for (const pathname of prerenderedPaths) {
    for (const language of languages) {
      for (const currency of currencies) {
        const preference = { language, currency };
        const body = await renderFirstScreen(pathname, preference);
        const html = prerenderedShell
          .replace('<html lang="ko">', `<html lang="${language}">`)
          .replace('  </head>', `${pageStylesheets(prerenderedFileName(pathname, preference).split('.')[0]!)}  </head>`)
          .replace(
            emptyRoot,
            `<div id="root" data-prerendered="${formatDisplayPreference(preference)}" data-font-slices="${fontSlicesFor(fontStylesheetText(language), textOfHtml(body)).join(' ')}">${body}</div>`,
          );
        fs.writeFileSync(path.join(outDir, prerenderedFileName(pathname, preference)), html);
      }
    }
  }
  console.log(`prerendered ${prerenderedPaths.length * languages.length * currencies.length} landing pages into dist/prerendered/`);
} finally {
  await vite.close();
}

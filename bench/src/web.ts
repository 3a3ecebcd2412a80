import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build } from 'vite';

/**
 * `npm run bench -- web` (docs/quality.md#speed-web): entry JS and route-chunk sizes (gzip) of a
 * fresh build, and Lighthouse mobile (simulated throttling, median of 3) against a blank React page
 * built in the same run, on / and /login and on the pages fans land on from a shared link: a demo
 * project, an artist and the films.
 */
const budgets = { entryKb: 110, chunkKb: 25, performance: 98, lcpRatio: 1.15, cls: 0.02, tbtMs: 50 };
const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const webDist = path.join(repositoryRoot, 'apps/web/dist');
const chromiumFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const runs = 3;

type ManifestChunk = { file: string; name?: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; css?: string[] };

const gzipKb = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;
const mark = (ok: boolean) => (ok ? 'ok  ' : 'OVER');

function reportSizes() {
  const manifest = JSON.parse(fs.readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  // The entry chunk and everything it imports statically: what must arrive before the app runs.
  // (index.html also preloads the landing page's lazy chunks; those count as route chunks.)
  const entryFiles: string[] = [];
  const collectEntry = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || entryFiles.includes(chunk.file)) return;
    entryFiles.push(chunk.file);
    for (const imported of chunk.imports ?? []) collectEntry(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collectEntry(key);
  const entryKb = entryFiles.reduce((sum, file) => sum + gzipKb(path.join(webDist, file)), 0);
  console.log(`\nEntry JS (entry chunk and its static imports, ${entryFiles.length} files): ${entryKb.toFixed(1)} KB gzip  [${mark(entryKb <= budgets.entryKb)} ≤ ${budgets.entryKb} KB]`);

  const inEntry = new Set(entryFiles);
  const byKey = new Map(Object.entries(manifest));
  const sharedFilesOf = (key: string, seen = new Set<string>()): Set<string> => {
    for (const imported of byKey.get(key)?.imports ?? []) {
      const file = byKey.get(imported)?.file;
      if (file && !inEntry.has(file) && !seen.has(file)) {
        seen.add(file);
        sharedFilesOf(imported, seen);
      }
    }
    return seen;
  };
  // Pages bundled with their translations, and the query layer with all it imports
  // (apps/web/vite.config.ts, `chunkGroups`), appear in the manifest as named chunks
  // ("_home-….js") rather than under their source path.
  const chunkGroups: Record<string, string> = { 'query-layer': 'app/query-layer.tsx (group)', home: 'app/routes/home.tsx + ko/en common, home', login: 'app/routes/login.tsx + ko/en auth' };
  const isGroupChunk = (key: string, chunk: ManifestChunk) => key.startsWith('_') && !inEntry.has(chunk.file) && chunk.name !== undefined && chunk.name in chunkGroups;
  const labelOf = (key: string, chunk: ManifestChunk) => chunk.src?.replace('src/', '') ?? chunkGroups[chunk.name ?? ''] ?? key;
  // The font stylesheets (docs/decisions/042-web-fonts.md) are dynamic imports too, but no route.
  const isFontStylesheet = (chunk: ManifestChunk) => chunk.src?.includes('/styles/fonts/') ?? false;
  const routeChunks = [...byKey.entries()].filter(([key, chunk]) => (chunk.isDynamicEntry && chunk.src && !chunk.src.includes('/locales/') && !isFontStylesheet(chunk)) || isGroupChunk(key, chunk));
  console.log(`\nRoute and layer chunks (gzip; "+ shared" adds the lazy chunks each one pulls in that the entry does not have):`);
  let over = 0;
  for (const [key, chunk] of routeChunks.sort(([a, chunkA], [b, chunkB]) => labelOf(a, chunkA).localeCompare(labelOf(b, chunkB)))) {
    const own = gzipKb(path.join(webDist, chunk.file));
    const withShared = own + [...sharedFilesOf(key)].reduce((sum, file) => sum + gzipKb(path.join(webDist, file)), 0);
    if (own > budgets.chunkKb) over += 1;
    console.log(`  ${mark(own <= budgets.chunkKb)} ${labelOf(key, chunk).padEnd(52)} ${own.toFixed(1).padStart(5)} KB   + shared ${withShared.toFixed(1).padStart(5)} KB`);
  }
  const locales = [...byKey.values()].filter((chunk) => chunk.src?.includes('/locales/'));
  const largestLocale = Math.max(...locales.map((chunk) => gzipKb(path.join(webDist, chunk.file))));
  console.log(`  ${locales.length} translation chunks, largest ${largestLocale.toFixed(1)} KB`);
  console.log(`  ${over === 0 ? 'every chunk' : `${over} chunk(s) NOT`} within ${budgets.chunkKb} KB`);
  const stylesheets = fs.readdirSync(path.join(webDist, 'assets')).filter((file) => file.endsWith('.css'));
  const entryCss = (manifest['index.html']?.css ?? []).map((file) => path.basename(file));
  console.log(`\nStylesheets (gzip): entry ${entryCss.map((file) => `${file} ${gzipKb(path.join(webDist, 'assets', file)).toFixed(1)} KB`).join(', ')}; others: ${stylesheets.filter((file) => !entryCss.includes(file)).map((file) => `${file.replace(/-[\w-]{8}\.css$/, '')} ${gzipKb(path.join(webDist, 'assets', file)).toFixed(1)}`).join(', ')}`);
  return { entryKb };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitFor(url: string, timeoutMs = 120_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not come up`);
}

/** The blank page is served as plain static files, with the same caching as the app's assets. */
function serveStatic(root: string, port: number): Promise<http.Server> {
  const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };
  const server = http.createServer((request, response) => {
    const urlPath = (request.url ?? '/').split('?')[0]!;
    const file = path.join(root, urlPath === '/' ? 'index.html' : urlPath);
    if (!file.startsWith(root) || !fs.existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    const body = fs.readFileSync(file);
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const gzip = accepts.includes('gzip');
    response.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream', ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) });
    response.end(gzip ? zlib.gzipSync(body) : body);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

type Measure = { performance: number; lcpMs: number; cls: number; tbtMs: number; fcpMs: number; benchmarkIndex: number };

async function lighthouseRun(url: string, port: number, attempt = 1): Promise<Measure> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], formFactor: 'mobile', throttlingMethod: 'simulate' });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // Lighthouse sometimes fails to record the trace (NO_NAVSTART) and reports no metrics: that run
  // is repeated rather than counted as NaN in the median.
  if (lhr.runtimeError && attempt < 3) {
    console.log(`  (${url}: Lighthouse ${lhr.runtimeError.code}, run again)`);
    return lighthouseRun(url, port, attempt + 1);
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbtMs: audit('total-blocking-time'),
    fcpMs: audit('first-contentful-paint'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

function median(measures: Measure[]): Measure {
  const sorted = [...measures].sort((a, b) => a.lcpMs - b.lcpMs);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function measure(label: string, url: string, chromePort: number): Promise<Measure> {
  const results: Measure[] = [];
  for (let run = 0; run < runs; run += 1) results.push(await lighthouseRun(url, chromePort));
  const middle = median(results);
  console.log(
    `  ${label.padEnd(14)} perf ${String(middle.performance).padStart(3)}  LCP ${middle.lcpMs.toFixed(0).padStart(5)} ms  FCP ${middle.fcpMs.toFixed(0).padStart(5)} ms  CLS ${middle.cls.toFixed(3)}  TBT ${middle.tbtMs.toFixed(0).padStart(3)} ms  (runs LCP: ${results.map((r) => r.lcpMs.toFixed(0)).join(', ')}; benchmarkIndex ${results.map((r) => r.benchmarkIndex).join(', ')})`,
  );
  return middle;
}

/**
 * The pages a shared link opens, found in the demo data: its most funded project still funding
 * (the one a fandom would be passing around) and that project's artist, and the films.
 */
async function sharedLinkPages(apiOrigin: string): Promise<[string, string][]> {
  const response = await fetch(`${apiOrigin}/api/projects?status=funding&sort=raised&limit=1`);
  if (!response.ok) throw new Error(`the demo has no funding projects to measure (${response.status})`);
  const { items } = (await response.json()) as { items: { id: number; artistId: number }[] };
  const project = items[0];
  if (!project) throw new Error('the demo has no funding projects to measure');
  const artist = (await (await fetch(`${apiOrigin}/api/artists/${project.artistId}`)).json()) as { id: number; type: string };
  return [
    ['/project/{id}', `/project/${project.id}`],
    ['/artist/…', `/artist/${artist.type}/${artist.id}`],
    ['/film', '/film'],
  ];
}

export async function runWebBenchmark() {
  // Debian's Chromium and a CJK font (the default interface is Korean), as the end-to-end tests use.
  execFileSync('bash', ['scripts/ensure-chromium.sh'], { cwd: repositoryRoot, stdio: 'inherit' });
  console.log('Building the web app…');
  execFileSync('npm', ['run', '--silent', 'build', '-w', '@orchard/web'], { cwd: repositoryRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  const { entryKb } = reportSizes();

  console.log('\nBuilding the blank React page…');
  const blankOut = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-blank-react-'));
  const react = (await import('@vitejs/plugin-react')).default;
  await build({ root: path.join(import.meta.dirname, '../blank-react'), logLevel: 'warn', plugins: [react()], build: { outDir: blankOut, emptyOutDir: true, target: 'es2022' } });
  const blankJs = fs.readdirSync(path.join(blankOut, 'assets')).filter((file) => file.endsWith('.js'));
  const blankKb = blankJs.reduce((sum, file) => sum + gzipKb(path.join(blankOut, 'assets', file)), 0);
  console.log(`Blank React entry JS: ${blankKb.toFixed(1)} KB gzip (the app's entry is ${(entryKb / blankKb).toFixed(2)} ×)`);

  const apiPort = await freePort();
  const blankPort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-bench-web-'));
  let api: ChildProcess | undefined;
  let blankServer: http.Server | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    // Node itself runs the server (not npx → tsx → node), so killing `api` stops the server.
    api = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: repositoryRoot,
      env: { ...process.env, NODE_ENV: 'development', PORT: String(apiPort), HOST: 'localhost', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    blankServer = await serveStatic(blankOut, blankPort);
    await waitFor(`http://localhost:${apiPort}/api/ready`);
    chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: chromiumFlags });

    console.log(`\nLighthouse mobile, simulated throttling, median of ${runs} (by LCP):`);
    const blank = await measure('blank React', `http://127.0.0.1:${blankPort}/`, chrome.port);
    const pages: [string, string][] = [['/', '/'], ['/login', '/login'], ...(await sharedLinkPages(`http://localhost:${apiPort}`))];
    for (const [label, route] of pages) {
      const app = await measure(label, `http://localhost:${apiPort}${route}`, chrome.port);
      const ratio = app.lcpMs / blank.lcpMs;
      console.log(
        `  ${''.padEnd(14)} ${mark(app.performance >= budgets.performance)} perf ≥ ${budgets.performance}   ${mark(ratio <= budgets.lcpRatio)} LCP ${ratio.toFixed(2)} × blank (≤ ${budgets.lcpRatio})   ${mark(app.cls <= budgets.cls)} CLS ≤ ${budgets.cls}   ${mark(app.tbtMs <= budgets.tbtMs)} TBT ≤ ${budgets.tbtMs} ms`,
      );
    }
  } finally {
    chrome?.kill();
    blankServer?.close();
    api?.kill('SIGTERM');
    fs.rmSync(blankOut, { recursive: true, force: true });
    setTimeout(() => fs.rmSync(dataDir, { recursive: true, force: true }), 2000).unref();
  }
}

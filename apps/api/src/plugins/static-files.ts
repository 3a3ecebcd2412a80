import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { appShellFileName, currencies, displayPreferenceCookie, type DisplayPreference, languages, parseDisplayPreference, prerenderedFileName, prerenderedPaths, type Language } from '@orchard/shared';
import { landingPageOf, type LandingPage } from '@orchard/shared/spa-paths';
import type { Config } from '../config.ts';
import { languageFromAcceptLanguage } from '../lib/accept-language.ts';
import { AppError } from '../lib/errors.ts';
import { parseByteRange } from '../lib/byte-range.ts';
import { contentTypeOf, isSafeKey, type FileOwners, type FileStore } from '../lib/storage.ts';
import type { App } from '../types.ts';
import { loadLandingPages } from './landing-pages.ts';
import { previewedProjectId, withLandingReads, withSharePreview, type SharePreview } from './share-preview.ts';

/** The router's limit on one path parameter (`routerOptions.maxParamLength` in app.ts). */
export const maxPathParamLength = 200;

export const defaultWebDistDir = path.resolve(import.meta.dirname, '../../../web/dist');

/**
 * How long a shared cache may keep a user's file: an item hidden or deleted stops being served
 * within this (docs/architecture.md#uploads). The web build's hashed assets stay immutable.
 */
export const uploadedFileMaxAgeSeconds = 300;

/**
 * Uploaded files, from whichever store FILE_STORAGE names, through one path (decision 079): one
 * byte range (206) or none it holds (416) for films, revalidation by ETag, and never sniffed,
 * framed or run as a page (docs/quality.md#s6). A file of a hidden item is served to operators
 * only, privately; one of a deleted item (or of none) to no one (`owners`, per folder).
 */
export async function registerUploadedFiles(app: App, files: FileStore, owners: FileOwners) {
  app.get<{ Params: { '*': string } }>('/api/files/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    const folder = key.split('/', 1)[0]!;
    const owner = Object.hasOwn(owners, folder) ? owners[folder] : undefined;
    // A key no store could have written (a NUL, a deeper path) is never looked up.
    const standing = !owner ? 'shown' : isSafeKey(key) ? await owner(key) : 'absent';
    if (standing === 'absent' || (standing === 'withheld' && !request.session?.roles.includes('operator'))) {
      // Not kept by any cache: the item may be restored.
      return reply.header('Cache-Control', 'no-store').callNotFound();
    }
    const info = await files.stat(key);
    if (!info) return reply.callNotFound();
    reply
      .header('Accept-Ranges', 'bytes')
      .header('ETag', info.etag)
      .header('Last-Modified', info.lastModified.toUTCString())
      .header('Cache-Control', standing === 'withheld' ? 'private, no-store' : `public, max-age=${uploadedFileMaxAgeSeconds}`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', 'inline')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cross-Origin-Resource-Policy', 'same-origin')
      .type(contentTypeOf(key));
    if (request.headers['if-none-match'] === info.etag) return reply.code(304).send();
    // If-Range names the version the client holds a part of; another version is sent whole.
    const ifRange = request.headers['if-range'];
    const range = ifRange === undefined || ifRange === info.etag ? parseByteRange(request.headers.range, info.size) : 'whole';
    if (range === 'unsatisfiable') return reply.code(416).header('Content-Range', `bytes */${info.size}`).send();
    const length = range === 'whole' ? info.size : range.end - range.start + 1;
    if (range !== 'whole') reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
    reply.header('Content-Length', length);
    if (request.method === 'HEAD') return reply.send();
    const body = await files.read(key, range === 'whole' ? undefined : range);
    if (!body) return reply.callNotFound();
    return reply.send(body);
  });
}

const htmlEncodings = ['br', 'gzip'];

/**
 * A page's HTML, compressed when the browser takes it: a server-rendered project page is about
 * 15 KB, past what a new connection's first round trip carries, and about 4 KB compressed
 * (decision 110). Brotli at quality 5 takes well under a millisecond for a page.
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, html: string | Buffer) {
  reply.header('Cache-Control', 'no-cache').header('Vary', 'Cookie, Accept-Encoding').type('text/html; charset=utf-8');
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', htmlEncodings);
  if (!encoding) return reply.send(html);
  const body = encoding === 'br' ? zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : zlib.gzipSync(html, { level: 6 });
  return reply.header('Content-Encoding', encoding).send(body);
}

/**
 * The prerendered first screens the web build wrote (`dist/prerendered/`), keyed by file name;
 * a build without them (or a missing one) falls back to the plain index.html.
 */
function readPrerenderedPages(dist: string): Map<string, Buffer> {
  const pages = new Map<string, Buffer>();
  for (const pathname of prerenderedPaths) {
    for (const language of languages) {
      for (const currency of currencies) {
        const name = prerenderedFileName(pathname, { language, currency });
        const file = path.join(dist, 'prerendered', name);
        if (fs.existsSync(file)) pages.set(name, fs.readFileSync(file));
      }
    }
  }
  return pages;
}

/**
 * The built SPA: hashed assets cached for a year, index.html revalidated, and any other GET that
 * asks for HTML answered with index.html so client routes survive a reload. `/` and `/login`
 * answer with their first screen already rendered in the device's language and currency (its
 * cookie; the defaults without one), so text paints before the scripts arrive (decision 012).
 */
export async function registerWebApp(
  app: App,
  config: Config,
  {
    sharePreview,
    landingAnswer,
  }: {
    sharePreview?: (projectId: number, language: Language) => Promise<SharePreview | null>;
    /**
     * What a GET of the address answers a signed-out visitor with this display preference cookie
     * (its raw value, if any), or null where it does not answer 200.
     */
    landingAnswer?: (address: string, displayPreference: string | undefined) => Promise<unknown>;
  } = {},
) {
  const dist = config.webDistDir ?? defaultWebDistDir;
  const indexFile = path.join(dist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ dist }, 'web app not built; run `npm run build` to serve it');
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    wildcard: false,
    index: false,
    // The build's landing page renderer is the API's own code, not a file to serve (decision 110).
    allowedPath: (pathName) => !pathName.startsWith('/server/'),
    // The web build writes .br and .gz copies of its assets (apps/web/vite.config.ts).
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The build's shell for pages the app renders (no landing chunks preloaded); index.html when absent.
  const appShellFile = path.join(dist, 'prerendered', appShellFileName);
  const indexHtml = fs.readFileSync(fs.existsSync(appShellFile) ? appShellFile : indexFile);
  const prerenderedPages = readPrerenderedPages(dist);
  const landingPages = await loadLandingPages(dist, app.log);
  /**
   * A landing page's HTML (decision 110), or null to answer as for any other path. A project's
   * carries its share preview, and is only one when it has one. A signed-out visitor's reads are
   * the same for everyone: they come in the page, and the page comes rendered from them. A
   * signed-in one's carry their own parts, so the app reads them at once instead (decision 109).
   */
  async function landingPageHtml(request: FastifyRequest, landing: LandingPage, url: string, preference: DisplayPreference): Promise<string | null> {
    let preview: SharePreview | null = null;
    // A link preview crawler has no cookie: its Accept-Language, then the default.
    const previewLanguage = request.cookies[displayPreferenceCookie] ? preference.language : (languageFromAcceptLanguage(request.headers['accept-language']) ?? preference.language);
    if (landing.page === 'project') {
      const projectId = previewedProjectId(url);
      if (projectId === null || !sharePreview) return null;
      preview = await sharePreview(projectId, previewLanguage);
      if (!preview) return null;
    }
    const signedIn = request.cookies[config.session.cookieName] !== undefined;
    const answers = !signedIn && landingAnswer ? await answersOf(landing.reads, request.cookies[displayPreferenceCookie]) : null;
    const rendered = answers && landing.rendered && landingPages ? await landingPages.render(landing.page, url, preference, answers) : null;
    if (!preview && !answers) return null;
    let html = rendered ?? indexHtml.toString('utf8');
    if (preview) html = withSharePreview(html, preview, new URL(url, config.publicUrl), previewLanguage);
    return answers ? withLandingReads(html, answers) : html;
  }

  /** Every read's answer by address, or null when one of them does not answer (the page renders from all of them). */
  async function answersOf(reads: string[], displayPreference: string | undefined): Promise<Record<string, unknown> | null> {
    if (!landingAnswer || reads.length === 0) return null;
    const answers = await Promise.all(reads.map((address) => landingAnswer(address, displayPreference)));
    return answers.every((answer) => answer !== null) ? Object.fromEntries(reads.map((address, index) => [address, answers[index]])) : null;
  }

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api' || !request.headers.accept?.includes('text/html')) {
      // The router hands an over-long parameter to this catch-all instead of refusing it: answer
      // what it answers when the web app is not built (docs/architecture.md#errors).
      if (url.split('/').some((segment) => segment.length > maxPathParamLength)) {
        throw new AppError(414, 'request.too_large', 'A part of the address is too long.');
      }
      return reply.callNotFound();
    }
    const preference = parseDisplayPreference(request.cookies[displayPreferenceCookie]);
    // Its reads are in the language the app will read in: the device's (its cookie), else the app's
    // default, not the crawler's Accept-Language the share preview follows.
    const landing = landingPageOf(url, request.url.slice(url.length), preference.language);
    const landingHtml = landing ? await landingPageHtml(request, landing, url, preference) : null;
    if (landingHtml !== null) return sendPage(request, reply, landingHtml);
    const prerendered = prerenderedPaths.includes(url) ? prerenderedPages.get(prerenderedFileName(url, preference)) : undefined;
    return sendPage(request, reply, prerendered ?? indexHtml);
  });
}

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { offlineBuildFiles, type OfflineTexts } from './src/offline/offline-page.ts';

const apiTarget = process.env.ORCHARD_API_URL ?? 'http://localhost:3000';

/**
 * Brotli and gzip copies of every text asset, written next to it, so the API serves them
 * pre-compressed (@fastify/static `preCompressed`) without compressing on each request.
 */
function precompressAssets(): Plugin {
  return {
    name: 'orchard-precompress-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json)$/.test(fileName)) continue;
        const file = path.join(options.dir!, fileName);
        const content = fs.readFileSync(file);
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * The offline page, its files and the service worker that shows it (docs/decisions/063-offline.md),
 * with the page's texts from each language's common translations.
 */
function offlinePage(): Plugin {
  return {
    name: 'orchard-offline-page',
    apply: 'build',
    generateBundle() {
      // Every language the app ships (a folder of src/locales each), read as files: the config
      // loads no workspace TypeScript package.
      const languages = fs.readdirSync(path.join(import.meta.dirname, 'src/locales'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
      const texts = Object.fromEntries(
        languages.map((language) => {
          const common = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'src/locales', language, 'common.json'), 'utf8')) as {
            app: { name: string };
            offline: { page: Omit<OfflineTexts, 'appName'> };
          };
          return [language, { ...common.offline.page, appName: common.app.name }];
        }),
      );
      const favicon = fs.readFileSync(path.join(import.meta.dirname, 'public/favicon.svg'), 'utf8');
      const files = offlineBuildFiles(texts, favicon, (content) => createHash('sha256').update(content).digest('hex'));
      for (const [fileName, source] of Object.entries(files)) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}

/**
 * What the first screen of `/` and `/login` needs beyond the entry: the query layer (one chunk),
 * the page, and the ko (default) and en (fallback) translations it renders with. Each page is
 * bundled with its translations (see `chunkGroups`), so announcing these in index.html fetches a
 * handful of files alongside the entry instead of after it has run (docs/quality.md#speed-web: LCP;
 * docs/decisions/010-web-start-up.md).
 */
const landingModules = ['src/app/query-layer.tsx', 'src/app/routes/home.tsx', 'src/locales/ko/common.json'];

/**
 * Fewer, larger files for the first screen: the simulated mobile network is HTTP/1.1 with a
 * 150 ms round trip, so every extra file on the way to the first paint costs about a round trip.
 * - everything the entry imports statically becomes one chunk (instead of nine);
 * - the query layer and all it imports (TanStack Query, toasts, the redirect dialog) one chunk;
 * - the landing pages' ko and en translations ride with their page, the shell's (common) apart.
 */
const chunkGroups = [
  // React, the router and i18next apart from the rest of the entry, so each is evaluated in its
  // own task after a prerendered page's first paint (docs/decisions/012, 044): none is a long task (TBT).
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|src[\\/]app[\\/]react-dom-client\.ts$/, priority: 5 },
  // The persisted stores read localStorage as they are created; the first read is slow (the
  // browser loads the origin's storage), so it gets its own task too.
  { name: 'stores', test: /node_modules[\\/]zustand[\\/]|src[\\/]lib[\\/]stores[\\/]/, tags: ['$initial' as const], priority: 5 },
  { name: 'router', test: /node_modules[\\/]react-router[\\/]/, tags: ['$initial' as const], priority: 5 },
  { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/, tags: ['$initial' as const], priority: 5 },
  { name: 'app', tags: ['$initial' as const], priority: 4 },
  { name: 'query-layer', test: /src[\\/]app[\\/]query-layer\.tsx$/, priority: 3 },
  // The shell's translations every page renders with, apart from any page's code: riding with the
  // home page, they made a shared project link load the home page and its lists (issue 35).
  { name: 'common-translations', test: /src[\\/]locales[\\/](ko|en)[\\/]common\.json$/, priority: 3 },
  { name: 'home', test: /src[\\/](app[\\/]routes[\\/]home\.tsx|locales[\\/](ko|en)[\\/]home\.json)$/, priority: 2, includeDependenciesRecursively: false },
  { name: 'login', test: /src[\\/](app[\\/]routes[\\/]login\.tsx|locales[\\/](ko|en)[\\/]auth\.json)$/, priority: 2 },
];

const eagerChunks = new Set(['react', 'router', 'i18n', 'stores', 'index', 'query-layer', 'home', 'login']);

function preloadLandingModules(): Plugin {
  return {
    name: 'orchard-preload-landing-modules',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        const files = new Set<string>();
        const chunks = Object.values(context.bundle).filter((output) => output.type === 'chunk');
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const addWithImports = (fileName: string) => {
          if (files.has(fileName) || html.includes(`/${fileName}"`)) return;
          files.add(fileName);
          for (const imported of byName.get(fileName)?.imports ?? []) addWithImports(imported);
        };
        const sourceOf = (id: string) => path.relative(import.meta.dirname, id).split(path.sep).join('/');
        for (const chunk of chunks) {
          if (chunk.moduleIds.some((id) => landingModules.includes(sourceOf(id)))) addWithImports(chunk.fileName);
        }
        return [...files].map((fileName) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` }, injectTo: 'head' as const }));
      },
    },
  };
}

/**
 * Every shipped font is `font-display: optional` (the packages say `swap`): a font that has not
 * arrived within the browser's short block period is not swapped in later, so text never
 * re-flows under the reader (CLS) and never waits for a font (LCP). docs/decisions/042-web-fonts.md.
 */
const fontDisplayOptional = {
  postcssPlugin: 'orchard-font-display-optional',
  AtRule: {
    'font-face': (rule: { walkDecls(property: string, visit: (declaration: { value: string }) => void): void }) => {
      rule.walkDecls('font-display', (declaration) => {
        declaration.value = 'optional';
      });
    },
  },
};

/**
 * `vite build --ssr`: the renderer the API runs for a shared link's page (src/landing-render.tsx;
 * docs/decisions/110), with everything it imports bundled in, so the API needs none of the web
 * app's packages. It goes to `dist/server/`, which the API never serves as a file.
 */
const landingRendererBuild = defineConfig({
  plugins: [react()],
  ssr: { noExternal: true, target: 'node' },
  build: { outDir: 'dist/server', emptyOutDir: true, copyPublicDir: false, target: 'node22', sourcemap: false },
});


const appBuild = defineConfig({
  css: { postcss: { plugins: [fontDisplayOptional] } },
  plugins: [react(), preloadLandingModules(), offlinePage(), precompressAssets()],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false }, '/dev-idp': { target: apiTarget } },
  },
  // The manifest lets the web benchmark tell route chunks from shared ones (bench/src/web.ts).
  // No modulepreload polyfill (about 0.3 KB gzip of the entry): every browser the es2022 target
  // reaches runs the app without it, and only Safari before 17 would miss the preloading.
  build: { target: 'es2022', sourcemap: false, manifest: true, modulePreload: { polyfill: false }, rolldownOptions: { output: { codeSplitting: { groups: chunkGroups }, postBanner: (chunk) => (eagerChunks.has(chunk.name) ? '//# allFunctionsCalledOnLoad\n' : '') } } },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? landingRendererBuild : appBuild));

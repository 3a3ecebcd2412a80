/**
 * `npm run build -w @orchard/api`: the API as one ES module, apps/api/dist/server.js, run by plain
 * `node` in `npm start` and the benchmarks (decision 011: tsx's transformer stayed loaded in the
 * production process). Packages stay in node_modules; the workspace package @orchard/shared, which
 * ships TypeScript, is bundled in. `npm run dev` keeps running the sources through tsx.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const apiDir = path.resolve(import.meta.dirname, '..');
// API_BUILD_DIR: a test's own build, which another test's rebuild of dist/ cannot delete under it.
const outdir = process.env.API_BUILD_DIR ? path.resolve(process.env.API_BUILD_DIR) : path.join(apiDir, 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(apiDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

/**
 * Files next to a module (the migrations, the sandbox checkout's stylesheet, the web app's build)
 * are found through `import.meta.dirname`, which in a bundle is dist/: each module's use of it is
 * pointed back at the module's own source folder, relative to dist/.
 */
const keepModuleFolders: Plugin = {
  name: 'keep-module-folders',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!source.includes('import.meta.dirname')) return undefined;
      const folder = path.relative(outdir, path.dirname(args.path));
      return { contents: source.replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify(`/${folder}`)})`), loader: 'ts' };
    });
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
await build({
  // dist/tracing.js is preloaded before dist/server.js (decision 081), so it is a bundle of its own.
  entryPoints: { server: path.join(apiDir, 'src/server.ts'), tracing: path.join(apiDir, 'src/tracing.ts') },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  external: Object.keys(manifest.dependencies).filter((name) => name !== '@orchard/shared'),
  plugins: [keepModuleFolders],
  logLevel: 'warning',
});

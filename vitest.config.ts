import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The API suite runs once, on PostgreSQL when TEST_DATABASE_URL names one (how production runs), else
 * on the embedded PGlite. With a server, PGlite still runs what tests the embedded database itself and
 * one smoke file per module, so `npm start`'s default keeps a pass of its own (docs/architecture.md#testing).
 * Load- and process-shaped files are the slow tier, which scripts/test.sh runs after Playwright, beside the fast tier.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
type Engine = 'pglite' | 'postgres';

/** Concurrency tests: PGlite has one connection and cannot show a race. */
const postgresOnly = ['src/**/*.pg.test.ts', 'test/**/*.pg.test.ts'];

/** Files whose subject is the embedded database or the process that opens it. */
const embeddedDatabase = ['test/server.test.ts', 'src/db/coalesce.test.ts', 'src/db/batcher.test.ts', 'src/modules/search/search.test.ts'];

/** One file per module on PGlite beside PostgreSQL: the module's main paths through the embedded driver. */
const embeddedSmoke = [
  'src/modules/artists/artists.test.ts',
  'src/modules/auth/sign-in.test.ts',
  'src/modules/community/community.test.ts',
  'src/modules/exchange-rates/exchange-rates.test.ts',
  'src/modules/films/films.test.ts',
  'src/modules/health/health.test.ts',
  'src/modules/idempotency/idempotency.test.ts',
  'src/modules/join/join.test.ts',
  'src/modules/mail/mail.test.ts',
  'src/modules/media/media.test.ts',
  'src/modules/notifications/notifications.test.ts',
  'src/modules/payments/payments.test.ts',
  'src/modules/points/points.test.ts',
  'src/modules/projects/projects.test.ts',
  'src/modules/rankings/rankings.test.ts',
  'src/modules/support/support.test.ts',
  'src/modules/test-clock/test-clock.test.ts',
  'src/modules/users/users.test.ts',
];

/**
 * Files whose figures are sums of the ledger in SQL that both engines must compute alike: the
 * settlement reads every kind of close from the escrow (decision 107).
 */
const embeddedLedgerSums = ['src/modules/projects/settlement.test.ts'];

/** Load, several processes, restarts, built bundles and model tests at their full run counts. */
const slow = [
  'src/modules/projects/returns.pg.test.ts',
  'src/modules/points/points.pg.test.ts',
  'src/modules/points/points.model.test.ts',
  'test/multi-process.pg.test.ts',
  'test/rolling-restart.pg.test.ts',
  'test/graceful-shutdown.pg.test.ts',
  'test/metrics-and-traces.server.test.ts',
  'src/db/backup.test.ts',
  'src/db/upgrade.test.ts',
  'src/demo/demo.test.ts',
  'src/modules/operator-roles/operator-roles.test.ts',
];

/** Of the slow files, those that also run on PGlite beside a server: they test the embedded database. */
const slowEmbedded = ['src/db/backup.test.ts', 'src/db/upgrade.test.ts', 'src/demo/demo.test.ts', 'src/modules/operator-roles/operator-roles.test.ts'];

/**
 * Test files under `root` that replace a module or a global (`vi.mock`, `vi.doMock`, `vi.stubGlobal`,
 * `vi.stubEnv`): they need a module graph of their own. The other API files share their worker's
 * (`isolate: false`): each builds its own app on its own database, and importing the API anew for
 * every file was half of the fast tier's time (decision 104).
 */
function filesReplacingModules(root: string, folders: string[]): string[] {
  return folders
    .flatMap((folder) => fs.readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' }).map((file) => `${folder}/${file.split(path.sep).join('/')}`))
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/.test(fs.readFileSync(path.join(root, file), 'utf8')));
}
const apiFilesReplacingModules = filesReplacingModules('./apps/api', ['src', 'test']);

const apiProject = (name: string, database: Engine, include: string[], exclude: string[] = [], { isolate = true } = {}) => ({
  test: {
    name,
    root: './apps/api',
    include,
    exclude: database === 'pglite' ? [...exclude, ...postgresOnly] : exclude,
    globalSetup: ['./test/global-setup.ts'],
    env: { ORCHARD_TEST_DATABASE: database },
    pool: 'forks' as const,
    isolate,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const allApiFiles = ['src/**/*.test.ts', 'test/**/*.test.ts'];
const engine: Engine = onPostgres ? 'postgres' : 'pglite';
/** scripts/test.sh runs the tiers apart (`fast` after the checks, `slow` after Playwright); unset runs both. */
const tier = process.env.ORCHARD_TEST_TIER;

/** The slow files run in the slow tier; with a server, the embedded server's own file runs on PGlite only. */
const fastApiExcluded = [...slow, ...(onPostgres ? ['test/server.test.ts'] : [])];

const fastProjects = () => [
  { test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'] } },
  // The project's own checks: the citation check and the lint rules (eslint.config.js).
  { test: { name: 'scripts', root: './scripts', include: ['*.test.mjs', '**/*.test.js'] } },
  {
    test: {
      name: 'web',
      root: './apps/web',
      environment: 'jsdom' as const,
      include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
      setupFiles: ['./src/test/setup.ts'],
      // Beside the API suites on two cores a jsdom test can wait seconds for a turn (CI saw a
      // 0.6 s test pass the default 5 s); a test that hangs still fails.
      testTimeout: 15_000,
    },
  },
  apiProject('api', engine, allApiFiles, [...fastApiExcluded, ...apiFilesReplacingModules], { isolate: false }),
  apiProject('api-mocks', engine, apiFilesReplacingModules, fastApiExcluded),
  ...(onPostgres ? [apiProject('api-embedded', 'pglite', [...embeddedDatabase, ...embeddedSmoke, ...embeddedLedgerSums], apiFilesReplacingModules, { isolate: false })] : []),
];

const slowProjects = () => [
  apiProject('api-slow', engine, slow),
  ...(onPostgres ? [apiProject('api-slow-embedded', 'pglite', slowEmbedded)] : []),
];

export default defineConfig({
  test: {
    // A worker per core. Vitest's own default leaves one core free (one worker on the CI machine's
    // two), but an API file spends much of its time waiting on PostgreSQL: on two cores the fast
    // tier took 7 min 55 s on one worker and 4 min 15 s on two (decision 104).
    maxWorkers: os.availableParallelism(),
    projects: [...(tier === 'slow' ? [] : fastProjects()), ...(tier === 'fast' ? [] : slowProjects())],
  },
});

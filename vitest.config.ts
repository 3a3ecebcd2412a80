import { defineConfig } from 'vitest/config';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const apiProject = (name: string, database: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: './apps/api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The embedded-database process test and pure tests need not run twice. Concurrency tests
    // (*.pg.test.ts) run on PostgreSQL only: PGlite has one connection and cannot show a race.
    // The ledger model test (1,000 runs) takes ~35 s on PostgreSQL and ~150 s on PGlite: it runs once,
    // on PostgreSQL when there is one.
    exclude:
      database === 'postgres'
        ? ['test/server.test.ts', 'src/config.test.ts', 'src/lib/**']
        : ['src/**/*.pg.test.ts', 'test/**/*.pg.test.ts', ...(onPostgres ? ['src/modules/points/points.model.test.ts'] : [])],
    globalSetup: ['./test/global-setup.ts'],
    env: { ORCHARD_TEST_DATABASE: database },
    pool: 'forks' as const,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'] } },
      // The project's own checks: the citation check and the lint rules (eslint.config.js).
      { test: { name: 'scripts', root: './scripts', include: ['*.test.mjs', '**/*.test.js'] } },
      {
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          setupFiles: ['./src/test/setup.ts'],
          // Beside the API suites on two cores a jsdom test can wait seconds for a turn (CI saw a
          // 0.6 s test pass the default 5 s); a test that hangs still fails.
          testTimeout: 15_000,
        },
      },
      apiProject('api', 'pglite'),
      ...(onPostgres ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});

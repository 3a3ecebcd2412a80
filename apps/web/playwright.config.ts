import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end journeys in Debian's Chromium at 390×844 against the real API on an embedded database
 * (docs/architecture.md#testing). The SPA is built once for production (e2e/global-setup.ts); each
 * worker then starts its own API on a free port with a fresh data folder (e2e/fixtures.ts), so the
 * journeys of two workers share no database and no test clock. ORCHARD_E2E_WORKERS sets how many
 * (2 by default, one per core of the CI machine). Set ORCHARD_E2E_BASE_URL to run against a server
 * that is already up (one worker then).
 */
const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const externalBaseUrl = process.env.ORCHARD_E2E_BASE_URL;

export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './e2e',
  testMatch: '*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: externalBaseUrl ? 1 : Number(process.env.ORCHARD_E2E_WORKERS ?? 2),
  retries: 0,
  // Journeys that visit a dozen screens and run axe on each take 25–35 s on a quiet machine and twice
  // that beside the Vitest lane on two cores; a hung journey still fails.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: path.join(repositoryRoot, 'test-results/web-e2e'),
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    hasTouch: true,
    isMobile: false,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumFlags },
  },
});

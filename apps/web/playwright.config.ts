import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end journeys in Debian's Chromium at 390×844 against the real API on an embedded database
 * (docs/architecture.md#testing). The web server builds the SPA and starts the API on a free port with a fresh
 * data folder, in development mode so the development identity provider is on.
 * Set ORCHARD_E2E_BASE_URL to run against a server that is already up.
 */
const repositoryRoot = path.resolve(import.meta.dirname, '../..');

function freePort(): number {
  const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script]).toString());
}

// Workers inherit the environment of the process that read this file first, so they agree on one port.
process.env.ORCHARD_E2E_PORT ??= String(freePort());
process.env.ORCHARD_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-e2e-'));
const port = Number(process.env.ORCHARD_E2E_PORT);
const externalBaseUrl = process.env.ORCHARD_E2E_BASE_URL;
const baseURL = externalBaseUrl ?? `http://localhost:${port}`;

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
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: path.join(repositoryRoot, 'test-results/web-e2e'),
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    hasTouch: true,
    isMobile: false,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumFlags },
  },
  webServer: externalBaseUrl
    ? undefined
    : {
        // The API runs in development mode (for the development provider); the SPA is built for production, as users get it.
        command: 'NODE_ENV=production npm run --silent build -w @orchard/web && npx tsx apps/api/src/server.ts',
        cwd: repositoryRoot,
        url: `${baseURL}/api/ready`,
        // The build, then a first start that loads the living demo through the services (10–35 s).
        timeout: 300_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          NODE_ENV: 'development',
          PORT: String(port),
          HOST: 'localhost',
          PUBLIC_URL: baseURL,
          DATA_DIR: process.env.ORCHARD_E2E_DATA_DIR,
          LOG_LEVEL: 'warn',
          DEV_IDP: 'on',
          SEED_SAMPLE_DATA: 'true',
          // The funding journey moves the API's clock to watch a creation deadline pass (decision 050).
          TEST_CLOCK: 'on',
          // Every journey signs people in from this one address, a dozen within a minute; the per-address
          // limit of production (30 a minute, tested in the API's rate-limit tests) would refuse them.
          RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
          // The community journey posts 100 XSS comments as one fan within a minute (docs/quality.md#s9);
          // the comments limit of production (10 a minute, tested in the API's rate-limit tests) would refuse them.
          RATE_LIMIT_COMMENTS_PER_MINUTE: '1000',
        },
      },
});

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';
export type { Browser, Page } from '@playwright/test';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string, deadline: number) {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}:\n${output()}`);
    const ready = await fetch(`${url}/api/ready`).then((response) => response.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the API at ${url} was not ready in time:\n${output()}`);
}

/**
 * Each Playwright worker gets its own API with its own data folder and the living demo, so two
 * workers never share a database or the test clock a journey moves (decision 100). The SPA is built
 * once, before the workers start (e2e/global-setup.ts). The API runs in development mode, for the
 * development identity provider. Set ORCHARD_E2E_BASE_URL to run against a server that is already up.
 */
export const test = base.extend<object, { apiBaseUrl: string }>({
  apiBaseUrl: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter.
    async ({}, use) => {
      const external = process.env.ORCHARD_E2E_BASE_URL;
      if (external) return use(external);
      const port = await freePort();
      const url = `http://localhost:${port}`;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-e2e-'));
      let output = '';
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
        cwd: repositoryRoot,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: {
          ...process.env,
          NODE_ENV: 'development',
          PORT: String(port),
          HOST: 'localhost',
          PUBLIC_URL: url,
          DATA_DIR: dataDir,
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
      });
      child.stderr!.on('data', (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-20_000);
      });
      try {
        // A first start loads the living demo through the services (10–35 s; longer beside other work).
        await waitUntilReady(url, child, () => output, Date.now() + 240_000);
        await use(url);
      } finally {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ apiBaseUrl }, use) => use(apiBaseUrl),
});

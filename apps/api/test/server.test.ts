import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from './api-process.ts';

const apiDir = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-server-'));
const children: ChildProcess[] = [];

// `npm start` runs the bundle (decision 011): the process under test is that one.
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: apiDir });

/** Starts the built server as `npm start` does, on a free port, and waits for its address. */
function startServer(extraEnv: Record<string, string> = {}): Promise<ApiProcess> {
  return startApiProcess(['dist/server.js'], {
    cwd: apiDir,
    env: { ...process.env, NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '', ...extraEnv },
    children,
  });
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', resolve)));
}

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The runtime stage's `ENV` of the Dockerfile (`KEY=value` pairs, continuation lines joined). */
function imageEnvironment(): Record<string, string> {
  const dockerfile = fs.readFileSync(path.resolve(apiDir, '../../Dockerfile'), 'utf8');
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const env = /^ENV ((?:.*\\\n)*.*)$/m.exec(runtime)?.[1] ?? '';
  return Object.fromEntries(env.split(/[\s\\]+/).filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
}

describe('the server process on the embedded database', () => {
  it('starts, seeds sample data, refuses a second process on the same folder, and stops cleanly', async () => {
    const first = await startServer();
    const ready = await fetch(`${first.address}/api/ready`);
    expect(ready.status).toBe(200);
    expect(fs.readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')).toBe(String(first.child.pid));
    // The sample data includes the media catalogue and the ad packages (decision 045).
    const catalogue = (await (await fetch(`${first.address}/api/media?limit=100`)).json()) as { items: unknown[] };
    expect(catalogue.items.length).toBeGreaterThanOrEqual(30);
    const packages = (await (await fetch(`${first.address}/api/ad-packages`)).json()) as { items: { id: string }[] };
    expect(packages.items.map((item) => item.id)).toEqual(['basic', 'premium', 'prestige']);

    // PGlite has no lock between processes: a second server must refuse rather than corrupt the folder.
    const second = await startServer().then(
      () => 'started',
      (error: { output: string }) => error.output,
    );
    expect(second).toContain('in use by process');

    first.child.kill('SIGTERM');
    expect(await exitCode(first.child)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

    // The data outlives the process: the next start finds the migrated, seeded database.
    const again = await startServer();
    expect((await fetch(`${again.address}/api/ready`)).status).toBe(200);
    expect(again.output()).not.toContain('in use by process');
    again.child.kill('SIGTERM');
    expect(await exitCode(again.child)).toBe(0);
  }, 120_000);

  it('prints a readable configuration error and exits non-zero', async () => {
    const failure = await startServer({ PORT: 'eighty' }).then(
      () => 'started',
      (error: { output: string }) => error.output,
    );
    expect(failure).toContain('Invalid configuration');
    expect(failure).toContain('PORT');
  });
});

describe('the built bundle with the image’s environment (docs/decisions/086-production-defaults.md)', () => {
  const image = imageEnvironment();
  /** The image's settings alone (none of the runner's), on a free port and a folder of its own. */
  const startAsImage = (extraEnv: Record<string, string>, folder: string) =>
    startApiProcess(['dist/server.js'], {
      cwd: apiDir,
      env: { PATH: process.env.PATH, ...image, PORT: '0', DATA_DIR: folder, LOG_LEVEL: 'info', ...extraEnv },
      children,
    });
  const refusal = (extraEnv: Record<string, string>) =>
    startAsImage(extraEnv, dataDir).then(
      () => 'started',
      (error: { code: number; output: string }) => ({ code: error.code, output: error.output }),
    );

  it('is the production image on every interface', () => {
    expect(image).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0' });
    expect(image.PUBLIC_URL).toBeUndefined();
  });

  it('refuses to start without PUBLIC_URL, and refuses the development sign-in and the sandbox on that listener whatever PUBLIC_URL says', async () => {
    const bare = await refusal({});
    expect(bare).toMatchObject({ code: 1, output: expect.stringContaining('PUBLIC_URL: required with NODE_ENV=production') });
    // The outside test's way round: a loopback PUBLIC_URL passed the guard while the listener was 0.0.0.0.
    const loopbackUrl = await refusal({ PUBLIC_URL: 'http://localhost:3000' });
    expect(loopbackUrl).toMatchObject({ code: 1 });
    const { output } = loopbackUrl as { output: string };
    expect(output).toMatch(/DEV_IDP: .*HOST \(0\.0\.0\.0\) listens beyond loopback/);
    expect(output).toMatch(/PAYMENT_GATEWAY: .*HOST \(0\.0\.0\.0\) listens beyond loopback/);
    expect(output).not.toContain('PUBLIC_URL: required');
  }, 60_000);

  it('loads no sample data in production: no artists, media or sample operator', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-image-'));
    try {
      // On loopback the development sign-in and the sandbox are allowed, so the process starts.
      const server = await startAsImage({ HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost:3000' }, folder);
      expect((await fetch(`${server.address}/api/ready`)).status).toBe(200);
      const artists = (await (await fetch(`${server.address}/api/artists`)).json()) as { items: unknown[] };
      const media = (await (await fetch(`${server.address}/api/media?limit=100`)).json()) as { items: unknown[] };
      expect({ artists: artists.items.length, media: media.items.length }).toEqual({ artists: 0, media: 0 });
      expect(server.output()).not.toContain('sample data');
      server.child.kill('SIGTERM');
      expect(await exitCode(server.child)).toBe(0);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});

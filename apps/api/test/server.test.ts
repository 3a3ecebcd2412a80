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

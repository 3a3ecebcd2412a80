import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export type Server = { child: ChildProcess; address: string; stop(): Promise<void>; rssMb(): number };

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let apiBuilt: Promise<unknown> | undefined;

/**
 * The API as `npm start` runs it: bundled (apps/api/scripts/build.ts, once per benchmark process)
 * and run by plain node, so its memory and speed are the production process's (decision 011).
 */
export async function builtApiServer(): Promise<string> {
  apiBuilt ??= promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/api/scripts/build.ts'], { cwd: repoRoot });
  await apiBuilt;
  return 'apps/api/dist/server.js';
}

/**
 * Starts a server file in its own process (a TypeScript one through tsx, a built `.js` one with
 * plain node) and waits until `readyPath` answers. The port
 * is a free one unless given: a server restarted after a kill (npm run chaos) keeps its address,
 * because the balancer in front of it names it among its targets.
 */
export async function startServer(file: string, env: Record<string, string>, readyPath = '/api/health', fixedPort?: number): Promise<Server> {
  const port = fixedPort ?? (await freePort());
  const address = `http://127.0.0.1:${port}`;
  // BENCH_CPU_PROF_DIR=<folder>: each server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [];
  const loader = file.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...profile, ...loader, file], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  let exited = false;
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.once('exit', () => (exited = true));
  for (let attempt = 0; attempt < 600 && !exited; attempt++) {
    const ok = await fetch(`${address}${readyPath}`).then((response) => response.ok, () => false);
    if (ok) {
      return {
        child,
        address,
        rssMb: () => readRssMb(child.pid!),
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${file} did not become ready:\n${output}`);
}

export function readRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

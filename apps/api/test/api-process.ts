import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export type ApiProcess = { child: ChildProcess; address: string; output: () => string; exited: Promise<number | null> };

/**
 * Starts an API process (`args` after `node`: the built bundle, or `--import tsx` and the source)
 * and resolves once it logs the address it listens on. If it exits first, the promise rejects with
 * its exit code and everything it printed (`code`, `output`). `children` collects the process at
 * once, so a test's cleanup kills it whether or not it started.
 */
export function startApiProcess(args: string[], { cwd, env, children }: { cwd: string; env: NodeJS.ProcessEnv; children?: ChildProcess[] }): Promise<ApiProcess> {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children?.push(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/"address":"(http:\/\/[^"]+)"/);
      if (match) resolve({ child, address: match[1]!, output: () => output, exited });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(Object.assign(new Error(`API process exited with ${code}:\n${output}`), { code, output })));
  });
}

/**
 * The API from its source on PostgreSQL, as the shutdown tests run it: a free port, no sample data,
 * no Redis (each process counts its rate limits alone, out of reach here), sessions that outlive
 * the test and SIGTERM draining for `drainMs`. `children` collects it for the cleanup.
 */
export function startDrainingApi(
  { databaseUrl, dataDir, drainMs, children, env = {} }: { databaseUrl: string; dataDir: string; drainMs: number; children: ChildProcess[]; env?: Record<string, string> },
): Promise<ApiProcess> {
  return startApiProcess(['--import', 'tsx', 'src/server.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_SAMPLE_DATA: 'false',
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_MS: String(drainMs),
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
      SESSION_IDLE_TIMEOUT_MINUTES: '10000000',
      SESSION_ABSOLUTE_TIMEOUT_HOURS: '1000000',
      REDIS_URL: '',
      ...env,
    },
    children,
  });
}

import { spawn, type ChildProcess } from 'node:child_process';

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

import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** The SPA, built once for production (as users get it) before the workers start their APIs (e2e/fixtures.ts). */
export default function buildTheApp() {
  if (process.env.ORCHARD_E2E_BASE_URL) return;
  execFileSync('npm', ['run', '--silent', 'build', '-w', '@orchard/web'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
}

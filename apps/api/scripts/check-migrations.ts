/**
 * Fails when the Drizzle schema and the committed migrations differ: drizzle-kit generates into a
 * scratch copy of the migrations folder, and any new file there is a schema change nobody committed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const apiDir = path.resolve(import.meta.dirname, '..');
const committed = path.join(apiDir, 'src/db/migrations');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-migrations-'));
try {
  fs.cpSync(committed, scratch, { recursive: true });
  execFileSync('npx', ['drizzle-kit', 'generate'], { cwd: apiDir, env: { ...process.env, DRIZZLE_OUT: scratch }, stdio: 'pipe' });
  const before = new Set(fs.readdirSync(committed));
  const added = fs.readdirSync(scratch).filter((name) => !before.has(name));
  if (added.length > 0) {
    console.error(`The schema differs from the committed migrations (new: ${added.join(', ')}). Run \`npm run db:generate\` and commit the result.`);
    process.exit(1);
  }
  console.log('Migrations match the schema.');
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}

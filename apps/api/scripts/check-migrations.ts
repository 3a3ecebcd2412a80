/**
 * Fails when the Drizzle schema and the committed migrations differ: drizzle-kit generates into a
 * scratch copy of the migrations folder, and any new file there is a schema change nobody committed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const apiDir = path.resolve(import.meta.dirname, '..');
const committed = path.join(apiDir, 'src/db/migrations');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-migrations-'));
try {
  fs.cpSync(committed, scratch, { recursive: true });
  // drizzle-kit reads its out folder as `./${out}` (an absolute path becomes `.//tmp/…`, which is not
  // there) and exits 0 when it fails, so the scratch folder goes in relative to the API's folder, and
  // a run that neither wrote a migration nor said there was nothing to write is a failure.
  const run = spawnSync('npx', ['drizzle-kit', 'generate'], {
    cwd: apiDir,
    env: { ...process.env, DRIZZLE_OUT: path.relative(apiDir, scratch) },
    encoding: 'utf8',
  });
  const before = new Set(fs.readdirSync(committed));
  const added = fs.readdirSync(scratch).filter((name) => !before.has(name));
  if (run.status !== 0 || (added.length === 0 && !`${run.stdout}${run.stderr}`.includes('No schema changes'))) {
    console.error(`drizzle-kit generate did not compare the schema with the migrations:\n${run.stdout}${run.stderr}`);
    process.exit(1);
  }
  if (added.length > 0) {
    console.error(`The schema differs from the committed migrations (new: ${added.join(', ')}). Run \`npm run db:generate\` and commit the result.`);
    process.exit(1);
  }
  console.log('Migrations match the schema.');
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}

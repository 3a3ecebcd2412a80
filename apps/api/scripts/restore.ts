import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { restoreBackup } from '../src/db/backup.ts';

/**
 * `npm run restore -- <file.tar.gz> [--force]`: puts a backup of `npm run backup` into DATA_DIR
 * with the server stopped (docs/decisions/099-production-extras-reviewed.md, refining 083). A DATA_DIR that holds a
 * database or files is refused unless --force, which replaces them. PostgreSQL: pg_restore (README, "Backups").
 * Exit codes: 0 restored, 1 refused or failed, 2 usage.
 */
const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((arg) => arg !== '--force');
if (files.length !== 1 || files[0]!.startsWith('-')) {
  console.error('Usage: npm run restore -- <file.tar.gz> [--force]');
  process.exit(2);
}
if (fs.existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore or from its base backup and WAL (README, "Backups"). Nothing changed.');
  process.exit(2);
}
// npm runs workspace scripts in apps/api; the operator's path is relative to where they typed it.
const archive = path.resolve(process.env.INIT_CWD ?? '.', files[0]!);
if (!fs.existsSync(archive)) {
  console.error(`There is no file ${archive}; nothing changed.`);
  process.exit(1);
}

try {
  // The restore takes DATA_DIR's lock: it refuses while the server runs, saying to stop it first.
  const summary = await restoreBackup(archive, config.dataDir, { force });
  console.log(
    `Restored ${archive} (${summary.migrations} migrations, ${summary.files} files) into ${config.dataDir}. Check it with npm run ledger:check; the server migrates it on start.`,
  );
} catch (error) {
  console.error(`Restore refused or failed; ${config.dataDir} is as it was: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}

import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { writeBackup } from '../src/db/backup.ts';

/**
 * `npm run backup -- <file.tar.gz>`: the embedded database and the files of DATA_DIR in one archive,
 * with the server stopped (docs/decisions/099-production-extras-reviewed.md, refining 083).
 * PostgreSQL is backed up with pg_dump or WAL archiving (README, "Backups").
 * Exit codes: 0 written, 1 refused (the server runs) or failed, 2 usage or nothing this command backs up.
 */
const [target, ...extra] = process.argv.slice(2);
if (!target || extra.length > 0 || target.startsWith('-')) {
  console.error('Usage: npm run backup -- <file.tar.gz>');
  process.exit(2);
}
if (fs.existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
if (config.databaseUrl) {
  console.error(
    'DATABASE_URL is set: back up PostgreSQL with pg_dump (or base backups and WAL archiving), and the files with your storage (README, "Backups"). Nothing written.',
  );
  process.exit(2);
}
if (!fs.existsSync(path.join(config.dataDir, 'pglite'))) {
  console.error(`There is no embedded database in ${config.dataDir} (set DATA_DIR); nothing written.`);
  process.exit(2);
}
// npm runs workspace scripts in apps/api; the operator's path is relative to where they typed it.
const file = path.resolve(process.env.INIT_CWD ?? '.', target);
if (fs.existsSync(file)) {
  console.error(`${file} exists already; choose a new name. Nothing written.`);
  process.exit(1);
}

try {
  const summary = await writeBackup(config.dataDir, file);
  console.log(`Backup written to ${file}: ${summary.migrations} migrations, ${summary.files} files, ${fs.statSync(file).size} bytes.`);
} catch (error) {
  // A running server holds DATA_DIR's lock: the message says to stop it first. Nothing is left behind.
  console.error(`Backup refused or failed; nothing written: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}

import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { systemClock } from '../src/lib/clock.ts';
import { reconcileLedger } from '../src/modules/points/points.reconciliation.repository.ts';

/**
 * `npm run ledger:check`: every ledger invariant (docs/architecture.md#ledger); exits 1 on any violation and 2
 * when there is nothing to check (no such embedded database, or one not migrated), so a mistyped
 * DATA_DIR or DATABASE_URL never reads as a clean ledger.
 */
if (fs.existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
const where = config.databaseUrl ? 'DATABASE_URL' : `the embedded database in ${config.dataDir}`;
// Opening a missing PGlite folder would create an empty database there: refuse instead.
if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pglite'))) {
  console.error(`There is no embedded database in ${config.dataDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL); nothing checked.`);
  process.exit(2);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
try {
  if (!(await database.isMigrated())) {
    console.error(`${where} is not migrated to this version (start the server once, or npm run seed); nothing checked.`);
    process.exitCode = 2;
  } else {
    const result = await reconcileLedger(database.db, systemClock.now());
    for (const violation of result.violations) console.error(`${violation.invariant}: ${violation.subject} — ${violation.detail}`);
    console.log(result.ok ? `ledger clean (${result.checkedAt})` : `${result.violations.length} violation(s)`);
    process.exitCode = result.ok ? 0 : 1;
  }
} finally {
  await database.close();
}

import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { grantOperator, revokeOperator, type RoleChange } from '../src/modules/operator-roles/operator-roles.ts';

/**
 * `npm run ops -- grant-operator <nickname>` / `revoke-operator <nickname>`: the only way to
 * change the operator role (docs/product.md#operators). Works on PostgreSQL (DATABASE_URL) and on
 * the embedded database in DATA_DIR while the server is stopped (its lock file refuses otherwise).
 * Exit codes: 0 done or already so, 1 refused (no such user, database in use), 2 usage.
 */
const usage = 'Usage: npm run ops -- grant-operator <nickname> | revoke-operator <nickname>';
const commands = { 'grant-operator': grantOperator, 'revoke-operator': revokeOperator } as const;

function describe(result: RoleChange): string {
  if (result.outcome === 'no_such_user') return `There is no account with the nickname "${result.nickname}".`;
  const note = result.joined ? '' : ' (the account has not finished joining; operator routes open once it has)';
  if (result.outcome === 'unchanged') return `${result.nickname} ${command === 'grant-operator' ? 'already holds' : 'does not hold'} the operator role; nothing changed${note}.`;
  return `${result.outcome === 'granted' ? 'Granted the operator role to' : 'Revoked the operator role from'} ${result.nickname}${note}.`;
}

const [command, nickname, ...extra] = process.argv.slice(2);
if (!command || !(command in commands) || !nickname || extra.length > 0) {
  console.error(usage);
  process.exit(2);
}

if (fs.existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pglite'))) {
  console.error(`There is no embedded database in ${config.dataDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL); nothing changed.`);
  process.exit(1);
}

let database;
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
} catch (error) {
  // The embedded database's lock: the server holds it while it runs.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
try {
  if (!(await database.isMigrated())) {
    console.error('The database is not migrated to this version (start the server once, or npm run seed); nothing changed.');
    process.exitCode = 1;
  } else {
    const result = await commands[command as keyof typeof commands](database.db, nickname);
    const message = describe(result);
    if (result.outcome === 'no_such_user') console.error(message);
    else console.log(message);
    process.exitCode = result.outcome === 'no_such_user' ? 1 : 0;
  }
} finally {
  await database.close();
}

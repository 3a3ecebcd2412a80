import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.ts';

// pg returns int8 as a string by default; our counts and points fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * One drizzle type for both drivers: the PGlite and node-postgres databases expose the same
 * query builder, so modules are written once against this.
 */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * A hot-path statement sent by name (docs/decisions/011-point-write-throughput.md): PostgreSQL parses and plans
 * it once per connection instead of once per call, as drizzle's unnamed statements are. The pool's
 * connections keep that plan (`plan_cache_mode`, decision 057): left to itself PostgreSQL re-plans a
 * statement with array parameters on every call, which costs more than running it.
 */
export type NamedStatement = { name: string; text: string };

/**
 * Runs `statement` with positional values (`$1`…). On PostgreSQL it is a named prepared statement,
 * on the pool or on a transaction's own connection (drizzle keeps it as the transaction session's
 * client); PGlite runs the same text, and anything else gets it as an unnamed drizzle query.
 */
export async function queryNamed(db: DbOrTx, statement: NamedStatement, values: unknown[]): Promise<Record<string, unknown>[]> {
  const client = (db as { $client?: unknown }).$client ?? (db as { session?: { client?: unknown } }).session?.client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    return (await client.query<Record<string, unknown>>({ name: statement.name, text: statement.text, values })).rows;
  }
  if (client instanceof PGlite) return (await client.query<Record<string, unknown>>(statement.text, values)).rows;
  return (await db.execute<Record<string, unknown>>(withPlaceholders(statement.text, values))).rows;
}

/**
 * A string as an SQL literal, quoted by node-postgres's own `escapeLiteral`: for a value that must
 * be in a statement's text rather than a parameter (a search pattern, so that a pooled
 * connection's generic plan can still choose the trigram index: decision 065).
 */
export const textLiteral = (value: string): string => pg.escapeLiteral(value);

/** The statement's text as a drizzle query, each `$n` bound to `values[n - 1]`. */
function withPlaceholders(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  let from = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    // sql.param keeps an array one value (an SQL array); a bare array would become a list.
    chunks.push(sql.raw(text.slice(from, match.index)), sql`${sql.param(values[Number(match[1]) - 1])}`);
    from = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(from)));
  return sql.join(chunks);
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  /** True when every committed migration has been applied. */
  isMigrated(): Promise<boolean>;
  /** The pool's connections as they stand (PostgreSQL; PGlite has no pool): for the metrics, decision 081. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
};

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

function committedMigrationCount(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

async function appliedMigrationCount(db: Db): Promise<number> {
  try {
    const result = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    return Number((result.rows[0] as { n: number }).n);
  } catch {
    return 0;
  }
}

export function openPostgres(url: string, poolSize = 10): Database {
  // Prepared statements keep their one generic plan (see NamedStatement).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c plan_cache_mode=force_generic_plan' });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder }),
    isMigrated: async () => (await appliedMigrationCount(db)) >= committedMigrationCount(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    close: () => pool.end(),
  };
}

export function wrapPglite(client: PGlite, release: () => void = () => {}): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    isMigrated: async () => (await appliedMigrationCount(db)) >= committedMigrationCount(),
    close: async () => {
      await client.close();
      release();
    },
  };
}

/**
 * PGlite has no lock between processes, and two processes on one folder corrupt it, so the
 * folder is guarded by a lock file holding the owner's pid. A lock left by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockPath, 'utf8'));
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by process ${owner}. Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${lockPath}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The extensions the migrations create (pg_trgm for search), loaded into every embedded database. */
export const pgliteExtensions = { pg_trgm };

export async function openEmbedded(dataDir: string): Promise<Database> {
  const release = acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: pgliteExtensions });
    return wrapPglite(client, release);
  } catch (error) {
    release();
    throw error;
  }
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string; poolSize?: number }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize) : openEmbedded(options.dataDir);
}

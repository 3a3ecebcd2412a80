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
 * A value as an SQL literal for `EXECUTE` (decision 060): text, numbers, booleans and dates, and
 * one-dimensional arrays of them (null elements included), quoted by node-postgres's own
 * `escapeLiteral`; array elements are each double-quoted inside, as PostgreSQL's array input reads
 * them. Anything else is refused rather than guessed at.
 */
export function literalOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return pg.escapeLiteral(`{${value.map(arrayElementOf).join(',')}}`);
  return pg.escapeLiteral(scalarText(value));
}

function arrayElementOf(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  return `"${scalarText(value).replace(/[\\"]/g, (character) => `\\${character}`)}"`;
}

function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
  throw new Error(`no SQL literal for ${typeof value}`);
}

/** What each connection has prepared with SQL `PREPARE` (these names are apart from node-postgres's own). */
const preparedOn = new WeakMap<pg.ClientBase, Set<string>>();

async function executeText(client: pg.ClientBase, statement: NamedStatement, values: unknown[]): Promise<string> {
  const name = `sql_${statement.name}`;
  let prepared = preparedOn.get(client);
  if (!prepared) preparedOn.set(client, (prepared = new Set()));
  if (!prepared.has(name)) {
    await client.query(`prepare ${name} as ${statement.text}`);
    prepared.add(name);
  }
  return `execute ${name}(${values.map(literalOf).join(', ')})`;
}

/**
 * A transaction whose BEGIN travels with its first statement (decision 060): on PostgreSQL one
 * round trip for both, where drizzle's transaction sends BEGIN alone. Each round trip wakes the
 * database's process and then this one, which under load costs more than a short statement runs.
 * The simple query protocol takes several statements in one message but no parameters, so the
 * statement is prepared on the connection once (SQL `PREPARE`, planned as `queryNamed`'s are) and
 * run by `EXECUTE` with its values as literals (`literalOf`). `body` gets the transaction and the
 * statement's rows; its result commits, its error rolls back. On PGlite, where a statement costs no
 * round trip, it is drizzle's transaction with the statement first.
 */
export async function transactionFrom<T>(
  db: Db,
  first: NamedStatement,
  values: unknown[],
  body: (tx: Tx, firstRows: Record<string, unknown>[]) => Promise<T>,
): Promise<T> {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return db.transaction(async (tx) => body(tx, await queryNamed(tx, first, values)));
  const client = await pool.connect();
  let broken = false;
  try {
    const execute = await executeText(client, first, values);
    try {
      const results = (await client.query(`begin; ${execute}`)) as unknown as pg.QueryResult[];
      const result = await body(transactionOn(client), results[1]!.rows as Record<string, unknown>[]);
      await client.query('commit');
      return result;
    } catch (error) {
      // A rollback that fails leaves the connection in doubt: it is closed, not pooled.
      await client.query('rollback').catch(() => (broken = true));
      throw error;
    }
  } finally {
    client.release(broken);
  }
}

/** Drizzle on each pooled connection, made once: building it reads the whole schema (about 0.2 ms). */
const drizzleOn = new WeakMap<pg.PoolClient, Tx>();

/** Drizzle on a connection whose transaction is already open: what `Tx` offers, without another BEGIN. */
function transactionOn(client: pg.PoolClient): Tx {
  let tx = drizzleOn.get(client);
  if (!tx) drizzleOn.set(client, (tx = drizzlePg({ client, schema }) as unknown as Tx));
  return tx;
}

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

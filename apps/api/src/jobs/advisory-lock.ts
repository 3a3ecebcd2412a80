import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/**
 * Advisory-lock keys live in one namespace (the first int4 of the two-key form, 'ORCH'), so no
 * other user of pg_advisory_lock on the same server collides with the sweeps.
 */
export const advisoryLockNamespace = 0x4f524348;

/**
 * PGlite has a single session and advisory locks are re-entrant within a session, so two
 * schedulers in one process would both be granted the lock. This in-process set makes them
 * exclude each other too; across processes the database lock does it (PGlite is single-process).
 */
const heldInProcess = new WeakMap<object, Set<number>>();

/**
 * Runs `work` while holding the session-level advisory lock (namespace, key), or answers
 * { acquired: false } at once when another instance holds it (pg_try_advisory_lock never waits).
 *
 * On PostgreSQL the lock is taken on a connection of its own, held for the whole sweep, while the
 * sweep's short transactions use other pool connections: one long transaction holding an
 * xact lock would keep row versions alive and could not span the sweep's per-user transactions.
 * If the process dies the connection closes and PostgreSQL releases the lock.
 */
export async function withAdvisoryLock<T>(database: Database, key: number, work: () => Promise<T>): Promise<{ acquired: true; value: T } | { acquired: false }> {
  const held = heldInProcess.get(database.db) ?? new Set<number>();
  heldInProcess.set(database.db, held);
  if (held.has(key)) return { acquired: false };
  held.add(key);
  try {
    const client = (database.db as unknown as { $client: unknown }).$client;
    if (database.kind === 'postgres' && client instanceof pg.Pool) {
      const connection = await client.connect();
      let broken: Error | undefined;
      try {
        const { rows } = await connection.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [advisoryLockNamespace, key]);
        if (!rows[0]?.locked) return { acquired: false };
        try {
          return { acquired: true, value: await work() };
        } finally {
          await connection.query('select pg_advisory_unlock($1, $2)', [advisoryLockNamespace, key]).catch((error: Error) => {
            // An unlock that failed leaves the lock on this session: close it instead of pooling it.
            broken = error;
          });
        }
      } finally {
        connection.release(broken);
      }
    }
    const { rows } = await database.db.execute<{ locked: boolean }>(sql`select pg_try_advisory_lock(${advisoryLockNamespace}::int4, ${key}::int4) as locked`);
    if (!rows[0]?.locked) return { acquired: false };
    try {
      return { acquired: true, value: await work() };
    } finally {
      await database.db.execute(sql`select pg_advisory_unlock(${advisoryLockNamespace}::int4, ${key}::int4)`);
    }
  } finally {
    held.delete(key);
  }
}

/** The start-up's key in the advisory-lock namespace; sweeps use small positive keys. */
export const startUpLockKey = -1;

/**
 * Runs `work` while holding the start-up's session-level advisory lock, waiting for it
 * (pg_advisory_lock) rather than giving up: several API processes started at once on one
 * PostgreSQL run the migrations, backfills and seeds one after another, and a process that gets
 * the lock after another has finished finds that work done and goes on (decision 080). The lock is
 * held on a dedicated connection, released after; if the process dies PostgreSQL releases it.
 * PGlite is one process: the work simply runs.
 */
export async function underStartUpLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind !== 'postgres' || !(client instanceof pg.Pool)) return work();
  const connection = await client.connect();
  let broken: Error | undefined;
  try {
    await connection.query('select pg_advisory_lock($1, $2)', [advisoryLockNamespace, startUpLockKey]);
    try {
      return await work();
    } finally {
      await connection.query('select pg_advisory_unlock($1, $2)', [advisoryLockNamespace, startUpLockKey]).catch((error: Error) => {
        broken = error;
      });
    }
  } finally {
    connection.release(broken);
  }
}

import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { idempotencyKeyReused } from './points.errors.ts';

export type StoredAnswer = { statusCode: number; body: unknown };

export function requestHash(method: string, route: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${route}\n${JSON.stringify(body ?? null)}`).digest('base64url');
}

/**
 * The ledger key of an exchange sent with the Idempotency-Key `key`: the exchange keeps its key on
 * its own ledger row instead of a row here (decision 011), so a claim here must look there too.
 */
export const exchangeSpendKey = (key: string) => `exchange:${key}`;

type KeyScope = { userId: string; key: string; hash: string };

/**
 * Inserts the key's row (with `answer`, or a placeholder the write fills in) unless the key was
 * used before; then answers the first answer, or refuses another request with the same key.
 */
async function claim(tx: Tx, clock: Clock, scope: KeyScope, answer: StoredAnswer | null): Promise<StoredAnswer | null> {
  const inserted = await tx.execute(sql`
    insert into idempotency_keys (user_id, key, request_hash, status_code, response, created_at)
    select ${scope.userId}, ${scope.key}, ${scope.hash}, ${answer?.statusCode ?? 0}, ${JSON.stringify(answer?.body ?? null)}::jsonb, ${clock.now().toISOString()}::timestamptz
    where not exists (select 1 from point_transactions where user_id = ${scope.userId} and idempotency_key = ${exchangeSpendKey(scope.key)})
    on conflict (user_id, key) do nothing returning key`);
  if (inserted.rows.length > 0) return null;
  const { rows } = await tx.execute<{ request_hash: string; status_code: number; response: unknown }>(
    sql`select request_hash, status_code, response from idempotency_keys where user_id = ${scope.userId} and key = ${scope.key}`,
  );
  const stored = rows[0];
  // No row here: an exchange applied this key on the ledger (see runOnLedgerKey).
  if (!stored || stored.request_hash !== scope.hash) throw idempotencyKeyReused();
  const response = typeof stored.response === 'string' ? (JSON.parse(stored.response) as unknown) : stored.response;
  return { statusCode: Number(stored.status_code), body: response };
}

/**
 * ARCHITECTURE §3: a write sent with an `Idempotency-Key` runs at most once. The key's row is
 * inserted in the same transaction as the write: a concurrent request with the same key waits on
 * that insert, then reads the committed answer (one execution, one answer). A refusal (4xx) is
 * stored too, in its own transaction, so a retry gets the first answer.
 */
export async function runIdempotent(
  db: Db,
  clock: Clock,
  scope: KeyScope,
  work: (tx: Tx) => Promise<StoredAnswer>,
): Promise<StoredAnswer> {
  try {
    return await db.transaction(async (tx) => {
      const earlier = await claim(tx, clock, scope, null);
      if (earlier) return earlier;
      const answer = await work(tx);
      await tx.execute(sql`
        update idempotency_keys set status_code = ${answer.statusCode}, response = ${JSON.stringify(answer.body)}::jsonb
        where user_id = ${scope.userId} and key = ${scope.key}`);
      return answer;
    });
  } catch (error) {
    if (!isStorableRefusal(error)) throw error;
    const refusal = refusalAnswer(error);
    return db.transaction(async (tx) => (await claim(tx, clock, scope, refusal)) ?? refusal);
  }
}

const isStorableRefusal = (error: unknown): error is AppError =>
  error instanceof AppError && error.statusCode < 500 && error.code !== 'idempotency.key_reused';

const refusalAnswer = (error: AppError): StoredAnswer => ({
  statusCode: error.statusCode,
  body: { error: error.details === undefined ? { code: error.code, message: error.message } : { code: error.code, message: error.message, details: error.details } },
});

/** What a write that keeps its Idempotency-Key on its own ledger row found (decision 011). */
export type LedgerKeyOutcome =
  | { kind: 'applied'; answer: StoredAnswer }
  /** The key was applied before, for the request with `requestHash`. */
  | { kind: 'replayed'; requestHash: string | null; answer: StoredAnswer }
  /** Another write (or a refusal) stored an answer under the key in idempotency_keys. */
  | { kind: 'answered-before'; requestHash: string; answer: StoredAnswer };

/**
 * Decision 011: a write done as one autocommit statement whose ledger row carries the key and the
 * request hash (the unique (user_id, idempotency_key) makes it run at most once). A replay answers
 * the first answer, another body is a 409; a refusal (4xx) writes nothing there, so it is stored
 * here as runIdempotent stores it. Should a refusal race an execution with the same key, the
 * executed write is what later replays answer: the statement prefers the ledger row.
 */
export async function runOnLedgerKey(
  db: Db,
  clock: Clock,
  scope: KeyScope,
  work: () => Promise<LedgerKeyOutcome>,
): Promise<StoredAnswer> {
  try {
    const outcome = await work();
    if (outcome.kind !== 'applied' && outcome.requestHash !== scope.hash) throw idempotencyKeyReused();
    return outcome.answer;
  } catch (error) {
    if (!isStorableRefusal(error)) throw error;
    const refusal = refusalAnswer(error);
    try {
      return (await db.transaction((tx) => claim(tx, clock, scope, refusal))) ?? refusal;
    } catch (storing) {
      // The key was applied meanwhile (a concurrent request with it): this request still gets its refusal.
      if (storing instanceof AppError && storing.code === 'idempotency.key_reused') return refusal;
      throw storing;
    }
  }
}

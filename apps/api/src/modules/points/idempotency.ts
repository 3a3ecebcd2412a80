import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, conflict } from '../../lib/errors.ts';

export type StoredAnswer = { statusCode: number; body: unknown };

export function requestHash(method: string, route: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${route}\n${JSON.stringify(body ?? null)}`).digest('base64url');
}

const keyReused = () =>
  conflict('idempotency.key_reused', 'This Idempotency-Key was already used for a different request.');

/**
 * ARCHITECTURE §3: a write sent with an `Idempotency-Key` runs at most once. The key's row is
 * inserted in the same transaction as the write: a concurrent request with the same key waits on
 * that insert, then reads the committed answer (one execution, one answer). A refusal (4xx) is
 * stored too, in its own transaction, so a retry gets the first answer.
 */
export async function runIdempotent(
  db: Db,
  clock: Clock,
  scope: { userId: string; key: string; hash: string },
  work: (tx: Tx) => Promise<StoredAnswer>,
): Promise<StoredAnswer> {
  const claim = async (tx: Tx, answer: StoredAnswer | null): Promise<StoredAnswer | null> => {
    const inserted = await tx.execute(sql`
      insert into idempotency_keys (user_id, key, request_hash, status_code, response, created_at)
      values (${scope.userId}, ${scope.key}, ${scope.hash}, ${answer?.statusCode ?? 0}, ${JSON.stringify(answer?.body ?? null)}::jsonb, ${clock.now().toISOString()}::timestamptz)
      on conflict (user_id, key) do nothing returning key`);
    if (inserted.rows.length > 0) return null;
    const { rows } = await tx.execute<{ request_hash: string; status_code: number; response: unknown }>(
      sql`select request_hash, status_code, response from idempotency_keys where user_id = ${scope.userId} and key = ${scope.key}`,
    );
    const stored = rows[0]!;
    if (stored.request_hash !== scope.hash) throw keyReused();
    const response = typeof stored.response === 'string' ? (JSON.parse(stored.response) as unknown) : stored.response;
    return { statusCode: Number(stored.status_code), body: response };
  };

  try {
    return await db.transaction(async (tx) => {
      const earlier = await claim(tx, null);
      if (earlier) return earlier;
      const answer = await work(tx);
      await tx.execute(sql`
        update idempotency_keys set status_code = ${answer.statusCode}, response = ${JSON.stringify(answer.body)}::jsonb
        where user_id = ${scope.userId} and key = ${scope.key}`);
      return answer;
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode >= 500 || error.code === 'idempotency.key_reused') throw error;
    const refusal: StoredAnswer = {
      statusCode: error.statusCode,
      body: { error: error.details === undefined ? { code: error.code, message: error.message } : { code: error.code, message: error.message, details: error.details } },
    };
    return db.transaction(async (tx) => (await claim(tx, refusal)) ?? refusal);
  }
}

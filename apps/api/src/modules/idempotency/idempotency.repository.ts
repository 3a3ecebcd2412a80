import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jsonValue } from '../../db/rows.ts';

/**
 * The first answer stored under a client's Idempotency-Key: a value (status 200) or a refusal (the
 * app's error body with its status). Only points.idempotency.ts writes and reads these rows.
 */
export type StoredAnswer = { statusCode: number; body: unknown };

/** The SQL of the client-key rows (`idempotency_keys`); the rules are in points.idempotency.ts. */
export function createIdempotencyRepository({ db }: { db: DbOrTx }) {
  return {
    /**
     * Inserts the key's row (with `answer`, or a placeholder the write fills in) unless the key
     * was used before, here or as one of the ledger keys `ledgerKeys`. Returns null when inserted;
     * the stored answer with its request hash when the key has a row; 'applied-on-ledger' when an
     * exchange or a participation applied the key on its ledger row.
     */
    async claim(
      scope: { userId: string; key: string; hash: string; ledgerKeys: string[]; now: Date },
      answer: StoredAnswer | null,
    ): Promise<null | 'applied-on-ledger' | (StoredAnswer & { requestHash: string })> {
      const inserted = await db.execute(sql`
        insert into idempotency_keys (user_id, key, request_hash, status_code, response, created_at)
        select ${scope.userId}, ${scope.key}, ${scope.hash}, ${answer?.statusCode ?? 0}, ${JSON.stringify(answer?.body ?? null)}::jsonb, ${scope.now.toISOString()}::timestamptz
        where not exists (select 1 from point_transactions where user_id = ${scope.userId} and idempotency_key = any(${sql.param(scope.ledgerKeys)}::text[]))
        on conflict (user_id, key) do nothing returning key`);
      if (inserted.rows.length > 0) return null;
      const { rows } = await db.execute<{ request_hash: string; status_code: number; response: unknown }>(
        sql`select request_hash, status_code, response from idempotency_keys where user_id = ${scope.userId} and key = ${scope.key}`,
      );
      const stored = rows[0];
      if (!stored) return 'applied-on-ledger';
      return { requestHash: stored.request_hash, statusCode: Number(stored.status_code), body: jsonValue(stored.response) };
    },

    /** Fills in the answer of a key claimed with a placeholder, in the claiming transaction. */
    async storeAnswer(scope: { userId: string; key: string }, answer: StoredAnswer) {
      await db.execute(sql`
        update idempotency_keys set status_code = ${answer.statusCode}, response = ${JSON.stringify(answer.body)}::jsonb
        where user_id = ${scope.userId} and key = ${scope.key}`);
    },
  };
}

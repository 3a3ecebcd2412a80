import { sql, type SQL } from 'drizzle-orm';
import type { ErrorCode } from '@orchard/shared';
import { queryNamed, type DbOrTx, type NamedStatement } from '../../db/client.ts';
import { jsonValue } from '../../db/rows.ts';

/** A refusal as stored: what rebuilds the AppError, never an HTTP answer (its status comes from the code). */
export type StoredRefusal = { code: ErrorCode; message: string; details?: unknown };

/** The first answer stored under a client's Idempotency-Key: the write's value, or its refusal. */
export type StoredAnswer = { value: unknown } | { refusal: StoredRefusal };

/** A stored answer with the request it answered. */
export type EarlierAnswer = { requestHash: string; answer: StoredAnswer };

/** The `response` column's JSON read back; a claim's placeholder (JSON null) never leaves its transaction. */
const answerOf = (response: unknown): StoredAnswer => (jsonValue(response) ?? { value: null }) as StoredAnswer;

/**
 * Per scope ($1 user ids, $2 keys, by position): the request hash and answer stored under the key,
 * or nulls. Read in every participation batch, so sent by name: planned once per connection.
 */
const earlierAnswersStatement: NamedStatement = {
  name: 'idempotency_earlier_answers_v1',
  text: `select k.request_hash, k.response
    from unnest($1::uuid[], $2::text[]) with ordinality as s(user_id, key, n)
    left join idempotency_keys k on k.user_id = s.user_id and k.key = s.key
    order by s.n`,
};

/** The SQL of the client-key rows (`idempotency_keys`); the rules are in idempotency.service.ts. */
export function createIdempotencyRepository({ db }: { db: DbOrTx }) {
  /** The answers stored under these keys, one per scope in order (null: none). */
  async function earlierAnswers(scopes: { userId: string; key: string }[]): Promise<(EarlierAnswer | null)[]> {
    if (scopes.length === 0) return [];
    const rows = await queryNamed(db, earlierAnswersStatement, [scopes.map((scope) => scope.userId), scopes.map((scope) => scope.key)]);
    return rows.map((row) => (row.request_hash === null ? null : { requestHash: String(row.request_hash), answer: answerOf(row.response) }));
  }

  return {
    /**
     * Inserts the key's row (with `answer`, or a placeholder the write fills in) unless the key
     * was used before, here or on the ledger (`appliedOnLedger`, the points module's probe of its
     * ledger keys, in the same statement: docs/decisions/103-sql-text-from-its-owners.md). Returns null when inserted;
     * the stored answer with its request hash when the key has a row; 'applied-on-ledger' when an
     * exchange or a participation applied the key on its ledger row.
     */
    async claim(
      scope: { userId: string; key: string; hash: string; appliedOnLedger: SQL<boolean>; now: Date },
      answer: StoredAnswer | null,
    ): Promise<null | 'applied-on-ledger' | EarlierAnswer> {
      const inserted = await db.execute(sql`
        insert into idempotency_keys (user_id, key, request_hash, response, created_at)
        select ${scope.userId}, ${scope.key}, ${scope.hash}, ${JSON.stringify(answer)}::jsonb, ${scope.now.toISOString()}::timestamptz
        where not ${scope.appliedOnLedger}
        on conflict (user_id, key) do nothing returning key`);
      if (inserted.rows.length > 0) return null;
      const [stored] = await earlierAnswers([scope]);
      return stored ?? 'applied-on-ledger';
    },

    /** Fills in the answer of a key claimed with a placeholder, in the claiming transaction. */
    async storeAnswer(scope: { userId: string; key: string }, answer: StoredAnswer) {
      await db.execute(sql`update idempotency_keys set response = ${JSON.stringify(answer)}::jsonb where user_id = ${scope.userId} and key = ${scope.key}`);
    },

    earlierAnswers,
  };
}

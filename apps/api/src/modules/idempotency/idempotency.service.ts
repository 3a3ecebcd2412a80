import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, refusalOf } from '../../lib/errors.ts';
import { idempotencyKeyReused } from './idempotency.errors.ts';
import { createIdempotencyRepository, type EarlierAnswer, type StoredAnswer } from './idempotency.repository.ts';

/**
 * Idempotency of the writes that move points or money (docs/architecture.md#idempotency): a write
 * sent with an `Idempotency-Key` runs at most once; a retry with the same key and body gets the
 * first outcome again; the same key with another body is a 409 `idempotency.key_reused`.
 *
 * Two mechanisms keep that promise, and each looks into the other's table, so that one key names
 * one request whichever route it was first used on:
 *
 *   1. Client-key rows (`run`: charges, refunds, project requests, creations, events). The key's
 *      row in `idempotency_keys` is inserted in the same transaction as the write; a concurrent
 *      request with the key waits on that insert, then reads the stored first answer. A refusal
 *      (4xx) is stored too, in its own transaction, so a retry is refused alike.
 *   2. Ledger unique keys (`onLedgerKey`: the exchange, one autocommit statement, decision 011, and
 *      participations, batched: decision 056). The key lives on the write's own ledger row,
 *      `point_transactions(user_id, idempotency_key)` unique, with the request's hash beside it; no
 *      `idempotency_keys` row is written for an applied write. Only a refusal, which writes no
 *      ledger row, is stored as in mechanism 1, and the write reads it first (`earlierAnswers`).
 *
 *            POST /charges, /refund                       POST /exchange, /participations
 *                     │                                         │
 *                     ▼                                         ▼
 *        ┌─ run: claim the key ───────────┐        ┌─ onLedgerKey ─────────────────────────┐
 *        │ insert idempotency_keys row    │        │ earlier:   idempotency_keys row ──(b)─┼─▶
 *        │   unless point_transactions    │◀──(a)──│ existing:  point_transactions with    │
 *        │   has the key's ledger keys    │        │   key `exchange:<key>` (or            │
 *        │                                │        │   `participation:<key>`)              │
 *        │ write + stored answer, one tx  │        │ else the write (spend, credit, …)     │
 *        └────────────────────────────────┘        └───────────────────────────────────────┘
 *
 *   (a) A claim refuses a key an exchange or a participation applied (its ledger row exists): key
 *       reused.
 *   (b) The write reads a stored row under the client key: a refusal stored for the same body is
 *       replayed; anything else stored there (a charge, a refund) is key reused.
 *
 * A stored refusal is its code, message and details; its replay takes the status from the code
 * (lib/errors.ts#errorStatuses). Should a refusal race an applied exchange with the same key, the
 * applied exchange is what later replays get: the ledger row is looked at first.
 */

/** Who sent the key, the key, and the request it came with (method, path and body, hashed). */
export type KeyScope = { userId: string; key: string; hash: string };

/** A write's outcome under a key: done now, or done before and returned again. */
export type KeyedOutcome<T> = { kind: 'applied'; value: T } | { kind: 'replayed'; value: T };

/** A refusal stored under the key, for the request with `requestHash` (mechanism 2 above). */
export type RefusedBefore = { kind: 'refused-before'; requestHash: string; refusal: AppError };

/** What a write that keeps its key on its own ledger row found (mechanism 2 above). */
export type LedgerKeyOutcome<T> =
  | { kind: 'applied'; value: T }
  /** The key was applied before, for the request with `requestHash`. */
  | { kind: 'replayed'; requestHash: string | null; value: T }
  | RefusedBefore;

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${path}\n${JSON.stringify(body ?? null)}`).digest('base64url');
}

/**
 * The scope of a route's Idempotency-Key: the signed-in user, the key (the route's header schema
 * requires it), and the request's method, path without its query, and body.
 */
export function keyScopeOf(request: FastifyRequest, userId: string): KeyScope {
  const path = request.url.split('?', 1)[0]!;
  return { userId, key: String(request.headers['idempotency-key']), hash: requestHash(request.method, path, request.body) };
}

/** The ledger key of an exchange sent with the Idempotency-Key `key` (mechanism 2 above). */
export const exchangeSpendKey = (key: string) => `exchange:${key}`;

/** The ledger key of a participation's spend sent with the Idempotency-Key `key` (mechanism 2 above). */
export const participationSpendKey = (key: string) => `participation:${key}`;

const isStorableRefusal = (error: unknown): error is AppError =>
  error instanceof AppError && error.statusCode < 500 && error.code !== 'idempotency.key_reused';

/** A refusal as stored: its code, message and details, never its status. */
const storedRefusal = (error: AppError): StoredAnswer => ({
  refusal: error.details === undefined ? { code: error.code, message: error.message } : { code: error.code, message: error.message, details: error.details },
});

/** The stored answer again: a value, or the refusal thrown as it was thrown the first time. */
function replay<T>(answer: StoredAnswer): T {
  if ('refusal' in answer) throw refusalOf(answer.refusal);
  return answer.value as T;
}

/** An earlier answer met by a write of mechanism 2: its refusal again, or key reused when it answered another kind of write. */
function refusedBefore({ requestHash, answer }: EarlierAnswer): RefusedBefore {
  return { kind: 'refused-before', requestHash, refusal: 'refusal' in answer ? refusalOf(answer.refusal) : idempotencyKeyReused() };
}

/**
 * Whether the user applied one of these keys on a ledger row: the points module's piece
 * (points.service#ledgerKeysAppliedProbe), handed in where the services are built, since the
 * points service imports this one (docs/decisions/103-sql-text-from-its-owners.md).
 */
export type LedgerKeysProbe = (userId: string, keys: string[]) => SQL<boolean>;

export function createIdempotency({ db, clock, appliedOnLedger }: { db: Db; clock: Clock; appliedOnLedger: LedgerKeysProbe }) {
  const claim = (tx: Tx, scope: KeyScope, answer: StoredAnswer | null) =>
    createIdempotencyRepository({ db: tx }).claim(
      { ...scope, appliedOnLedger: appliedOnLedger(scope.userId, [exchangeSpendKey(scope.key), participationSpendKey(scope.key)]), now: clock.now() },
      answer,
    );

  /** The stored answer of `scope.key` if it was for this request; a 409 if it was for another. */
  function sameRequest(stored: EarlierAnswer | 'applied-on-ledger', scope: KeyScope): StoredAnswer {
    if (stored === 'applied-on-ledger' || stored.requestHash !== scope.hash) throw idempotencyKeyReused();
    return stored.answer;
  }

  return {
    /**
     * Mechanism 1: `work` runs at most once for the key, in the transaction that claims it. Its
     * value (JSON) is stored with the key; a refusal (an AppError under 500) is stored and thrown.
     */
    async run<T>(scope: KeyScope, work: (tx: Tx) => Promise<T>): Promise<KeyedOutcome<T>> {
      try {
        return await db.transaction(async (tx) => {
          const earlier = await claim(tx, scope, null);
          if (earlier) return { kind: 'replayed', value: replay<T>(sameRequest(earlier, scope)) };
          const value = await work(tx);
          await createIdempotencyRepository({ db: tx }).storeAnswer(scope, { value });
          return { kind: 'applied', value };
        });
      } catch (error) {
        if (!isStorableRefusal(error)) throw error;
        const earlier = await db.transaction((tx) => claim(tx, scope, storedRefusal(error)));
        // A concurrent request with the key got there first: its answer is the answer.
        if (earlier) return { kind: 'replayed', value: replay<T>(sameRequest(earlier, scope)) };
        throw error;
      }
    },

    /**
     * Mechanism 2: `work` is a write whose ledger row carries the key and the request hash (it
     * reads `earlierAnswers` first). A replay for another request is a 409; a refusal stored
     * before is thrown again; a new refusal thrown by `work` is stored, then thrown.
     */
    async onLedgerKey<T>(scope: KeyScope, work: () => Promise<LedgerKeyOutcome<T>>): Promise<KeyedOutcome<T>> {
      let outcome: LedgerKeyOutcome<T>;
      try {
        outcome = await work();
      } catch (error) {
        if (!isStorableRefusal(error)) throw error;
        try {
          const earlier = await db.transaction((tx) => claim(tx, scope, storedRefusal(error)));
          if (earlier) replay(sameRequest(earlier, scope));
        } catch (storing) {
          // The key was applied meanwhile (a concurrent request with it): this request still gets its refusal.
          if (!(storing instanceof AppError && storing.code === 'idempotency.key_reused')) throw storing;
        }
        throw error;
      }
      if (outcome.kind === 'applied') return outcome;
      if (outcome.requestHash !== scope.hash) throw idempotencyKeyReused();
      if (outcome.kind === 'refused-before') throw outcome.refusal;
      return { kind: 'replayed', value: outcome.value };
    },

    /**
     * What mechanism 2's writes read before they decide: per scope in order, the refusal stored
     * under its key (or key reused, when the key answered another kind of write), or null. Inside
     * the caller's transaction or in autocommit (`source`).
     */
    async earlierAnswers(source: DbOrTx, scopes: { userId: string; key: string }[]): Promise<(RefusedBefore | null)[]> {
      const answers = await createIdempotencyRepository({ db: source }).earlierAnswers(scopes);
      return answers.map((answer) => (answer === null ? null : refusedBefore(answer)));
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;

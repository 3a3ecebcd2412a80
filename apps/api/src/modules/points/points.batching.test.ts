import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness.ts';
import { charge, expectLedgerClean, idempotencyKey } from '../../../test/points-fixtures.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Decision 013: concurrent autocommit exchanges of different users share one statement. Each
 * request must still get exactly its own allocation, refusal or failure. (Spends run only inside a
 * caller's transaction, the participation batch's or a creation's: decision 068.)
 */
describe('points: batched exchanges', () => {
  let t: TestContext;
  let users: TestUser[];

  beforeAll(async () => {
    t = await createTestContext();
    users = [];
    // 500 Orange + 15 bonus each (docs/product.md#charge-packages: the 500 package).
    for (let i = 0; i < 6; i++) {
      const user = await t.createUser();
      await charge(t, user, 'orange-500');
      users.push(user);
    }
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  const points = () => t.services.points;
  const writersOf = async (transactionIds: number[]) => {
    const { rows } = await t.database.db.execute<{ writers: number }>(
      sql`select count(distinct xmin::text)::int as writers from point_transactions where id in ${transactionIds}`,
    );
    return Number(rows[0]!.writers);
  };

  it('gives each of many concurrent exchanges its own bonus-first allocation, in fewer statements than requests', async () => {
    const [a, b, c, d, e] = users;
    const outcomes = await Promise.all([
      points().exchange({ userId: a!.id, orange: 20, key: idempotencyKey(), requestHash: 'h' }),
      points().exchange({ userId: b!.id, orange: 10, key: idempotencyKey(), requestHash: 'h' }),
      points().exchange({ userId: c!.id, orange: 515, key: idempotencyKey(), requestHash: 'h' }),
      points().exchange({ userId: d!.id, orange: 1, key: idempotencyKey(), requestHash: 'h' }),
      // Two of one user's requests never share a statement; both apply, one after the other.
      points().exchange({ userId: e!.id, orange: 100, key: idempotencyKey(), requestHash: 'h' }),
      points().exchange({ userId: e!.id, orange: 100, key: idempotencyKey(), requestHash: 'h' }),
    ]);
    expect(outcomes.map((outcome) => [outcome.kind, outcome.value.berry])).toEqual([
      ['applied', 260],
      ['applied', 130],
      ['applied', 6695],
      ['applied', 13],
      ['applied', 1300],
      ['applied', 1300],
    ]);
    const spendIds = outcomes.map((outcome) => outcome.value.spendTransactionId);

    const balances = await Promise.all([a, b, c, d, e].map((user) => points().balances(user!.id)));
    expect(balances.map((balance) => [balance.orange.purchased, balance.orange.bonus, balance.berry.purchased, balance.berry.bonus])).toEqual([
      [495, 0, 65, 195], // 20: the 15 bonus first, then 5 purchased
      [500, 5, 0, 130], // 10: all from the bonus
      [0, 0, 6500, 195], // everything
      [500, 14, 0, 13],
      [315, 0, 2405, 195], // 200 over two requests
    ]);
    // Same transaction id (xmin) for rows written by one statement in autocommit. Requests share a
    // statement only when they reach the batcher together: on a loaded machine their idempotency
    // reads may answer one by one, so a round that shared nothing is tried again, up to five times.
    let shared = (await writersOf(spendIds)) < spendIds.length;
    for (let round = 0; !shared && round < 5; round++) {
      const again = await Promise.all([a, b, d, e].map((user) => points().exchange({ userId: user!.id, orange: 1, key: idempotencyKey(), requestHash: 'h' })));
      const ids = again.map((outcome) => outcome.value.spendTransactionId);
      shared = (await writersOf(ids)) < ids.length;
    }
    expect(shared).toBe(true);
    await expectLedgerClean(t);
  });

  it('refuses only the request that cannot be paid, and fails only the request that is broken', async () => {
    const [, , , , , f] = users;
    const [rich, poor, , another] = users;
    const outcomes = await Promise.allSettled([
      points().exchange({ userId: rich!.id, orange: 1, key: idempotencyKey(), requestHash: 'h' }),
      points().exchange({ userId: poor!.id, orange: 100_000, key: idempotencyKey(), requestHash: 'h' }),
      // Not a user id at all: the whole statement fails, and is then run request by request.
      points().exchange({ userId: 'not-a-uuid', orange: 1, key: idempotencyKey(), requestHash: 'h' }),
      points().exchange({ userId: f!.id, orange: 2, key: idempotencyKey(), requestHash: 'h' }),
      points().exchange({ userId: another!.id, orange: 1, key: idempotencyKey(), requestHash: 'h' }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled', 'fulfilled']);
    const refusal = (outcomes[1] as PromiseRejectedResult).reason as AppError;
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal.code).toBe('points.insufficient');
    expect((outcomes[2] as PromiseRejectedResult).reason).not.toBeInstanceOf(AppError);
    expect((await points().balances(f!.id)).berry.bonus).toBe(26);
    await expectLedgerClean(t);
  });

  it('answers a replayed key from the ledger when the replay shares a statement with new requests', async () => {
    const [a, b] = users;
    const key = idempotencyKey();
    const first = await points().exchange({ userId: a!.id, orange: 1, key, requestHash: 'h1' });
    const [again, fresh] = await Promise.all([
      points().exchange({ userId: a!.id, orange: 1, key, requestHash: 'h1' }),
      points().exchange({ userId: b!.id, orange: 1, key: idempotencyKey(), requestHash: 'h2' }),
    ]);
    expect(first.kind).toBe('applied');
    expect(again).toEqual({ kind: 'replayed', value: first.value });
    expect(fresh.kind).toBe('applied');
  });
});

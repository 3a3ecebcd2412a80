import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness.ts';
import { creditCharge, expectLedgerClean } from '../../../test/points-fixtures.ts';
import { AppError } from '../../lib/errors.ts';
import type { PointsService } from './points.service.ts';

const day = 86_400_000;

/**
 * The two calls Funding makes inside its own transactions: a participation spent into a project's
 * escrow (spendWithin), and its return to the very lots it came from (returnParticipationWithin).
 */
describe('points: participations and returns inside a caller\'s transaction', () => {
  let t: TestContext;
  let points: PointsService;
  let escrow: number;
  let projectId = 100;

  beforeAll(async () => {
    t = await createTestContext();
    points = t.services.points;
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  async function fan(orange: number, bonus: number): Promise<TestUser> {
    const user = await t.createUser();
    await creditCharge(t.database.db, points, { userId: user.id, orange, bonus, paidAt: t.clock.now() });
    return user;
  }

  const lotsOf = async (userId: string) => {
    const { rows } = await t.database.db.execute<{ id: number; kind: string; remaining: number }>(
      sql`select id, kind, remaining from point_lots where user_id = ${userId} order by id`,
    );
    return rows.map((row) => ({ id: Number(row.id), kind: row.kind, remaining: Number(row.remaining) }));
  };

  const participate = (tx: Parameters<PointsService['spendWithin']>[0], userId: string, amount: number, idempotencyKey = randomUUID()) =>
    points.spendWithin(tx, { userId, currency: 'orange', amount, escrowAccountId: escrow, projectId, reason: 'project_participation', idempotencyKey });

  it('spends a participation into the project\'s escrow in the caller\'s transaction: bonus first, committed or rolled back with it', async () => {
    projectId += 1;
    escrow = await points.createEscrowAccount('orange', projectId);
    const user = await fan(100, 10);
    const before = await lotsOf(user.id);
    await expect(
      t.database.db.transaction(async (tx) => {
        await participate(tx, user.id, 30);
        throw new Error('the caller fails after the spend');
      }),
    ).rejects.toThrow('the caller fails');
    expect(await lotsOf(user.id)).toEqual(before);
    expect(await points.escrowBalance(escrow)).toBe(0);

    const key = randomUUID();
    const spent = await t.database.db.transaction((tx) => participate(tx, user.id, 30, key));
    expect(spent.replayed).toBe(false);
    expect(spent.allocations.map((leg) => [leg.kind, leg.amount])).toEqual([['bonus', 10], ['purchased', 20]]);
    const again = await t.database.db.transaction((tx) => participate(tx, user.id, 30, key));
    const legs = (result: typeof spent) => result.allocations.map((leg) => [leg.lotId, leg.amount]).sort((a, b) => a[0]! - b[0]!);
    expect(again).toMatchObject({ transactionId: spent.transactionId, replayed: true });
    expect(legs(again)).toEqual(legs(spent));
    expect(await points.escrowBalance(escrow)).toBe(30);
    const refused = await t.database.db.transaction((tx) => participate(tx, user.id, 1_000)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('points.insufficient');
  });

  it('returns a participation to the very lots it came from, once, and re-credits for 30 days what would end sooner', async () => {
    projectId += 1;
    escrow = await points.createEscrowAccount('orange', projectId);
    const user = await fan(200, 20);
    const spend = await t.database.db.transaction((tx) => participate(tx, user.id, 50));
    const spent = await lotsOf(user.id);
    expect(spent.map((lot) => lot.remaining)).toEqual([170, 0]);

    // Rolled back with the caller: nothing is returned.
    await expect(
      t.database.db.transaction(async (tx) => {
        await points.returnParticipationWithin(tx, { spendTransactionId: spend.transactionId, reason: 'project_not_achieved' });
        throw new Error('the caller fails after the return');
      }),
    ).rejects.toThrow('the caller fails');
    expect(await lotsOf(user.id)).toEqual(spent);

    const returned = await t.database.db.transaction((tx) =>
      points.returnParticipationWithin(tx, { spendTransactionId: spend.transactionId, reason: 'project_not_achieved' }),
    );
    expect(returned.replayed).toBe(false);
    expect((await lotsOf(user.id)).map((lot) => lot.remaining)).toEqual([200, 20]);
    expect(await points.escrowBalance(escrow)).toBe(0);
    const again = await t.database.db.transaction((tx) =>
      points.returnParticipationWithin(tx, { spendTransactionId: spend.transactionId, reason: 'project_not_achieved' }),
    );
    expect(again).toEqual({ transactionId: returned.transactionId, replayed: true });

    // The bonus lot (valid 12 months) now ends within 30 days: its share comes back as a new lot.
    const late = await t.database.db.transaction((tx) => participate(tx, user.id, 30));
    t.clock.advance(350 * day);
    await t.database.db.transaction((tx) => points.returnParticipationWithin(tx, { spendTransactionId: late.transactionId, reason: 'project_not_achieved' }));
    const lots = await lotsOf(user.id);
    // The purchased share goes back into its lot; the bonus share is a new bonus lot.
    expect(lots.map((lot) => [lot.kind, lot.remaining])).toEqual([['purchased', 200], ['bonus', 0], ['bonus', 20]]);
    const { rows } = await t.database.db.execute<{ kind: string; original: number; days: number }>(sql`
      select kind, original, floor(extract(epoch from expires_at - ${t.clock.now().toISOString()}::timestamptz) / 86400)::int as days
      from point_lots where user_id = ${user.id} and source_transaction_id = (select id from point_transactions where related_transaction_id = ${late.transactionId} and type = 'return')`);
    expect(rows.map((row) => [row.kind, Number(row.original)])).toEqual([['bonus', 20]]);
    expect(Number(rows[0]!.days)).toBeGreaterThanOrEqual(30);
    await expectLedgerClean(t);
  });
});

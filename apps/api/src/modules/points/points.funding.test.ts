import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@orchard/shared';
import { addDays, startOfKstDay } from '@orchard/shared/project-rules';
import { errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { creditCharge, escrowBalance, expectLedgerClean, idempotencyKey } from '../../../test/points-fixtures.ts';
import { closeWithCleanLedger, fundingProject, postParticipation, projectRow, projectsTestContext, spendOfParticipation, validRequestBody } from '../../../test/projects-kit.ts';
import { AppError } from '../../lib/errors.ts';
import type { PointsService } from './points.service.ts';

const day = 86_400_000;

/**
 * The ledger's side of Funding: a participation, sent as a fan sends it, spent into its project's
 * escrow (the participation batch's spendManyWithin), and its return to the very lots it came
 * from when the project fails (the close's returnEscrowWithin, inside the caller's transaction).
 */
describe("points: participations and returns inside a caller's transaction", () => {
  let t: TestContext;
  let points: PointsService;
  let operator: TestUser;
  let artistId: number;

  beforeAll(async () => {
    ({ t, operator, artistId } = await projectsTestContext({ longSessions: true }));
    points = t.services.points;
  });
  afterAll(() => closeWithCleanLedger(t));

  async function fan(orange: number, bonus: number): Promise<TestUser> {
    const user = await t.createUser();
    await creditCharge(t.database.db, points, { userId: user.id, orange, bonus, paidAt: t.clock.now() });
    return user;
  }

  /** A funding project of its own, and its escrow account (which holds the creator's deposit). */
  async function project(): Promise<{ project: Project; escrow: number; deposit: number }> {
    const created = await fundingProject(t, await t.createUser(), operator, { ...(await validRequestBody(t, artistId)), purpose: 'ongoing' });
    const escrow = Number((await projectRow(t, created.id)).escrow_account_id);
    return { project: created, escrow, deposit: await escrowBalance(t.database.db, escrow) };
  }

  const lotsOf = async (userId: string) => {
    const { rows } = await t.database.db.execute<{ id: number; kind: string; remaining: number }>(
      sql`select id, kind, remaining from point_lots where user_id = ${userId} order by id`,
    );
    return rows.map((row) => ({ id: Number(row.id), kind: row.kind, remaining: Number(row.remaining) }));
  };

  const closeAt = (funding: Project) => startOfKstDay(addDays(funding.fundingEndDate, 1));
  /** How many return entries a spend has. */
  const returnsOf = async (spendTransactionId: number) => {
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from point_transactions where type = 'return' and related_transaction_id = ${spendTransactionId}`,
    );
    return Number(rows[0]!.n);
  };

  /** A participation of `amount`; answers its participation and the ledger spend that paid for it. */
  async function participate(user: TestUser, projectId: number, amount: number, key = idempotencyKey()) {
    const response = await postParticipation(t, user, projectId, amount, key);
    expect(response.statusCode, response.body).toBe(201);
    const { participation } = response.json() as { participation: { id: number; amount: number } };
    return { participation, spendTransactionId: await spendOfParticipation(t, participation.id) };
  }

  it("spends a participation into the project's escrow, bonus first, once per Idempotency-Key; refuses more than the balance; a failed caller's transaction spends nothing", async () => {
    const { project: funding, escrow, deposit } = await project();
    const user = await fan(100, 10);
    const before = await lotsOf(user.id);

    // The participation batch's spend inside a transaction that then fails: nothing moved.
    await expect(
      t.database.db.transaction(async (tx) => {
        await points.lockWalletsWithin(tx, [user.id]);
        const [spent] = await points.spendManyWithin(tx, [
          { userId: user.id, currency: 'orange', amount: 30, escrowAccountId: escrow, projectId: funding.id, reason: 'project_participation', idempotencyKey: idempotencyKey() },
        ]);
        expect(spent).not.toBeInstanceOf(AppError);
        throw new Error('the caller fails after the spend');
      }),
    ).rejects.toThrow('the caller fails');
    expect(await lotsOf(user.id)).toEqual(before);
    expect(await escrowBalance(t.database.db, escrow)).toBe(deposit);

    const key = idempotencyKey();
    const first = await participate(user, funding.id, 30, key);
    const legs = async (spendTransactionId: number) =>
      (await points.historyEntry(user.id, spendTransactionId)).lots.map((lot) => [lot.kind, lot.amount]).sort(([a], [b]) => String(a).localeCompare(String(b)));
    // docs/product.md#spending-order: the 10 bonus first, then 20 purchased.
    expect(await legs(first.spendTransactionId)).toEqual([['bonus', -10], ['purchased', -20]]);
    const spentLots = await lotsOf(user.id);
    expect(spentLots.map((lot) => [lot.kind, lot.remaining])).toEqual([['purchased', 80], ['bonus', 0]]);

    const again = await participate(user, funding.id, 30, key);
    expect(again).toEqual(first);
    expect(await lotsOf(user.id)).toEqual(spentLots);
    expect(await escrowBalance(t.database.db, escrow)).toBe(deposit + 30);

    const refused = await postParticipation(t, user, funding.id, 90);
    expect(refused.statusCode).toBe(422);
    expect(errorCode(refused)).toBe('points.insufficient');
    expect(await lotsOf(user.id)).toEqual(spentLots);
    await expectLedgerClean(t);
  });

  it('gives a participation back to the very lots it came from when its project fails, once, and re-credits for 30 days what would end sooner', async () => {
    const { project: funding, escrow } = await project();
    const chargedAt = t.clock.now().getTime();
    const user = await fan(200, 20);
    const { spendTransactionId } = await participate(user, funding.id, 50);
    const spent = await lotsOf(user.id);
    expect(spent.map((lot) => lot.remaining)).toEqual([170, 0]);

    // The escrow's return inside a caller's transaction that then fails: nothing is returned.
    await expect(
      t.database.db.transaction(async (tx) => {
        await points.returnEscrowWithin(tx, { escrowAccountId: escrow, userIds: [user.id], reason: 'project_not_achieved' });
        throw new Error('the caller fails after the return');
      }),
    ).rejects.toThrow('the caller fails');
    expect(await lotsOf(user.id)).toEqual(spent);

    // The project fails at its close (decision 066): the participation goes back, the escrow is empty.
    t.clock.set(closeAt(funding));
    await t.services.participations.closeFundingDue();
    expect((await projectRow(t, funding.id)).status).toBe('failed');
    expect((await lotsOf(user.id)).map((lot) => lot.remaining)).toEqual([200, 20]);
    expect(await escrowBalance(t.database.db, escrow)).toBe(0);
    // A second close, or the return asked again, gives nothing twice.
    await t.services.participations.closeFundingDue();
    expect(await t.database.db.transaction((tx) => points.returnEscrowWithin(tx, { escrowAccountId: escrow, userIds: [user.id], reason: 'project_not_achieved' }))).toEqual([]);
    expect(await returnsOf(spendTransactionId)).toBe(1);
    expect((await lotsOf(user.id)).map((lot) => lot.remaining)).toEqual([200, 20]);

    // The bonus lot (valid 12 months) ends within 30 days of the next project's close: its share comes back as a new lot.
    t.clock.set(new Date(chargedAt + 340 * day));
    const { project: later } = await project();
    const late = await participate(user, later.id, 30);
    t.clock.set(closeAt(later));
    await t.services.participations.closeFundingDue();
    const lots = await lotsOf(user.id);
    // The purchased share goes back into its lot; the bonus share is a new bonus lot.
    expect(lots.map((lot) => [lot.kind, lot.remaining])).toEqual([['purchased', 200], ['bonus', 0], ['bonus', 20]]);
    const { rows } = await t.database.db.execute<{ kind: string; original: number; days: number }>(sql`
      select kind, original, floor(extract(epoch from expires_at - ${t.clock.now().toISOString()}::timestamptz) / 86400)::int as days
      from point_lots where user_id = ${user.id} and source_transaction_id = (select id from point_transactions where related_transaction_id = ${late.spendTransactionId} and type = 'return')`);
    expect(rows.map((row) => [row.kind, Number(row.original)])).toEqual([['bonus', 20]]);
    expect(Number(rows[0]!.days)).toBeGreaterThanOrEqual(30);
    await expectLedgerClean(t);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { withDatabase } from '../../test/global-setup.ts';
import { creditCharge, expectLedgerClean } from '../../test/points-fixtures.ts';
import { openPostgres, type Database } from '../db/client.ts';
import { createManualClock } from '../lib/clock.ts';
import { createPaymentsService } from '../modules/payments/payments.service.ts';
import { createIdempotency } from '../modules/idempotency/idempotency.service.ts';
import { createPointsService, ledgerKeysAppliedProbe } from '../modules/points/points.service.ts';
import { createScheduler, type SweepOutcome } from './scheduler.ts';
import { createSweeps, type Sweep } from './sweeps.ts';

/**
 * Two instances of the API on one PostgreSQL database: each its own connection pool, so only
 * pg_try_advisory_lock (not the in-process guard) decides who sweeps (this file runs on PostgreSQL only).
 */
const rounds = Number(process.env.ORCHARD_RACE_ROUNDS ?? 20);
const day = 86_400_000;
const silent = { info: () => {}, error: () => {} };

describe('two schedulers on PostgreSQL', () => {
  let t: TestContext;
  let second: Database;

  function instance(database: Database, clock: { now(): Date }): Sweep[] {
    const idempotency = createIdempotency({ db: database.db, clock, appliedOnLedger: ledgerKeysAppliedProbe });
    const points = createPointsService({ db: database.db, clock, idempotency });
    const payments = createPaymentsService({ db: database.db, clock, gateway: t.services.paymentGateway, points, idempotency, publicUrl: t.config.publicUrl, merchant: t.config.merchant });
    return createSweeps({ points, payments, auth: { deleteExpiredFlows: async () => {} }, sessions: { purgeExpired: async () => {} } });
  }

  beforeAll(async () => {
    t = await createTestContext();
    const { rows } = await t.database.db.execute<{ name: string }>(sql`select current_database() as name`);
    second = openPostgres(withDatabase(process.env.TEST_DATABASE_URL!, rows[0]!.name), 4);
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await second.close();
    await t.close();
  });

  it('while one instance holds a sweep the other skips it; afterwards the other gets it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const [expiryA] = instance(t.database, t.clock);
    const [expiryB] = instance(second, t.clock);
    const a = createScheduler({ database: t.database, sweeps: [{ ...expiryA!, run: async () => (entered(), await gate, expiryA!.run()) }], log: silent });
    const b = createScheduler({ database: second, sweeps: [expiryB!], log: silent });
    const first = a.runOnce();
    await inside;
    expect((await b.runOnce()).map((outcome) => outcome.status)).toEqual(['skipped']);
    release();
    expect((await first).map((outcome) => outcome.status)).toEqual(['ran']);
    expect((await b.runOnce()).map((outcome) => outcome.status)).toEqual(['ran']);
  });

  it(`${rounds} rounds of two instances sweeping at once: every expired lot expires exactly once`, async () => {
    const points = t.services.points;
    let ranBoth = 0;
    for (let round = 0; round < rounds; round++) {
      const start = new Date(Date.UTC(2026, 0, 1) + round * 400 * day);
      const users = await Promise.all(Array.from({ length: 3 }, () => t.createUser()));
      for (const user of users) await creditCharge(t.database.db, points, { userId: user.id, orange: 500, bonus: 15, paidAt: start });
      const later = createManualClock(new Date(start.getTime() + 6 * 366 * day));
      const [a, b] = await Promise.all([
        createScheduler({ database: t.database, sweeps: instance(t.database, later), log: silent }).runOnce(),
        createScheduler({ database: second, sweeps: instance(second, later), log: silent }).runOnce(),
      ]);
      const expiry = (outcomes: SweepOutcome[]) => outcomes.find((outcome) => outcome.sweep === 'points.expire-lots')!;
      const worked = [expiry(a), expiry(b)].filter((outcome) => outcome.status === 'ran');
      expect(worked.length).toBeGreaterThanOrEqual(1);
      if (worked.length === 2) ranBoth += 1; // one after the other: the second found nothing left
      const expired = worked.reduce((sum, outcome) => sum + (outcome.status === 'ran' ? (outcome.result as { expired: number }).expired : 0), 0);
      const ids = users.map((user) => user.id);
      const { rows } = await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from point_transactions where reason = 'expiry' and user_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
      );
      expect(Number(rows[0]!.n)).toBe(6);
      // Lots of earlier rounds expired earlier; this round's six were expired once, by one instance.
      expect(expired).toBeGreaterThanOrEqual(6);
    }
    console.log(`two schedulers: ${rounds} rounds, both ran in turn in ${ranBoth}, one skipped in ${rounds - ranBoth}`);
    await expectLedgerClean(t);
  }, 120_000);
});

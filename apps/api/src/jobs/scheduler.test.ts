import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { creditCharge, expectLedgerClean, transactionCount } from '../../test/points-fixtures.ts';
import { createScheduler, type SweepOutcome } from './scheduler.ts';
import type { Sweep } from './sweeps.ts';

const day = 86_400_000;

function memoryLog() {
  const errors: { object: object; message: string }[] = [];
  return { errors, info: () => {}, error: (object: object, message: string) => errors.push({ object, message }) };
}

const statuses = (outcomes: SweepOutcome[]) => Object.fromEntries(outcomes.map((outcome) => [outcome.sweep, outcome.status]));

describe('scheduler and sweeps', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  it('runs every sweep; a second pass at the same instant posts nothing; the reconciliation stays clean', async () => {
    const start = t.clock.now();
    const user = await t.createUser();
    const points = t.services.points;
    await creditCharge(t.database.db, points, { userId: user.id, orange: 1000, bonus: 50, paidAt: start });
    // Past the bonus lot's year and the purchased lot's five years, and every session's end.
    t.clock.set(new Date(start.getTime() + 6 * 366 * day));
    const scheduler = createScheduler({ database: t.database, sweeps: t.services.sweeps, log: memoryLog() });
    const first = await scheduler.runOnce();
    expect(statuses(first)).toEqual({
      'points.expire-lots': 'ran',
      'payments.repair-refunds': 'ran',
      'auth.delete-expired-flows': 'ran',
      'auth.purge-expired-sessions': 'ran',
      'payments.repair-guardian-refunds': 'ran',
      'projects.cancel-overdue-creations': 'ran',
      'projects.open-funding': 'ran',
      'projects.close-funding': 'ran',
      'projects.start-ads': 'ran',
      'projects.notice-overdue-proofs': 'ran',
      'support.purge-inquiry-images': 'ran',
      'support.purge-inquiries': 'ran',
      'notifications.expiring-points': 'ran',
      'notifications.closing-soon': 'ran',
      'notifications.purge-old': 'ran',
      'mail.drain-outbox': 'ran',
    });
    expect(first[0]).toMatchObject({ status: 'ran', result: { expired: 2 } });
    const expiries = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from point_transactions where user_id = ${user.id} and reason = 'expiry'`);
    expect(Number(expiries.rows[0]!.n)).toBe(2);
    expect((await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from sessions`)).rows[0]!.n).toBe(0);
    const before = await transactionCount(t.database.db);
    const second = await scheduler.runOnce();
    expect(second[0]).toMatchObject({ status: 'ran', result: { expired: 0 } });
    expect(await transactionCount(t.database.db)).toBe(before);
    expect((await points.balances(user.id)).orange.total).toBe(0);
    await expectLedgerClean(t);
    t.clock.set(start);
  });

  it('starts with a pass at once, logs a failing sweep without stopping the others, and stops cleanly', async () => {
    const log = memoryLog();
    let calls = 0;
    const failing: Sweep = {
      name: 'test.failing',
      lockKey: 900,
      run: async () => {
        calls += 1;
        throw new Error('database went away');
      },
    };
    const scheduler = createScheduler({ database: t.database, sweeps: [failing, ...t.services.sweeps], log, intervalMs: 5 });
    scheduler.start();
    await scheduler.idle();
    expect(calls).toBeGreaterThanOrEqual(1);
    expect(log.errors[0]).toMatchObject({ object: { sweep: 'test.failing' } });
    // The lock of a failed sweep was released: the next pass (a few ms later) runs it again.
    await expect.poll(() => calls, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    await scheduler.stop();
    const after = calls;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toBe(after);
    // The other sweeps ran in every pass despite the failure.
    expect(statuses(await createScheduler({ database: t.database, sweeps: t.services.sweeps, log }).runOnce())['points.expire-lots']).toBe('ran');
  });

  it('stops a sweep between two of its items at shutdown; the items left are the next pass\'s (decision 084)', async () => {
    const start = t.clock.now();
    const users = [await t.createUser(), await t.createUser(), await t.createUser()];
    for (const user of users) await creditCharge(t.database.db, t.services.points, { userId: user.id, orange: 100, bonus: 0, paidAt: start });
    t.clock.set(new Date(start.getTime() + 6 * 366 * day));
    const expiry = t.services.sweeps.find((sweep) => sweep.name === 'points.expire-lots')!;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    // A sweep of items (as every sweep is) that the shutdown reaches in the middle of its second item.
    const handled: number[] = [];
    const items: Sweep = {
      name: 'test.items',
      lockKey: 901,
      run: async (stop) => {
        for (const item of [1, 2, 3, 4]) {
          if (stop?.aborted) break;
          if (item === 2) {
            entered();
            await gate;
          }
          handled.push(item);
        }
      },
    };
    const scheduler = createScheduler({ database: t.database, sweeps: [items, expiry], log: memoryLog(), intervalMs: 60_000 });
    scheduler.start();
    await inside;
    const stopped = scheduler.stop();
    release();
    await stopped;
    expect(handled).toEqual([1, 2]);

    // The expiry sweep itself: stopped before its first user, it expires nobody; the next run all.
    const aborted = new AbortController();
    aborted.abort();
    expect(await expiry.run(aborted.signal)).toEqual({ expired: 0 });
    expect(await expiry.run()).toEqual({ expired: 3 });
    t.clock.set(start);
  });

  it('lets one of two schedulers work a sweep at a time, on PGlite too', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const [expiry] = t.services.sweeps;
    const held: Sweep = { ...expiry!, run: async () => (entered(), await gate, expiry!.run()) };
    const a = createScheduler({ database: t.database, sweeps: [held], log: memoryLog() });
    const b = createScheduler({ database: t.database, sweeps: [expiry!], log: memoryLog() });
    const first = a.runOnce();
    await inside;
    expect(statuses(await b.runOnce())).toEqual({ 'points.expire-lots': 'skipped' });
    release();
    expect(statuses(await first)).toEqual({ 'points.expire-lots': 'ran' });
    // Released afterwards: b gets it now.
    expect(statuses(await b.runOnce())).toEqual({ 'points.expire-lots': 'ran' });
  });
});

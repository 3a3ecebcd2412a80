import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry, Statement, StatementTotals } from '@orchard/shared';
import { kstYearOf } from '@orchard/shared/receipt-rules';
import { createTestContext, errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { charge, createBareEscrowAccount, creditCharge, expectLedgerClean, idempotencyKey } from '../../../test/points-fixtures.ts';
import { users } from '../users/users.table.ts';
import { statementTotalsOf } from './points.statement.ts';

/** An instant given as KST wall time. */
const kst = (wall: string) => new Date(`${wall}+09:00`);

const zero: StatementTotals = { chargedKrw: 0, refundedKrw: 0, spentOrange: 0, returnedOrange: 0, exchangedOrange: 0, expiredOrange: 0, spentBerry: 0, returnedBerry: 0, expiredBerry: 0 };

describe('the statement’s totals, pure', () => {
  it('adds money charged and refunded (net of a reversal), and spends, returns, exchanges and expiries per currency', () => {
    const entry = (currency: 'orange' | 'berry', type: HistoryEntry['type'], reason: HistoryEntry['reason'], amount: number, amountKrw: number | null = null) => ({ currency, type, reason, amount, amountKrw });
    expect(
      statementTotalsOf([
        entry('orange', 'charge', 'point_charge', 1_000, 100_000),
        entry('orange', 'bonus', 'bonus_from_charge', 50),
        entry('orange', 'refund', 'refund_of_charge', -1_050, -100_000),
        entry('orange', 'refund', 'refund_reversed', 1_050, 100_000),
        entry('orange', 'refund', 'guardian_refund', -300, -30_000),
        entry('orange', 'spend', 'project_participation', -200),
        entry('orange', 'return', 'project_not_achieved', 120),
        entry('orange', 'spend', 'exchange', -10),
        entry('berry', 'exchange', 'exchange', 130),
        entry('berry', 'spend', 'event_participation', -26),
        entry('berry', 'return', 'event_not_achieved', 13),
        entry('orange', 'spend', 'expiry', -7),
        entry('berry', 'spend', 'expiry', -4),
        entry('orange', 'spend', 'account_deleted', -99),
      ]),
    ).toEqual({ chargedKrw: 100_000, refundedKrw: 30_000, spentOrange: 200, returnedOrange: 120, exchangedOrange: 10, expiredOrange: 7, spentBerry: 26, returnedBerry: 13, expiredBerry: 4 });
    expect(statementTotalsOf([])).toEqual(zero);
  });
});

describe('GET /api/points/statement', () => {
  let t: TestContext;
  let fan: TestUser;
  let refundedChargeId: string;

  const statementOf = (query: string, user: TestUser = fan) => t.request({ url: `/api/points/statement${query}`, cookie: user.cookie });

  /** Every entry of the history endpoint, both currencies, all pages. */
  async function history(): Promise<HistoryEntry[]> {
    const entries: HistoryEntry[] = [];
    for (const currency of ['orange', 'berry']) {
      let cursor: string | null = null;
      do {
        const response = await t.request({ url: `/api/points/history?currency=${currency}&tab=all&limit=50${cursor ? `&cursor=${cursor}` : ''}`, cookie: fan.cookie });
        const page = response.json() as { items: HistoryEntry[]; nextCursor: string | null };
        entries.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
    }
    return entries;
  }

  /** The same totals as the history screen's entries tell them, computed here on their own. */
  function totalsFromHistory(entries: HistoryEntry[]): StatementTotals {
    const totals = { ...zero };
    const sum = (currency: 'orange' | 'berry', test: (entry: HistoryEntry) => boolean) =>
      entries.filter((entry) => entry.currency === currency && test(entry)).reduce((total, entry) => total + entry.amount, 0);
    totals.chargedKrw = entries.filter((entry) => entry.reason === 'point_charge').reduce((total, entry) => total + entry.payment!.amountKrw, 0);
    totals.refundedKrw = entries.filter((entry) => entry.reason === 'refund_of_charge').reduce((total, entry) => total + entry.payment!.amountKrw, 0);
    totals.spentOrange = 0 - sum('orange', (entry) => entry.reason === 'project_participation' || entry.reason === 'event_participation');
    totals.spentBerry = 0 - sum('berry', (entry) => entry.reason === 'project_participation' || entry.reason === 'event_participation');
    totals.returnedOrange = sum('orange', (entry) => entry.type === 'return');
    totals.returnedBerry = sum('berry', (entry) => entry.type === 'return');
    totals.exchangedOrange = 0 - sum('orange', (entry) => entry.reason === 'exchange');
    totals.expiredOrange = 0 - sum('orange', (entry) => entry.reason === 'expiry');
    totals.expiredBerry = 0 - sum('berry', (entry) => entry.reason === 'expiry');
    return totals;
  }

  beforeAll(async () => {
    t = await createTestContext({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000' } });
    fan = await t.createUser();
    await t.database.db.update(users).set({ createdAt: kst('2025-01-01T10:00:00'), language: 'ko' }).where(eq(users.id, fan.id));
    const { db } = t.database;
    const points = t.services.points;
    // 2025: a charge whose bonus ends in 2026 (1 year), so 2026 has an expiry.
    await creditCharge(db, points, { userId: fan.id, orange: 100, bonus: 7, paidAt: kst('2025-01-15T09:00:00') });
    // That bonus ends with 15 January 2026: the sweep takes it.
    t.clock.set(kst('2026-01-20T01:00:00'));
    await points.sweepExpiredLots();
    // 2026: a charge through the gateway, refunded whole within the 7 days.
    t.clock.set(kst('2026-02-01T10:00:00'));
    refundedChargeId = await charge(t, fan, 'orange-1000');
    t.clock.set(kst('2026-02-02T10:00:00'));
    const refund = await t.request({ method: 'POST', url: `/api/points/charges/${refundedChargeId}/refund`, cookie: fan.cookie, headers: { 'idempotency-key': idempotencyKey() }, payload: {} });
    expect(refund.json()).toMatchObject({ status: 'refunded' });
    await creditCharge(db, points, { userId: fan.id, orange: 500, bonus: 15, paidAt: kst('2026-03-01T12:00:00') });
    // A project's spend and its return, and another spend that stays.
    const orangeEscrow = await createBareEscrowAccount(db, 'orange');
    const spend = (currency: 'orange' | 'berry', escrowAccountId: number, amount: number, reason: 'project_participation' | 'event_participation') =>
      db.transaction(async (tx) => {
        await points.lockWalletsWithin(tx, [fan.id]);
        await points.spendManyWithin(tx, [{ userId: fan.id, currency, amount, escrowAccountId, reason, idempotencyKey: idempotencyKey() }]);
      });
    t.clock.set(kst('2026-04-01T12:00:00'));
    await spend('orange', orangeEscrow, 200, 'project_participation');
    t.clock.set(kst('2026-04-10T12:00:00'));
    await db.transaction((tx) => points.returnEscrowWithin(tx, { escrowAccountId: orangeEscrow, userIds: [fan.id], reason: 'project_not_achieved' }));
    await spend('orange', await createBareEscrowAccount(db, 'orange'), 100, 'project_participation');
    // An exchange, then Berry into an event.
    t.clock.set(kst('2026-05-01T12:00:00'));
    const exchanged = await t.request({ method: 'POST', url: '/api/points/exchange', cookie: fan.cookie, headers: { 'idempotency-key': idempotencyKey() }, payload: { orange: 50 } });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    await spend('berry', await createBareEscrowAccount(db, 'berry'), 130, 'event_participation');
    // The year's edge: the last millisecond of 2026 in KST, and its first of 2027.
    await creditCharge(db, points, { userId: fan.id, orange: 100, paidAt: new Date('2026-12-31T14:59:59.999Z') });
    await creditCharge(db, points, { userId: fan.id, orange: 300, paidAt: new Date('2026-12-31T15:00:00.000Z') });
    t.clock.set(kst('2027-01-05T12:00:00'));
    // Sessions follow the clock too: a fresh one for the reads of 2027.
    const { token } = await t.services.sessions.create(fan.id, 'dev');
    fan = { ...fan, token, cookie: `${t.config.session.cookieName}=${token}` };
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  it('lists one KST year’s entries with totals that agree with the point history of that year', async () => {
    const all = await history();
    for (const year of [2025, 2026, 2027]) {
      const response = await statementOf(`?year=${year}`);
      expect(response.statusCode, response.body).toBe(200);
      const statement = response.json() as Statement;
      const ofYear = all.filter((entry) => kstYearOf(new Date(entry.date)) === year);
      expect(statement.year).toBe(year);
      expect(statement.entries.map((entry) => entry.transactionId).sort()).toEqual(ofYear.map((entry) => entry.transactionId).sort());
      expect(statement.totals, String(year)).toEqual(totalsFromHistory(ofYear));
    }
    const { totals, entries } = (await statementOf('?year=2026&format=json')).json() as Statement;
    expect(totals).toEqual({ chargedKrw: 100_000 + 50_000 + 10_000, refundedKrw: 100_000, spentOrange: 300, returnedOrange: 200, exchangedOrange: 50, expiredOrange: 7, spentBerry: 130, returnedBerry: 0, expiredBerry: 0 });
    // Oldest first; the charge carries its money and its charge, the refund its money back.
    expect(entries.map((entry) => entry.date)).toEqual([...entries.map((entry) => entry.date)].sort());
    expect(entries.find((entry) => entry.reason === 'refund_of_charge')).toMatchObject({ amountKrw: -100_000, chargeId: refundedChargeId });
    expect(entries.find((entry) => entry.reason === 'point_charge')).toMatchObject({ amountKrw: 100_000, chargeId: refundedChargeId });
  });

  it('cuts the year at 00:00 KST: 2026-12-31T14:59:59.999Z is 2026, 2026-12-31T15:00Z is 2027', async () => {
    const last2026 = ((await statementOf('?year=2026')).json() as Statement).entries.at(-1)!;
    expect(last2026).toMatchObject({ date: '2026-12-31T14:59:59.999Z', reason: 'point_charge', amountKrw: 10_000 });
    const first2027 = ((await statementOf('?year=2027')).json() as Statement).entries[0]!;
    expect(first2027).toMatchObject({ date: '2026-12-31T15:00:00.000Z', reason: 'point_charge', amountKrw: 30_000 });
  });

  it('answers a year before the account or after this one empty, and refuses a malformed year or format with 400', async () => {
    for (const year of [2024, 2028, 1970, 9999]) {
      const response = await statementOf(`?year=${year}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ year, entries: [], totals: zero, firstYear: 2025 });
    }
    for (const query of ['?year=20x6', '?year=99999', '', '?year=2026.5', '?year=', '?year=-2026', '?year=2026&format=xml', '?year=2026&format=', '?year=2026&other=1', '?year=2026&year=2027', '?year=%00']) {
      const response = await statementOf(query);
      expect(response.statusCode, query).toBe(400);
      expect(errorCode(response), query).toBe('validation.invalid');
    }
    expect((await t.request({ url: '/api/points/statement?year=2026' })).statusCode).toBe(401);
  });

  it('downloads the year as CSV: a BOM, the header in the user’s language, a row per entry', async () => {
    const response = await statementOf('?year=2026&format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="orchard-statement-2026.csv"');
    const body = response.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines[0]).toBe('일시 (한국 시간),포인트,내용,프로젝트,포인트 증감,결제 금액 (원),영수증 번호');
    const statement = (await statementOf('?year=2026')).json() as Statement;
    expect(lines.filter((line) => line !== '')).toHaveLength(statement.entries.length + 1);
    expect(lines).toContain(`2026-02-01 10:00,오렌지,포인트 충전,,1000,100000,OR-2026-${String(statement.entries.find((entry) => entry.reason === 'point_charge')!.transactionId).padStart(8, '0')}`);
    expect(lines.some((line) => line.startsWith('2026-02-02 10:00,오렌지,충전 환불,,-1050,-100000,'))).toBe(true);
    await t.database.db.execute(sql`update users set language = 'ja' where id = ${fan.id}`);
    const japanese = (await statementOf('?year=2026&format=csv')).rawPayload.toString('utf8');
    expect(japanese.slice(1).split('\r\n')[0]).toBe('日時（韓国時間）,ポイント,内容,プロジェクト,ポイント増減,金額（ウォン）,領収書番号');
    await t.database.db.execute(sql`update users set language = 'ko' where id = ${fan.id}`);
  });

  it('shows another fan only their own entries', async () => {
    const other = await t.createUser();
    expect(((await statementOf('?year=2026', other)).json() as Statement).entries).toEqual([]);
  });
});

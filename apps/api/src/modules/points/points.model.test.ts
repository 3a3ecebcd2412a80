import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargePackages, type Project } from '@orchard/shared';
import type { TestContext } from '../../../test/harness.ts';
import { creditCharge, escrowBalance, expectLedgerClean, idempotencyKey, transactionCount } from '../../../test/points-fixtures.ts';
import { closeWithCleanLedger, eventBody, fundingProject, postEvent, projectRow, projectsTestContext, spendOfParticipation, validRequestBody } from '../../../test/projects-kit.ts';
import { AppError } from '../../lib/errors.ts';
import { allocateSpend, type Allocation, type SpendPlan } from '../../lib/points/rules.ts';
import { createLedgerRepository } from './ledger.repository.ts';
import type { PointsService } from './points.service.ts';

/**
 * docs/quality.md#r5: a model-based test. Random charges, participations (into a funding project
 * for Orange and an event for Berry, through the participations service as the route calls it),
 * exchanges, refunds, expiry sweeps, returns and clock moves run against the real services on
 * PGlite and against the small pure reference model below, which restates docs/product.md#points and
 * decision 005 on its own (no code shared with lib/points/rules.ts). After every command the
 * lots, balances, wallet and escrow must agree with the model.
 *
 * Seen red (decision 068) against a participation's spend taking a kind's lots latest expiry
 * first: shrunk to two charges 30 days apart and a participation of 10.
 *
 * Replay a failure with ORCHARD_FUZZ_SEED=<seed printed below>; ORCHARD_FUZZ_RUNS changes the run count.
 */
const runs = Number(process.env.ORCHARD_FUZZ_RUNS ?? 1000);
const seed = process.env.ORCHARD_FUZZ_SEED ? Number(process.env.ORCHARD_FUZZ_SEED) : Math.floor(Math.random() * 0x7fffffff);

const hour = 3_600_000;
const day = 24 * hour;
const year = 365 * day;
const kstOffset = 9 * hour;
const baseStart = Date.parse('2026-01-01T00:00:00Z');

type Currency = 'orange' | 'berry';
type Kind = 'purchased' | 'bonus';

// ---- The reference model -------------------------------------------------------------------

type ModelLot = { currency: Currency; kind: Kind; original: number; remaining: number; expiresAt: number };
type ModelCharge = { paidAt: number; lots: number[]; refunded: boolean };
type ModelParticipation = { currency: Currency; taken: { lot: number; amount: number }[]; returned: boolean };
type Model = {
  start: number;
  now: number;
  lots: ModelLot[];
  charges: ModelCharge[];
  participations: ModelParticipation[];
  escrow: Record<Currency, number>;
};

/** Last instant (23:59:59.999 KST) of the day before the KST date `months` after `at` (clamped to the month's end). */
function validUntil(at: number, months: number): number {
  const kst = new Date(at + kstOffset);
  const monthIndex = kst.getUTCFullYear() * 12 + kst.getUTCMonth() + months;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = monthIndex % 12;
  const lastDayOfMonth = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  // Midnight KST starting the clamped same-day-N-months-later, minus one millisecond.
  return Date.UTC(targetYear, targetMonth, Math.min(kst.getUTCDate(), lastDayOfMonth)) - kstOffset - 1;
}

/** Last instant of the KST day 30 days after `at` (the return guarantee). */
function guaranteedUntil(at: number): number {
  const kst = new Date(at + kstOffset);
  return Date.UTC(kst.getUTCFullYear(), kst.getUTCMonth(), kst.getUTCDate() + 31) - kstOffset - 1;
}

const validityMonths: Record<Currency, Record<Kind, number>> = { orange: { purchased: 60, bonus: 12 }, berry: { purchased: 12, bonus: 6 } };

/** Bonus before purchased, soonest expiry first, then the older lot; never an expired or empty lot. */
function modelAllocate(model: Model, currency: Currency, amount: number): { lot: number; amount: number }[] | null {
  const usable = model.lots
    .map((lot, index) => ({ lot, index }))
    .filter(({ lot }) => lot.currency === currency && lot.remaining > 0 && model.now <= lot.expiresAt)
    .sort((a, b) => (a.lot.kind === b.lot.kind ? a.lot.expiresAt - b.lot.expiresAt || a.index - b.index : a.lot.kind === 'bonus' ? -1 : 1));
  if (usable.reduce((sum, { lot }) => sum + lot.remaining, 0) < amount) return null;
  const taken: { lot: number; amount: number }[] = [];
  let left = amount;
  for (const { lot, index } of usable) {
    if (left === 0) break;
    const take = Math.min(left, lot.remaining);
    taken.push({ lot: index, amount: take });
    left -= take;
  }
  return taken;
}

function modelDebit(model: Model, taken: { lot: number; amount: number }[]) {
  for (const leg of taken) model.lots[leg.lot]!.remaining -= leg.amount;
}

function newLot(model: Model, currency: Currency, kind: Kind, amount: number, expiresAt: number) {
  model.lots.push({ currency, kind, original: amount, remaining: amount, expiresAt });
  return model.lots.length - 1;
}

// ---- The system under test -------------------------------------------------------------------

type Real = {
  t: TestContext;
  points: PointsService;
  user: { id: string };
  /** The project each currency's participations go into, and its escrow account. */
  projectIds: Record<Currency, number>;
  escrow: Record<Currency, number>;
  paymentIds: string[];
  spendIds: number[];
  /** Database lot ids in creation order, refreshed after every command (model lot i ↔ lotIds[i]). */
  lotIds: number[];
};

type Cmd = fc.AsyncCommand<Model, Real>;

let checksDone = 0;
/** What the runs exercised, printed at the end so a weak generator shows. */
const seen: Record<string, number> = {};
const note = (what: string) => (seen[what] = (seen[what] ?? 0) + 1);

const codeOf = (error: unknown) => (error instanceof AppError ? error.code : `crash: ${String(error)}`);

async function attempt<T>(work: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; code: string }> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, code: codeOf(error) };
  }
}

/** The invariants after every command: every lot, the balances, the wallet and the escrow as the model says. */
async function agree(model: Model, real: Real) {
  checksDone += 1;
  const { rows } = await real.t.database.db.execute<{ lots: unknown; wallet: unknown; escrow: unknown }>(sql`
    select
      (select coalesce(json_agg(json_build_object('id', id, 'currency', currency, 'kind', kind, 'original', original, 'remaining', remaining,
        'expiresAt', (extract(epoch from expires_at) * 1000)::float8) order by id), '[]'::json) from point_lots where user_id = ${real.user.id}) as lots,
      (select json_build_object('op', orange_purchased, 'ob', orange_bonus, 'bp', berry_purchased, 'bb', berry_bonus) from point_wallets where user_id = ${real.user.id}) as wallet,
      (select json_object_agg(e.currency, (select coalesce(sum(p.amount), 0) from point_postings p where p.escrow_account_id = e.id))
        from point_escrow_accounts e where e.id in (${real.escrow.orange}, ${real.escrow.berry})) as escrow`);
  const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
  const lots = parse(rows[0]!.lots) as (ModelLot & { id: number })[];
  real.lotIds = lots.map((lot) => Number(lot.id));
  expect(lots.map(({ id: _id, ...lot }) => ({ ...lot, original: Number(lot.original), remaining: Number(lot.remaining), expiresAt: Number(lot.expiresAt) }))).toEqual(model.lots);

  const sum = (currency: Currency, kind: Kind, live: boolean) =>
    model.lots.filter((lot) => lot.currency === currency && lot.kind === kind && (!live || model.now <= lot.expiresAt)).reduce((total, lot) => total + lot.remaining, 0);
  const wallet = parse(rows[0]!.wallet) as Record<'op' | 'ob' | 'bp' | 'bb', number> | null;
  // The cached balances count what the lots hold, expired-but-not-yet-swept included (docs/architecture.md#ledger).
  expect(wallet ?? { op: 0, ob: 0, bp: 0, bb: 0 }).toEqual({ op: sum('orange', 'purchased', false), ob: sum('orange', 'bonus', false), bp: sum('berry', 'purchased', false), bb: sum('berry', 'bonus', false) });
  expect(parse(rows[0]!.escrow)).toEqual(model.escrow);

  const balances = await real.points.balances(real.user.id);
  for (const currency of ['orange', 'berry'] as const) {
    const purchased = sum(currency, 'purchased', true);
    const bonus = sum(currency, 'bonus', true);
    expect(balances[currency]).toMatchObject({ purchased, bonus, total: purchased + bonus });
  }
}

/**
 * decision 011: the spend's allocation is made in SQL; the pure rule `allocateSpend` stays the
 * reference it must match, on the lots as they were before the command (they equal the model's).
 */
function referencePlan(model: Model, real: Real, currency: Currency, amount: number): SpendPlan {
  const lots = model.lots
    .map((lot, index) => ({ lot, id: real.lotIds[index]! }))
    .filter(({ lot }) => lot.currency === currency)
    .map(({ lot, id }) => ({ id, kind: lot.kind, remaining: lot.remaining, expiresAt: new Date(lot.expiresAt) }));
  return allocateSpend(lots, amount, new Date(model.now));
}

const byLot = <Leg extends { lotId: number }>(legs: readonly Leg[]) => [...legs].sort((a, b) => a.lotId - b.lotId);

/**
 * A spend's allocations, as its postings hold them (lot by lot: a ledger entry's legs have no
 * order): the model's, and none from an expired lot; the model's own are in spending order.
 */
function expectAllocations(model: Model, real: Real, actual: Allocation[], expected: { lot: number; amount: number }[]) {
  const inLotOrder = (legs: { lot: number; amount: number }[]) => [...legs].sort((a, b) => a.lot - b.lot);
  expect(inLotOrder(actual.map((leg) => ({ lot: real.lotIds.indexOf(leg.lotId), amount: leg.amount })))).toEqual(inLotOrder(expected));
  const lots = expected.map((leg) => model.lots[leg.lot]!);
  for (const lot of lots) expect(model.now <= lot.expiresAt, 'spent from an expired lot').toBe(true);
  for (let i = 1; i < lots.length; i++) {
    const [before, after] = [lots[i - 1]!, lots[i]!];
    // Bonus first, then soonest expiry (ties: the older lot).
    expect(before.kind === 'bonus' || after.kind === 'purchased', 'purchased before bonus').toBe(true);
    if (before.kind === after.kind) expect(before.expiresAt <= after.expiresAt, 'later expiry first').toBe(true);
  }
}

// ---- Commands ----------------------------------------------------------------------------------

class Charge implements Cmd {
  constructor(readonly packageIndex: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const chargePackage = chargePackages[this.packageIndex]!;
    real.paymentIds.push(
      await creditCharge(real.t.database.db, real.points, { userId: real.user.id, orange: chargePackage.orange, bonus: chargePackage.bonusOrange, paidAt: new Date(model.now) }),
    );
    const lots = [newLot(model, 'orange', 'purchased', chargePackage.orange, validUntil(model.now, validityMonths.orange.purchased))];
    if (chargePackage.bonusOrange > 0) lots.push(newLot(model, 'orange', 'bonus', chargePackage.bonusOrange, validUntil(model.now, validityMonths.orange.bonus)));
    model.charges.push({ paidAt: model.now, lots, refunded: false });
    await agree(model, real);
  }
  toString = () => `charge(${chargePackages[this.packageIndex]!.id})`;
}

class Participate implements Cmd {
  constructor(readonly currency: Currency, readonly amount: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const reference = referencePlan(model, real, this.currency, this.amount);
    const result = await attempt(async () => {
      const key = { userId: real.user.id, key: idempotencyKey(), hash: 'model' };
      const { participation } = await real.t.services.participations.participate(key, real.projectIds[this.currency], this.amount, 'en');
      const spendTransactionId = await spendOfParticipation(real.t, participation.id);
      return { spendTransactionId, allocations: await createLedgerRepository({ db: real.t.database.db }).allocationsOf(spendTransactionId) };
    });
    const taken = modelAllocate(model, this.currency, this.amount);
    note(taken ? `participation ${this.currency}` : 'participation refused');
    expect(reference.ok).toBe(taken !== null);
    if (!taken) {
      expect(result).toEqual({ ok: false, code: 'points.insufficient' });
    } else {
      expect(result.ok, JSON.stringify(result)).toBe(true);
      const { spendTransactionId, allocations } = (result as { value: { spendTransactionId: number; allocations: Allocation[] } }).value;
      const legs = byLot(allocations).map(({ lotId, kind, amount }) => ({ lotId, kind, amount }));
      expect(legs).toEqual(byLot((reference as { allocations: Allocation[] }).allocations));
      expectAllocations(model, real, legs, taken);
      modelDebit(model, taken);
      model.escrow[this.currency] += this.amount;
      model.participations.push({ currency: this.currency, taken, returned: false });
      real.spendIds.push(spendTransactionId);
    }
    await agree(model, real);
  }
  toString = () => `participate(${this.currency} ${this.amount})`;
}

class Exchange implements Cmd {
  constructor(readonly orange: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const reference = referencePlan(model, real, 'orange', this.orange);
    const result = await attempt(async () => (await real.points.exchange({ userId: real.user.id, orange: this.orange, key: randomUUID(), requestHash: 'model' })).value);
    const taken = modelAllocate(model, 'orange', this.orange);
    note(taken ? 'exchange' : 'exchange refused');
    expect(reference.ok).toBe(taken !== null);
    if (!taken) {
      expect(result).toEqual({ ok: false, code: 'points.insufficient' });
    } else {
      expect(result.ok, JSON.stringify(result)).toBe(true);
      modelDebit(model, taken);
      // 1 : 13, each Berry lot keeping the kind of the Orange it came from (bonus Berry: 6 months).
      for (const kind of ['bonus', 'purchased'] as const) {
        const orange = taken.filter((leg) => model.lots[leg.lot]!.kind === kind).reduce((sum, leg) => sum + leg.amount, 0);
        if (orange > 0) newLot(model, 'berry', kind, orange * 13, validUntil(model.now, validityMonths.berry[kind]));
      }
    }
    await agree(model, real);
  }
  toString = () => `exchange(${this.orange})`;
}

class Refund implements Cmd {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.charges.length > 0;
  async run(model: Model, real: Real) {
    const index = this.pick % model.charges.length;
    const charge = model.charges[index]!;
    const result = await attempt(() => real.t.database.db.transaction((tx) => real.t.services.payments.beginRefundWithin(tx, real.user.id, real.paymentIds[index]!)));
    // A whole, untouched charge within 7 × 24 h (inclusive); a repeated request answers the refund in progress.
    const expected = charge.refunded
      ? null
      : model.now - charge.paidAt > 7 * day
        ? 'points.refund_window_passed'
        : charge.lots.some((lot) => model.lots[lot]!.remaining !== model.lots[lot]!.original)
          ? 'points.refund_points_used'
          : null;
    note(`refund ${charge.refunded ? 'repeated' : (expected ?? 'accepted')}${Math.abs(model.now - charge.paidAt - 7 * day) <= 1000 ? ' at the 7-day edge' : ''}`);
    expect(result.ok ? null : result.code, `refund ${model.now - charge.paidAt - 7 * day} ms after the window`).toBe(expected);
    if (expected === null && !charge.refunded) {
      for (const lot of charge.lots) model.lots[lot]!.remaining = 0;
      charge.refunded = true;
    }
    await agree(model, real);
  }
  toString = () => `refund(#${this.pick})`;
}

class Sweep implements Cmd {
  check = () => true;
  async run(model: Model, real: Real) {
    const first = await real.points.sweepExpiredLots();
    const due = model.lots.filter((lot) => lot.remaining > 0 && lot.expiresAt < model.now);
    // The sweep is global: lots of earlier runs' users may expire too. This user's lots are checked in agree().
    expect(first.expired).toBeGreaterThanOrEqual(due.length);
    if (due.length > 0) note('sweep expiring lots');
    for (const lot of due) lot.remaining = 0;
    // A second sweep at the same instant posts nothing.
    const before = await transactionCount(real.t.database.db);
    expect((await real.points.sweepExpiredLots()).expired).toBe(0);
    expect(await transactionCount(real.t.database.db)).toBe(before);
    await agree(model, real);
  }
  toString = () => 'sweep';
}

/**
 * A project's close gives back the user's participations in its escrow that are not returned yet,
 * all at once (decision 066): those of the picked participation's currency here.
 */
class Return implements Cmd {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.participations.length > 0;
  async run(model: Model, real: Real) {
    const { currency } = model.participations[this.pick % model.participations.length]!;
    const result = await real.t.database.db.transaction((tx) =>
      real.points.returnEscrowWithin(tx, { escrowAccountId: real.escrow[currency], userIds: [real.user.id], reason: 'project_not_achieved' }),
    );
    const due = model.participations.filter((participation) => participation.currency === currency && !participation.returned);
    const amountOf = (participation: ModelParticipation) => participation.taken.reduce((sum, leg) => sum + leg.amount, 0);
    expect(result).toEqual(due.length === 0 ? [] : [{ userId: real.user.id, returns: due.length, amount: due.reduce((sum, participation) => sum + amountOf(participation), 0) }]);
    if (due.length === 0) note('return with nothing left');
    if (due.length > 1) note('return of several participations');
    for (const participation of due) {
      // Back to the very lots, unless a lot ends within the 30-day guarantee: then a new lot of its kind.
      const until = guaranteedUntil(model.now);
      const recredit = new Map<Kind, number>();
      for (const leg of [...participation.taken].sort((a, b) => a.lot - b.lot)) {
        const lot = model.lots[leg.lot]!;
        if (lot.expiresAt < until) recredit.set(lot.kind, (recredit.get(lot.kind) ?? 0) + leg.amount);
        else lot.remaining += leg.amount;
      }
      note(recredit.size > 0 ? 'return with re-credit' : 'return to its lots');
      for (const [kind, amount] of recredit) newLot(model, participation.currency, kind, amount, until);
      model.escrow[participation.currency] -= amountOf(participation);
      participation.returned = true;
    }
    await agree(model, real);
  }
  toString = () => `return(#${this.pick})`;
}

class MoveClock implements Cmd {
  constructor(readonly by: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    model.now += this.by;
    real.t.clock.set(new Date(model.now));
    await agree(model, real);
  }
  toString = () => `clock +${(this.by / day).toFixed(3)} d`;
}

/** To an edge that decides money: a charge's 7-day refund window or a lot's last instant, ± a little. */
class MoveToEdge implements Cmd {
  constructor(readonly edge: 'refund' | 'lot', readonly pick: number, readonly offset: number) {}
  target(model: Readonly<Model>): number | null {
    if (this.edge === 'refund') {
      if (model.charges.length === 0) return null;
      return model.charges[this.pick % model.charges.length]!.paidAt + 7 * day + this.offset;
    }
    if (model.lots.length === 0) return null;
    return model.lots[this.pick % model.lots.length]!.expiresAt + this.offset;
  }
  check = (model: Readonly<Model>) => {
    const target = this.target(model);
    return target !== null && target > model.now;
  };
  async run(model: Model, real: Real) {
    model.now = this.target(model)!;
    real.t.clock.set(new Date(model.now));
    await agree(model, real);
  }
  toString = () => `clock to ${this.edge} edge #${this.pick} ${this.offset >= 0 ? '+' : ''}${this.offset} ms`;
}

const packageIndex = fc.integer({ min: 0, max: chargePackages.length - 1 });
// Amounts mostly within what a run holds (a few hundred Orange, thousands of Berry), sometimes beyond it.
// A participation is whole units of the project's minimum unit (10, the least a creator may choose).
const participationAmount = fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 150 }), fc.integer({ min: 1, max: 600 })).map((units) => units * 10);
const commands = [
  packageIndex.map((index) => new Charge(index)),
  fc.tuple(fc.constantFrom<Currency>('orange', 'berry'), participationAmount).map(([currency, amount]) => new Participate(currency, amount)),
  fc.tuple(fc.constantFrom<Currency>('orange', 'berry'), participationAmount).map(([currency, amount]) => new Participate(currency, amount)),
  fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 600 })).map((orange) => new Exchange(orange)),
  fc.nat().map((pick) => new Refund(pick)),
  fc.constant(new Sweep()),
  fc.nat().map((pick) => new Return(pick)),
  fc.nat().map((pick) => new Return(pick)),
  fc.oneof(
    fc.integer({ min: 1, max: 48 * hour }),
    fc.integer({ min: 1, max: 90 }).map((days) => days * day),
    fc.integer({ min: 30, max: 400 }).map((days) => days * day),
    fc.integer({ min: 1, max: 6 }).map((years) => years * year),
  ).map((by) => new MoveClock(by)),
  fc.tuple(fc.constantFrom<'refund' | 'lot'>('refund', 'lot'), fc.nat(), fc.constantFrom(-1000, -1, 0, 1, 1000)).map(([edge, pick, offset]) => new MoveToEdge(edge, pick, offset)),
];

describe('points ledger against a reference model (docs/quality.md#r5)', () => {
  let t: TestContext;
  let projectIds: Record<Currency, number>;
  let escrow: Record<Currency, number>;

  beforeAll(async () => {
    const context = await projectsTestContext({ longSessions: true });
    t = context.t;
    const project = await fundingProject(t, await t.createUser(), context.operator, { ...(await validRequestBody(t, context.artistId)), purpose: 'ongoing' });
    const created = await postEvent(t, context.operator, await eventBody(t, context.artistId, { purpose: 'ongoing' }));
    expect(created.statusCode, created.body).toBe(201);
    const event = (created.json() as { project: Project }).project;
    projectIds = { orange: project.id, berry: event.id };
    // The runs' clocks cross years: both stay open for funding, and their per-fan limit above what a
    // run can hold, so a participation is refused only for points (the project's own rules are
    // participations.test.ts's).
    await t.database.db.execute(sql`
      update projects set funding_end_date = '2099-12-30', ad_start_date = '2099-12-31', ad_end_date = '2100-01-30', goal = 10000000
      where id in (${project.id}, ${event.id})`);
    escrow = { orange: Number((await projectRow(t, project.id)).escrow_account_id), berry: Number((await projectRow(t, event.id)).escrow_account_id) };
  });
  afterAll(() => closeWithCleanLedger(t));

  it(`agrees with the model after every command over ${runs} runs`, async () => {
    console.log(`model test (docs/quality.md#r5): seed ${seed} (replay with ORCHARD_FUZZ_SEED=${seed})`);
    const started = performance.now();
    let longest = 0;
    let runNumber = 0;
    const property = fc.asyncProperty(fc.integer({ min: 0, max: year }), fc.array(packageIndex, { minLength: 1, maxLength: 2 }), fc.commands(commands, { maxCommands: 8 }), async (startOffset, initialCharges, run) => {
      // One database for all runs; each run has its own user (the commands call the services: no
      // session needed), and its share of the two escrows.
      const userId = (await t.database.db.execute<{ id: string }>(sql`insert into users default values returning id::text as id`)).rows[0]!.id;
      const start = baseStart + startOffset;
      t.clock.set(new Date(start));
      const escrowBefore = { orange: await escrowBalance(t.database.db, escrow.orange), berry: await escrowBalance(t.database.db, escrow.berry) };
      const model: Model = { start, now: start, lots: [], charges: [], participations: [], escrow: escrowBefore };
      const real: Real = { t, points: t.services.points, user: { id: userId }, projectIds, escrow, paymentIds: [], spendIds: [], lotIds: [] };
      // Every run starts with a charge or two (checked like any command), so the commands have points to move.
      for (const index of initialCharges) await new Charge(index).run(model, real);
      await fc.asyncModelRun(() => ({ model, real }), run);
      longest = Math.max(longest, model.now - model.start);
      runNumber += 1;
      // The whole ledger's invariants (docs/quality.md#r6) after every 10th run.
      if (runNumber % 10 === 0) await expectLedgerClean(t);
    });
    await fc.assert(property, { seed, numRuns: runs });
    console.log(`model test (docs/quality.md#r5) exercised: ${JSON.stringify(seen)}`);
    console.log(`model test (docs/quality.md#r5): ${runs} runs, ${checksDone} commands checked, longest run ${(longest / year).toFixed(1)} simulated years, ${Math.round(performance.now() - started)} ms`);
    // The clock moves cover the 5-year purchased validity and beyond (docs/quality.md#r5: 6 simulated years).
    if (runs >= 1000) expect(longest).toBeGreaterThanOrEqual(6 * year);
  }, 600_000);
});

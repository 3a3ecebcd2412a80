import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { addKstDays, endOfKstDay, kstDateOf } from '../../lib/kst.ts';
import {
  assertPositivePoints,
  berryPerOrange,
  lotExpiresAt,
  planReturn,
  type Allocation,
  type LotKind,
  type PointCurrency,
} from '../../lib/points/rules.ts';
import { badRequest } from '../../lib/errors.ts';
import { createBatcher, type Batcher } from '../../db/batcher.ts';
import {
  createLedgerRepository,
  type ExchangeRequest,
  type LockedLot,
  type OneStatementExchange,
  type OneStatementSpend,
  type SpendRequest,
} from './ledger.repository.ts';
import { exchangeSpendKey } from './idempotency.ts';
import { idempotencyKeyReused, insufficientPoints, transactionNotFound } from './points.errors.ts';

export type SpendReason = 'project_participation' | 'event_participation';
export type ReturnReason = 'project_not_achieved' | 'event_not_achieved';

export type SpendInput = {
  userId: string;
  currency: PointCurrency;
  amount: number;
  /** The project's escrow account the participation goes into. */
  escrowAccountId: number;
  projectId?: number | null;
  reason: SpendReason;
  /** Applied at most once: a retry with the same key answers the first spend. */
  idempotencyKey: string;
  /** The request the key came with, when it came from a client: a replay with another is a 409. */
  requestHash?: string | null;
};

export type ExchangeInput = { userId: string; orange: number; idempotencyKey: string; requestHash: string | null };
export type ExchangeResult = { orange: number; berry: number; spendTransactionId: number; exchangeTransactionId: number };
/** What an exchange found: applied now, applied before (for the request with `requestHash`), or another answer stored under the key. */
export type ExchangeOutcome =
  | { kind: 'applied'; result: ExchangeResult }
  | { kind: 'replayed'; requestHash: string | null; result: ExchangeResult }
  | { kind: 'answered-before'; requestHash: string; answer: { statusCode: number; body: unknown } };

/** A second run of a one-statement movement sees a key a concurrent request committed during the first. */
const statementAttempts = 2;

/**
 * Decision 013: one batch statement of each kind runs at a time, with up to 64 requests; the
 * requests that arrive meanwhile leave together in the next. Measured against 2 at a time, this
 * gave larger statements and about 12 % more HTTP exchanges.
 */
const ledgerBatching = { maxInFlight: 1, maxBatchSize: 64, conflictKey: (request: { userId: string }) => request.userId };

export type SpendResult = { transactionId: number; allocations: Allocation[]; replayed: boolean };

/** Balances shown on My page: Orange purchased + bonus ("additional earned"), and Berry. */
export type Balances = Record<PointCurrency, { total: number; purchased: number; bonus: number; expiringWithin30Days: number }>;

export const expiryNoticeDays = 30;

/**
 * The ledger service (ARCHITECTURE §4): every point movement is one database transaction at
 * READ COMMITTED that locks the user's wallet row, then the lots it touches (FOR UPDATE), then the
 * project's escrow account, always in that order, so concurrent movements queue instead of
 * deadlocking or double spending. The money rules are the pure functions of lib/points/rules.ts.
 */
export function createPointsService({ db, clock }: { db: Db; clock: Clock }) {
  const inTransaction = <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work);

  const spendBatchRunner = (target: DbOrTx, currency: PointCurrency) => (requests: SpendRequest[]) =>
    createLedgerRepository({ db: target }).spendBatch(requests, { currency, now: clock.now() });
  /** Decision 013: autocommit spends and exchanges of different users share statements under load. */
  const spendBatchers: Record<PointCurrency, Batcher<SpendRequest, OneStatementSpend>> = {
    orange: createBatcher({ ...ledgerBatching, run: spendBatchRunner(db, 'orange') }),
    berry: createBatcher({ ...ledgerBatching, run: spendBatchRunner(db, 'berry') }),
  };
  const exchangeBatcher = createBatcher<ExchangeRequest, OneStatementExchange>({ ...ledgerBatching, run: exchangeBatchRunner(db) });

  function exchangeBatchRunner(target: DbOrTx) {
    return (requests: ExchangeRequest[]) => {
      const now = clock.now();
      return createLedgerRepository({ db: target }).exchangeBatch(requests, {
        now,
        berryPerOrange,
        berryExpiresAt: { purchased: lotExpiresAt(now, 'berry', 'purchased'), bonus: lotExpiresAt(now, 'berry', 'bonus') },
      });
    };
  }

  /**
   * Decisions 011 and 013: one statement locks the wallet, then the lots, and writes the whole
   * movement (the escrow's side is an inserted posting, so nothing of the project is locked). Run
   * on `db` itself it joins the spends of other users in one autocommit statement; inside a
   * caller's transaction it runs alone on that transaction.
   */
  async function spendWithin(target: DbOrTx, input: SpendInput): Promise<SpendResult> {
    assertPositivePoints(input.amount);
    const request: SpendRequest = {
      userId: input.userId,
      amount: input.amount,
      idempotencyKey: input.idempotencyKey,
      requestHash: input.requestHash ?? null,
      escrowAccountId: input.escrowAccountId,
      projectId: input.projectId ?? null,
      reason: input.reason,
    };
    const runOnce =
      target === db
        ? () => spendBatchers[input.currency].submit(request)
        : async () => (await spendBatchRunner(target, input.currency)([request]))[0]!;
    for (let attempt = 1; ; attempt++) {
      const outcome = await runOnce();
      if (outcome.existing) {
        if (outcome.existing.requestHash !== (input.requestHash ?? null)) throw idempotencyKeyReused();
        const allocations = await createLedgerRepository({ db: target }).allocationsOf(outcome.existing.transactionId);
        return { transactionId: outcome.existing.transactionId, allocations, replayed: true };
      }
      if (!outcome.escrowTakesCurrency) throw badRequest('validation.invalid', 'The escrow account does not take this currency.');
      // decisions: Points — bonus first, soonest expiry first, never from an expired lot, all or nothing.
      if (!outcome.enough) throw insufficientPoints('spend', outcome.available);
      if (outcome.transactionId !== null) return { transactionId: outcome.transactionId, allocations: outcome.allocations, replayed: false };
      if (attempt === statementAttempts) throw new Error(`spend ${input.idempotencyKey}: the key was applied, but the ledger row stays unseen`);
    }
  }

  /**
   * Orange → Berry at 1 : 13, irreversible (decisions: Points), as one statement (decisions 011 and
   * 013). The Orange is spent bonus-first like any spend; each Berry lot keeps the kind of the
   * Orange it came from and its validity (purchased: 1 year, bonus: 6 months) from today.
   */
  async function exchangeOn(target: DbOrTx, input: ExchangeInput): Promise<ExchangeOutcome> {
    assertPositivePoints(input.orange);
    const request: ExchangeRequest = {
      userId: input.userId,
      orange: input.orange,
      spendKey: exchangeSpendKey(input.idempotencyKey),
      creditKey: `exchange-berry:${input.idempotencyKey}`,
      clientKey: input.idempotencyKey,
      requestHash: input.requestHash,
    };
    const runOnce = target === db ? () => exchangeBatcher.submit(request) : async () => (await exchangeBatchRunner(target)([request]))[0]!;
    for (let attempt = 1; ; attempt++) {
      const outcome = await runOnce();
      if (outcome.existing) {
        const { requestHash, ...result } = outcome.existing;
        return { kind: 'replayed', requestHash, result: { orange: input.orange, ...result } };
      }
      if (outcome.earlierAnswer) {
        const { requestHash, ...answer } = outcome.earlierAnswer;
        return { kind: 'answered-before', requestHash, answer };
      }
      if (!outcome.enough) throw insufficientPoints('exchange', outcome.available);
      if (outcome.written) return { kind: 'applied', result: { orange: input.orange, ...outcome.written } };
      if (attempt === statementAttempts) throw new Error(`exchange ${input.idempotencyKey}: the key was applied, but the ledger row stays unseen`);
    }
  }

  /** Expires one user's lots past their end, one spend entry (reason expiry) per lot. */
  async function expireLotsWithin(tx: DbOrTx, userId: string, now: Date): Promise<number> {
    const ledger = createLedgerRepository({ db: tx });
    if (!(await ledger.lockWallet(userId))) return 0;
    // Locked after the wallet: a concurrent sweep or spend of this user waits, then sees remaining 0.
    const lots = await ledger.lockLots({ userId, expiredBy: now });
    for (const lot of lots) {
      await ledger.post({
        userId,
        currency: lot.currency,
        type: 'spend',
        reason: 'expiry',
        // Idempotent per lot: the unique key refuses a second expiry entry for the same lot.
        idempotencyKey: `expiry:${lot.id}`,
        now,
        lotDebits: [{ lotId: lot.id, kind: lot.kind, amount: lot.remaining }],
        counters: [{ systemAccount: 'expired', amount: lot.remaining }],
      });
    }
    return lots.length;
  }

  function walletDeltaLots(lots: LockedLot[]) {
    return lots.filter((lot) => lot.remaining > 0).map((lot) => ({ lotId: lot.id, kind: lot.kind, amount: lot.remaining }));
  }

  return {
    spendWithin,

    /** The spending service later features call (project participation, events): one autocommit statement. */
    spend: (input: SpendInput) => spendWithin(db, input),

    /**
     * Gives a participation back to the very lots it came from (decisions: Points), with at least
     * 30 days of validity: an amount whose lot ends sooner is re-credited as a new lot of its kind.
     * Idempotent: a second return of the same participation answers the first.
     */
    async returnParticipation(input: { spendTransactionId: number; reason: ReturnReason }) {
      return inTransaction(async (tx) => {
        const ledger = createLedgerRepository({ db: tx });
        const spend = await ledger.findTransaction(input.spendTransactionId);
        if (!spend || spend.type !== 'spend' || spend.escrowAccountId === null) throw transactionNotFound();
        const key = `return:${spend.id}`;
        const wallet = await ledger.lockWallet(spend.userId, key);
        if (!wallet) throw transactionNotFound();
        if (wallet.existingTransactionId !== null) return { transactionId: wallet.existingTransactionId, replayed: true };
        const allocations = await ledger.allocationsOf(spend.id);
        await ledger.lockLots({ userId: spend.userId, ids: allocations.map((allocation) => allocation.lotId) });
        const now = clock.now();
        const plan = planReturn(allocations, now);
        const kindOf = new Map(allocations.map((allocation) => [allocation.lotId, allocation.kind]));
        const amount = -spend.amount;
        const { transactionId } = await ledger.post({
          userId: spend.userId,
          currency: spend.currency,
          type: 'return',
          reason: input.reason,
          idempotencyKey: key,
          now,
          projectId: spend.projectId,
          relatedTransactionId: spend.id,
          lotCredits: plan.toLots.map((leg) => ({ ...leg, kind: kindOf.get(leg.lotId)! })),
          newLots: plan.recredits.map((leg) => ({ kind: leg.kind, amount: leg.amount, expiresAt: leg.expiresAt })),
          counters: [{ escrowAccountId: spend.escrowAccountId, amount: -amount }],
        });
        return { transactionId, replayed: false };
      });
    },

    /** The exchange inside a caller's transaction, without an HTTP request to compare a replay with. */
    async exchangeWithin(tx: DbOrTx, input: { userId: string; orange: number; idempotencyKey: string }): Promise<ExchangeResult> {
      const outcome = await exchangeOn(tx, { ...input, requestHash: null });
      if (outcome.kind === 'answered-before') throw idempotencyKeyReused();
      return outcome.result;
    },

    /** The exchange route's call: one autocommit statement; the caller decides what a replay answers. */
    exchange: (input: ExchangeInput) => exchangeOn(db, input),

    /**
     * A confirmed payment's purchased lot and its bonus lot (decisions: Points: the bonus is a
     * separate lot tied to its purchase). The caller holds the wallet and payment locks and has
     * checked the payment was not credited; the unique keys make a second credit impossible anyway.
     */
    async creditChargeWithin(
      tx: DbOrTx,
      payment: { id: string; userId: string; orange: number; bonusOrange: number },
      paidAt: Date,
    ): Promise<{ chargeTransactionId: number; bonusTransactionId: number | null }> {
      const ledger = createLedgerRepository({ db: tx });
      const purchased = await ledger.post({
        userId: payment.userId,
        currency: 'orange',
        type: 'charge',
        reason: 'point_charge',
        idempotencyKey: `charge:${payment.id}`,
        now: paidAt,
        paymentId: payment.id,
        newLots: [{ kind: 'purchased', amount: payment.orange, expiresAt: lotExpiresAt(paidAt, 'orange', 'purchased'), paymentId: payment.id }],
        counters: [{ systemAccount: 'sales', amount: -payment.orange }],
      });
      if (payment.bonusOrange === 0) return { chargeTransactionId: purchased.transactionId, bonusTransactionId: null };
      const bonus = await ledger.post({
        userId: payment.userId,
        currency: 'orange',
        type: 'bonus',
        reason: 'bonus_from_charge',
        idempotencyKey: `bonus:${payment.id}`,
        now: paidAt,
        paymentId: payment.id,
        relatedTransactionId: purchased.transactionId,
        newLots: [
          {
            kind: 'bonus',
            amount: payment.bonusOrange,
            expiresAt: lotExpiresAt(paidAt, 'orange', 'bonus'),
            parentLotId: purchased.newLotIds[0]!,
            paymentId: payment.id,
          },
        ],
        counters: [{ systemAccount: 'bonus_expense', amount: -payment.bonusOrange }],
      });
      return { chargeTransactionId: purchased.transactionId, bonusTransactionId: bonus.transactionId };
    },

    /**
     * A refund takes both lots of the charge back to zero (the caller checked they are untouched).
     * `attempt` counts refunds of this charge the gateway refused and we reversed, plus one: each
     * attempt needs its own key, or the refund after a reversal hits the unique key (a 500).
     */
    async debitRefundWithin(tx: DbOrTx, payment: { id: string; userId: string }, lots: LockedLot[], now: Date, attempt = 1) {
      const legs = walletDeltaLots(lots);
      const sales = legs.filter((leg) => leg.kind === 'purchased').reduce((sum, leg) => sum + leg.amount, 0);
      const bonus = legs.filter((leg) => leg.kind === 'bonus').reduce((sum, leg) => sum + leg.amount, 0);
      return createLedgerRepository({ db: tx }).post({
        userId: payment.userId,
        currency: 'orange',
        type: 'refund',
        reason: 'refund_of_charge',
        // The first attempt keeps the plain key, so entries written before attempts were counted still match.
        idempotencyKey: attempt === 1 ? `refund:${payment.id}` : `refund:${payment.id}:${attempt}`,
        now,
        paymentId: payment.id,
        lotDebits: legs,
        counters: [
          { systemAccount: 'refunds', amount: sales },
          ...(bonus > 0 ? [{ systemAccount: 'refunds' as const, amount: bonus }] : []),
        ],
      });
    },

    /** The gateway refused the cancellation: the points go back into the very lots. */
    async reverseRefundWithin(tx: DbOrTx, payment: { id: string; userId: string }, lots: LockedLot[], now: Date, attempt: number) {
      const legs = lots.filter((lot) => lot.remaining === 0).map((lot) => ({ lotId: lot.id, kind: lot.kind, amount: lot.original }));
      const total = legs.reduce((sum, leg) => sum + leg.amount, 0);
      return createLedgerRepository({ db: tx }).post({
        userId: payment.userId,
        currency: 'orange',
        type: 'refund',
        reason: 'refund_reversed',
        idempotencyKey: `refund-reversed:${payment.id}:${attempt}`,
        now,
        paymentId: payment.id,
        lotCredits: legs,
        counters: [{ systemAccount: 'refunds', amount: -total }],
      });
    },

    expireLotsWithin,

    /**
     * The expiry sweep (ARCHITECTURE §5): every lot past the end of its last KST day gets a spend
     * entry of reason expiry. One user per transaction; idempotent and safe to run concurrently.
     */
    async sweepExpiredLots(options: { batch?: number } = {}) {
      const now = clock.now();
      let expired = 0;
      for (;;) {
        const userIds = await createLedgerRepository({ db }).usersWithExpiredLots(now, options.batch ?? 200);
        if (userIds.length === 0) return { expired };
        let progressed = 0;
        for (const userId of userIds) {
          const count = await inTransaction((tx) => expireLotsWithin(tx, userId, now));
          expired += count;
          progressed += count;
        }
        // Another instance took these users meanwhile; nothing is left for this pass.
        if (progressed === 0) return { expired };
      }
    },

    /** decisions: Identity — a deleted account forfeits its remaining points, with a ledger entry. */
    async forfeitAllWithin(tx: Tx, userId: string) {
      const ledger = createLedgerRepository({ db: tx });
      if (!(await ledger.lockWallet(userId))) return;
      const lots = await ledger.lockLots({ userId });
      const now = clock.now();
      for (const currency of ['orange', 'berry'] as const) {
        const legs = walletDeltaLots(lots.filter((lot) => lot.currency === currency));
        const total = legs.reduce((sum, leg) => sum + leg.amount, 0);
        if (total === 0) continue;
        await ledger.post({
          userId,
          currency,
          type: 'spend',
          reason: 'account_deleted',
          idempotencyKey: `forfeit:${currency}:${randomUUID()}`,
          now,
          lotDebits: legs,
          counters: [{ systemAccount: 'forfeited', amount: total }],
        });
      }
    },

    async balances(userId: string): Promise<Balances> {
      const now = clock.now();
      const horizon = endOfKstDay(addKstDays(kstDateOf(now), expiryNoticeDays));
      const rows = await createLedgerRepository({ db }).balances(userId, now, horizon);
      const result: Balances = {
        orange: { total: 0, purchased: 0, bonus: 0, expiringWithin30Days: 0 },
        berry: { total: 0, purchased: 0, bonus: 0, expiringWithin30Days: 0 },
      };
      for (const row of rows) {
        const entry = result[row.currency];
        entry[row.kind satisfies LotKind] += row.total;
        entry.total += row.total;
        entry.expiringWithin30Days += row.expiring;
      }
      return result;
    },

    /**
     * Who holds points ending within the next 30 KST days (through the end of the 30th), a page of
     * users at a time: what the expiry notification is sent from. `nextAfterUserId` continues.
     */
    async expiringWithinNoticePeriod({ afterUserId = null, userLimit = 500 }: { afterUserId?: string | null; userLimit?: number } = {}) {
      const now = clock.now();
      const horizon = endOfKstDay(addKstDays(kstDateOf(now), expiryNoticeDays));
      const items = await createLedgerRepository({ db }).expiringSoon({ now, horizon, afterUserId, userLimit });
      const userIds = new Set(items.map((item) => item.userId));
      return { items, nextAfterUserId: userIds.size === userLimit ? items.at(-1)!.userId : null };
    },

    /** What a project's escrow holds: the sum of its postings (decision 011). */
    escrowBalance: (escrowAccountId: number) => createLedgerRepository({ db }).escrowBalance(escrowAccountId),

    createEscrowAccount: (currency: PointCurrency, projectId: number | null = null) =>
      createLedgerRepository({ db }).createEscrowAccount(currency, projectId),

    /** A project's escrow account, opened inside the caller's transaction (project creation). */
    createEscrowAccountWithin: (tx: DbOrTx, currency: PointCurrency, projectId: number) =>
      createLedgerRepository({ db: tx }).createEscrowAccount(currency, projectId),
  };
}

export type PointsService = ReturnType<typeof createPointsService>;

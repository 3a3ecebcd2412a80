import { randomUUID } from 'node:crypto';
import type { HistoryTab, PointTransactionType, Reconciliation } from '@orchard/shared';
import { historyTabsOf, type HistoryTabOf } from '@orchard/shared/points-rules';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { noMetrics, type Metrics } from '../../lib/metrics.ts';
import { addKstDays, endOfKstDay, kstDateOf } from '../../lib/kst.ts';
import { assertPositivePoints, lotExpiresAt, returnGuaranteedUntil, type Allocation, type LotKind, type PointCurrency } from '../../lib/points/rules.ts';
import { idempotencyKeyReused } from '../idempotency/idempotency.errors.ts';
import { createIdempotency, exchangeSpendKey, participationSpendKey, type Idempotency, type KeyedOutcome, type LedgerKeyOutcome, type RefusedBefore } from '../idempotency/idempotency.service.ts';
import { createLedgerBatching } from './ledger-batching.ts';
import { returnEscrow, type EscrowReturn } from './ledger.escrow.ts';
export type { EscrowReturn } from './ledger.escrow.ts';
import { createLedgerRepository, ledgerKeysAppliedProbe, type ExchangeRequest, type LockedLot, type OneStatementExchange, type OneStatementSpend, type PaymentLotMovement, type SpendRequest } from './ledger.repository.ts';
export type { EscrowMovements, PaymentLotMovement } from './ledger.repository.ts';
export { ledgerKeysAppliedProbe } from './ledger.repository.ts';
import { escrowCurrencyMismatch, insufficientPoints, transactionNotFound } from './points.errors.ts';
import { createHistoryRepository, decodeHistoryCursor, type TransactionSummary } from './points.history.repository.ts';
export type { TransactionSummary } from './points.history.repository.ts';
import { reconcileLedger } from './points.reconciliation.repository.ts';
import { createPointsSweeps } from './points.sweeps.ts';

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
  /** Applied at most once: a retry with the same key returns the first spend. */
  idempotencyKey: string;
  /** The request the key came with, when it came from a client: a replay with another is a 409. */
  requestHash?: string | null;
};

export type SpendResult = { transactionId: number; allocations: Allocation[]; replayed: boolean };

export type ExchangeResult = { orange: number; berry: number; spendTransactionId: number; exchangeTransactionId: number };

/** Balances shown on My page: Orange purchased + bonus ("additional earned"), and Berry. */
export type Balances = Record<PointCurrency, { total: number; purchased: number; bonus: number; expiringWithin30Days: number }>;

/**
 * docs/product.md#notifications: a lot is told of its end when 30 KST days or fewer are left, and
 * again at 7. "Within n days" is one rule for the notices and the balance's "expiring within 30
 * days": the lot ends by the end (23:59:59 KST) of the n-th KST day from today.
 */
export const expiryNoticeDays = [30, 7] as const;
export type ExpiryNoticeDays = (typeof expiryNoticeDays)[number];
const endsWithinHorizon = (now: Date, days: number) => endOfKstDay(addKstDays(kstDateOf(now), days));

/** A live lot whose end is near enough for a notice, as the notice tells it. */
export type LotDueNotice = { id: number; userId: string; currency: PointCurrency; remaining: number; expiresAt: Date };

/**
 * Which entry types each history tab shows (docs/decisions/009-points-history-tabs.md). A return
 * gives a spend back, so it sits with the spends, and with the refunds under `refund_return`, the
 * screen's "refunds and returns" (docs/decisions/009-points-history-tabs.md); Berry is acquired by exchange, so its charge tab
 * lists exchanges. Which tabs a currency has is the shared rule (`historyTabsOf`: Berry has no
 * refund tab), and each currency's row names exactly those tabs.
 */
const tabTypes: { [Currency in PointCurrency]: Record<HistoryTabOf<Currency>, PointTransactionType[]> } = {
  orange: {
    all: ['charge', 'bonus', 'spend', 'refund', 'return', 'exchange'],
    charge: ['charge', 'bonus'],
    spend: ['spend', 'return'],
    refund: ['refund'],
    refund_return: ['refund', 'return'],
  },
  berry: { all: ['charge', 'bonus', 'spend', 'refund', 'return', 'exchange'], charge: ['exchange', 'charge', 'bonus'], spend: ['spend', 'return'], refund_return: ['return'] },
};

/** The entry types of one tab of one currency's history, or null when that currency has no such tab. */
function typesOfTab(currency: PointCurrency, tab: HistoryTab): PointTransactionType[] | null {
  const tabs: readonly HistoryTab[] = historyTabsOf[currency];
  if (!tabs.includes(tab)) return null;
  return (tabTypes[currency] as Partial<Record<HistoryTab, PointTransactionType[]>>)[tab] ?? null;
}

const walletDeltaLots = (lots: LockedLot[]) =>
  lots.filter((lot) => lot.remaining > 0).map((lot) => ({ lotId: lot.id, kind: lot.kind, amount: lot.remaining }));

/**
 * The ledger service (docs/architecture.md#ledger): every point movement is one database
 * transaction, or one statement, at READ COMMITTED that takes its locks in the one order of
 * docs/architecture.md#locking, so concurrent movements queue instead of deadlocking or double
 * spending. An escrow account's side of a
 * movement is an inserted posting: nothing of the project is locked (decision 011). Other modules
 * move points only through this service (payments credits and refunds charges through it).
 */
export function createPointsService({
  db,
  clock,
  idempotency = createIdempotency({ db, clock, appliedOnLedger: ledgerKeysAppliedProbe }),
  metrics = noMetrics,
}: {
  db: Db;
  clock: Clock;
  idempotency?: Idempotency;
  /** Ledger movements by type, counted as they are written (decision 081). */
  metrics?: Pick<Metrics, 'ledgerMoved'>;
}) {
  const batching = createLedgerBatching({ db, clock });
  const sweeps = createPointsSweeps({ db, clock });

  const spendRequestOf = (input: SpendInput): SpendRequest => {
    assertPositivePoints(input.amount);
    return {
      userId: input.userId,
      amount: input.amount,
      idempotencyKey: input.idempotencyKey,
      requestHash: input.requestHash ?? null,
      escrowAccountId: input.escrowAccountId,
      projectId: input.projectId ?? null,
      reason: input.reason,
    };
  };

  /** What the spend statement's row means for the caller: the spend, its replay, or a refusal. */
  async function spendResultOf(row: OneStatementSpend, input: SpendInput, source: DbOrTx): Promise<SpendResult> {
    if (row.existing) {
      if (row.existing.requestHash !== (input.requestHash ?? null)) throw idempotencyKeyReused();
      const allocations = await createLedgerRepository({ db: source }).allocationsOf(row.existing.transactionId);
      return { transactionId: row.existing.transactionId, allocations, replayed: true };
    }
    if (!row.escrowTakesCurrency) throw escrowCurrencyMismatch();
    // docs/product.md#spending-order: bonus first, soonest expiry first, never from an expired lot, all or nothing.
    if (!row.enough) throw insufficientPoints('spend', row.available);
    return { transactionId: row.transactionId!, allocations: row.allocations, replayed: false };
  }

  const exchangeRequestOf = (input: { userId: string; orange: number; key: string; requestHash: string | null }): ExchangeRequest => {
    assertPositivePoints(input.orange);
    return {
      userId: input.userId,
      orange: input.orange,
      spendKey: exchangeSpendKey(input.key),
      creditKey: `exchange-berry:${input.key}`,
      requestHash: input.requestHash,
      otherWriteKey: participationSpendKey(input.key),
    };
  };

  /** What the exchange statement's row means: applied now, applied before, refused before, or refused now. */
  function exchangeOutcomeOf(row: OneStatementExchange, orange: number): Exclude<LedgerKeyOutcome<ExchangeResult>, RefusedBefore> {
    if (row.existing) {
      const { requestHash, ...result } = row.existing;
      return { kind: 'replayed', requestHash, value: { orange, ...result } };
    }
    // The client's key names a participation: one key, one write.
    if (row.otherWrite) throw idempotencyKeyReused();
    if (!row.enough) throw insufficientPoints('exchange', row.available);
    metrics.ledgerMoved('spend');
    metrics.ledgerMoved('exchange');
    return { kind: 'applied', value: { orange, ...row.written! } };
  }

  /** A movement's write, counted once it is written. */
  async function counted<T>(kind: PointTransactionType, write: Promise<T>): Promise<T> {
    const written = await write;
    metrics.ledgerMoved(kind);
    return written;
  }

  return {
    /**
     * Gives back, inside the caller's transaction, every participation of these users in the escrow
     * that has no return yet (decision 066): what Funding calls for each chunk of participants when
     * a project is not achieved or cancelled. The points go back into the very lots the spends took
     * them from; an amount whose lot ends within 30 days (docs/product.md#returns) comes back as a
     * new lot of its kind usable through the 30th KST day; a deleted account's goes to the forfeited
     * account. Locks the wallets, in a statement of their own (ledger.escrow.ts says why), then
     * returns in one statement. A participation is returned once whoever asks again: answers, per
     * user given something back now, the returns and their points.
     */
    async returnEscrowWithin(tx: Tx, input: { escrowAccountId: number; userIds: string[]; reason: ReturnReason }): Promise<EscrowReturn[]> {
      if (input.userIds.length === 0) return [];
      await createLedgerRepository({ db: tx }).lockWallets(input.userIds);
      const now = clock.now();
      const returned = await returnEscrow(tx, { ...input, now, guaranteedUntil: returnGuaranteedUntil(now) });
      metrics.ledgerMoved('return', returned.reduce((sum, user) => sum + user.returns, 0));
      return returned;
    },

    /**
     * Spends of several users (one each) inside the caller's transaction, as one statement per
     * currency: what a batch of participations calls after locking the projects and then every
     * one of these users' wallets (lockWalletsWithin), so the statement only adds the lots' locks;
     * a creation's deposit likewise, after the project and the creator's wallet. Every spend of
     * points goes this way (decision 068). One result per input, in order: the spend, or the
     * refusal it met (not enough points).
     */
    async spendManyWithin(tx: Tx, inputs: SpendInput[]): Promise<(SpendResult | AppError)[]> {
      const results: (SpendResult | AppError)[] = new Array(inputs.length);
      for (const currency of ['orange', 'berry'] as const) {
        const indexes = inputs.flatMap((input, index) => (input.currency === currency ? [index] : []));
        if (indexes.length === 0) continue;
        const rows = await batching.spendManyWithin(tx, currency, indexes.map((index) => spendRequestOf(inputs[index]!)));
        for (const [position, index] of indexes.entries()) {
          try {
            const spend = await spendResultOf(rows[position]!, inputs[index]!, tx);
            if (!spend.replayed) metrics.ledgerMoved('spend');
            results[index] = spend;
          } catch (refusal) {
            if (!(refusal instanceof AppError)) throw refusal;
            results[index] = refusal;
          }
        }
      }
      return results;
    },

    /**
     * Locks these users' wallets in user-id order (docs/architecture.md#locking), inside the
     * caller's transaction; then answers, per ledger key in order, the transaction that applied it
     * and its request hash (null: not applied). The keys are read in a statement of their own,
     * after the locks: a statement's snapshot is taken before it waits for a lock, so read beside
     * the locks they would miss a key applied by the movement that held a wallet meanwhile.
     */
    async lockWalletsWithin(tx: Tx, userIds: string[], ledgerKeys: { userId: string; key: string }[] = []) {
      const ledger = createLedgerRepository({ db: tx });
      await ledger.lockWallets(userIds);
      return ledger.appliedKeys(ledgerKeys);
    },

    /**
     * Orange → Berry at 1 : 13, irreversible (docs/product.md#exchange), as one autocommit
     * statement shared with other users' exchanges (decisions 011 and 013). The Orange is spent
     * bonus-first like any spend; each Berry lot keeps the kind of the Orange it came from and
     * its validity from today. The client's key makes it run once (docs/architecture.md#idempotency):
     * `applied` now or `replayed` from the ledger; a refusal (422) is thrown, and thrown again
     * for a replay of the refused request. That refusal is stored by the idempotency module and
     * read before the statement, which reads point tables only.
     */
    exchange(input: { userId: string; key: string; requestHash: string; orange: number }): Promise<KeyedOutcome<ExchangeResult>> {
      const scope = { userId: input.userId, key: input.key, hash: input.requestHash };
      return idempotency.onLedgerKey(scope, async () => {
        const [earlier] = await idempotency.earlierAnswers(db, [scope]);
        return earlier ?? exchangeOutcomeOf(await batching.exchange(exchangeRequestOf(input)), input.orange);
      });
    },

    /**
     * The first lock of a movement the caller goes on with in its transaction (a charge's credit or
     * refund: the wallet, then the payment row, then the lots). `create` makes a missing wallet
     * first (a first charge). Returns false when the user has no wallet.
     */
    async lockWalletWithin(tx: Tx, userId: string, options: { create?: boolean } = {}): Promise<boolean> {
      const ledger = createLedgerRepository({ db: tx });
      if (options.create) await ledger.ensureWallet(userId);
      return (await ledger.lockWallet(userId)) !== null;
    },

    /** A charge's lots as they stand (purchased and bonus, with their expiry), unlocked, for showing whether and how much of it is refundable. */
    chargeLotsOf: (paymentId: string, source: DbOrTx = db) => createLedgerRepository({ db: source }).lotsOfPayment(paymentId),

    /**
     * Every entry that moved points of a charge's lots, but the ones that made them: per entry its
     * sum over those lots and its project's id (where a guardian refund's charge was spent).
     */
    chargeLotMovementsOf: (paymentId: string, source: DbOrTx = db): Promise<PaymentLotMovement[]> =>
      createLedgerRepository({ db: source }).movementsOfPaymentLots(paymentId),

    /** A charge's lots, locked (after the wallet: lockWalletWithin), for a refund or its reversal. */
    lockChargeLotsWithin: (tx: Tx, userId: string, paymentId: string) => createLedgerRepository({ db: tx }).lockLots({ userId, paymentId }),

    /**
     * How many refunds of this charge the gateway refused and the ledger reversed. Each refund
     * attempt needs its own ledger key, or the refund after a reversal hits the unique key.
     */
    refundAttemptsOf: (tx: Tx, paymentId: string) => createLedgerRepository({ db: tx }).reversedRefundCount(paymentId),

    /**
     * A confirmed payment's purchased lot and its bonus lot (docs/product.md#charge-packages: the
     * bonus is a separate lot tied to its purchase). The caller holds the wallet and payment locks
     * and has checked the payment was not credited; the unique keys make a second credit
     * impossible anyway.
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
      metrics.ledgerMoved('charge');
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
      metrics.ledgerMoved('bonus');
      return { chargeTransactionId: purchased.transactionId, bonusTransactionId: bonus.transactionId };
    },

    /**
     * A refund takes both lots of the charge back to zero (the caller locked them and checked they
     * are untouched). `attempt` is refundAttemptsOf + 1: each attempt needs its own key.
     */
    async debitRefundWithin(tx: DbOrTx, payment: { id: string; userId: string }, lots: LockedLot[], now: Date, attempt = 1) {
      const legs = walletDeltaLots(lots);
      const sales = legs.filter((leg) => leg.kind === 'purchased').reduce((sum, leg) => sum + leg.amount, 0);
      const bonus = legs.filter((leg) => leg.kind === 'bonus').reduce((sum, leg) => sum + leg.amount, 0);
      return counted('refund', createLedgerRepository({ db: tx }).post({
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
      }));
    },

    /** The gateway refused the cancellation: the points go back into the very lots. */
    async reverseRefundWithin(tx: DbOrTx, payment: { id: string; userId: string }, lots: LockedLot[], now: Date, attempt: number) {
      const legs = lots.filter((lot) => lot.remaining === 0).map((lot) => ({ lotId: lot.id, kind: lot.kind, amount: lot.original }));
      const total = legs.reduce((sum, leg) => sum + leg.amount, 0);
      return counted('refund', createLedgerRepository({ db: tx }).post({
        userId: payment.userId,
        currency: 'orange',
        type: 'refund',
        reason: 'refund_reversed',
        idempotencyKey: `refund-reversed:${payment.id}:${attempt}`,
        now,
        paymentId: payment.id,
        lotCredits: legs,
        counters: [{ systemAccount: 'refunds', amount: -total }],
      }));
    },

    /**
     * A guardian's cancellation (docs/product.md#guardian-cancellation): what is left in these lots
     * of a charge (the caller locked the wallet, the payment row and the lots, and chose the lots:
     * live, not expired) goes to the refunds account as one refund entry. `key` names this refund
     * of the charge (a charge can have several: points a failed project returns come back later).
     */
    async debitGuardianRefundWithin(tx: Tx, payment: { id: string; userId: string }, lots: LockedLot[], now: Date, key: string) {
      const legs = walletDeltaLots(lots);
      const total = legs.reduce((sum, leg) => sum + leg.amount, 0);
      return counted('refund', createLedgerRepository({ db: tx }).post({
        userId: payment.userId,
        currency: 'orange',
        type: 'refund',
        reason: 'guardian_refund',
        idempotencyKey: key,
        now,
        paymentId: payment.id,
        lotDebits: legs,
        counters: [{ systemAccount: 'refunds', amount: total }],
      }));
    },

    /**
     * The gateway refused a guardian's cancellation: the points go back into the very lots the
     * refund entry took them from (the caller locked the wallet and the lots). Once per entry.
     */
    async reverseGuardianRefundWithin(tx: Tx, payment: { id: string; userId: string }, refundTransactionId: number, now: Date) {
      const ledger = createLedgerRepository({ db: tx });
      const legs = (await ledger.allocationsOf(refundTransactionId)).map(({ lotId, kind, amount }) => ({ lotId, kind, amount }));
      const total = legs.reduce((sum, leg) => sum + leg.amount, 0);
      return counted('refund', ledger.post({
        userId: payment.userId,
        currency: 'orange',
        type: 'refund',
        reason: 'guardian_refund_reversed',
        idempotencyKey: `guardian-refund-reversed:${refundTransactionId}`,
        now,
        paymentId: payment.id,
        relatedTransactionId: refundTransactionId,
        lotCredits: legs,
        counters: [{ systemAccount: 'refunds', amount: -total }],
      }));
    },

    expireLotsWithin: sweeps.expireLotsWithin,
    sweepExpiredLots: sweeps.sweepExpiredLots,

    /** docs/product.md#account-deletion: a deleted account forfeits its remaining points, with a ledger entry. */
    async forfeitAllWithin(tx: Tx, userId: string) {
      const ledger = createLedgerRepository({ db: tx });
      if (!(await ledger.lockWallet(userId))) return;
      const lots = await ledger.lockLots({ userId });
      const now = clock.now();
      for (const currency of ['orange', 'berry'] as const) {
        const legs = walletDeltaLots(lots.filter((lot) => lot.currency === currency));
        const total = legs.reduce((sum, leg) => sum + leg.amount, 0);
        if (total === 0) continue;
        await counted('spend', ledger.post({
          userId,
          currency,
          type: 'spend',
          reason: 'account_deleted',
          idempotencyKey: `forfeit:${currency}:${randomUUID()}`,
          now,
          lotDebits: legs,
          counters: [{ systemAccount: 'forfeited', amount: total }],
        }));
      }
    },

    async balances(userId: string): Promise<Balances> {
      const now = clock.now();
      const rows = await createLedgerRepository({ db }).balances(userId, now, endsWithinHorizon(now, expiryNoticeDays[0]));
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

    /** A page of the history screen, newest first (docs/product.md#points: the tabs). */
    async history(userId: string, query: { currency: PointCurrency; tab: HistoryTab; cursor?: string; limit: number }) {
      const types = typesOfTab(query.currency, query.tab);
      // A tab the currency lacks is a 400, not an empty list, so a client bug shows (decision 009).
      if (!types) throw badRequest('validation.invalid', `${query.currency === 'berry' ? 'Berry' : 'Orange'} has no ${query.tab} tab.`);
      const before = query.cursor === undefined ? null : decodeHistoryCursor(query.cursor);
      return createHistoryRepository({ db }).page(userId, { currency: query.currency, types, before, limit: query.limit });
    },

    /**
     * These transactions as another module shows them beside its rows (support's inbox and an
     * inquiry's link to a fan's own entry), keyed by id; ids of no transaction are left out.
     */
    async transactionSummariesOf(transactionIds: number[]): Promise<Map<number, TransactionSummary>> {
      const rows = await createHistoryRepository({ db }).summariesOf([...new Set(transactionIds)]);
      return new Map(rows.map((row) => [row.id, row]));
    },

    /** The ledger entry that credited a charge's purchased Orange (a receipt's number), or null before it was credited. */
    chargeEntryIdOf: (userId: string, paymentId: string): Promise<number | null> => createHistoryRepository({ db }).chargeEntryIdOf(userId, paymentId),

    /** One history entry with the lots it moved; another user's entry is not found. */
    async historyEntry(userId: string, transactionId: number) {
      const entry = await createHistoryRepository({ db }).detail(userId, transactionId);
      if (!entry) throw transactionNotFound();
      return entry;
    },

    /**
     * A page of live lots ending within `days` KST days that have not been told of it at `days` or
     * fewer (the notices' work list, docs/product.md#notifications), in id order after `afterLotId`.
     */
    lotsDueExpiryNotice: (input: { days: ExpiryNoticeDays; afterLotId: number; limit: number }): Promise<LotDueNotice[]> => {
      const now = clock.now();
      return createLedgerRepository({ db }).lotsDueExpiryNotice({ ...input, now, horizon: endsWithinHorizon(now, input.days) });
    },

    /**
     * Takes the notice at `days` of these lots, inside the caller's transaction that writes the
     * notices; answers the ids taken now (a concurrent sweep that took one first keeps it).
     */
    takeExpiryNoticesWithin: (tx: Tx, lotIds: number[], days: ExpiryNoticeDays): Promise<number[]> =>
      createLedgerRepository({ db: tx }).takeExpiryNotices(lotIds, days, clock.now()),

    /** Every invariant of the ledger, checked now (docs/quality.md#r6). */
    reconcile: (source: DbOrTx = db): Promise<Reconciliation> => reconcileLedger(source, clock.now()),

    /**
     * The project's ad runs: its escrow goes to the consumed account (decision 055), inside the
     * caller's transaction that holds the project row (no participation or return can touch the
     * escrow then). Once per escrow; answers the amount settled now.
     */
    settleEscrowWithin: (tx: Tx, input: { escrowAccountId: number; projectId: number; currency: PointCurrency }) =>
      createLedgerRepository({ db: tx }).settleEscrow({ ...input, now: clock.now() }),

    /**
     * A project's escrow movements, summed by kind, for its settlement (decision 107): the projects
     * module reads the escrow through this, never the ledger's tables. `depositKey` is the ledger
     * key of the creator's deposit, which the projects module names. Null without an escrow account.
     */
    escrowMovementsOf: (projectId: number, input: { depositKey: string }, source: DbOrTx = db) =>
      createLedgerRepository({ db: source }).escrowMovementsOf(projectId, input.depositKey),

    /** A project's escrow account, opened inside the caller's transaction (project creation). */
    createEscrowAccountWithin: (tx: DbOrTx, currency: PointCurrency, projectId: number) =>
      createLedgerRepository({ db: tx }).createEscrowAccount(currency, projectId),
  };
}

export type PointsService = ReturnType<typeof createPointsService>;

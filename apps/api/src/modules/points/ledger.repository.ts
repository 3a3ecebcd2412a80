import { sql, type SQL } from 'drizzle-orm';
import { queryNamed, type DbOrTx } from '../../db/client.ts';
import { asDate, epochMs, jsonValue, nullableNumber, nullableString } from '../../db/rows.ts';
import type { Allocation, LotKind, PointCurrency } from '../../lib/points/rules.ts';
import { appliedKeysStatement, exchangeStatement, lockWalletsStatement, spendStatement } from './ledger.statements.ts';

/**
 * The ledger's SQL, written as few statements as possible (decision 011: the cost of a write is
 * per round trip, not per row): a point movement is two locking reads and one
 * `WITH … INSERT … UPDATE` statement; the hot spend and exchange are one batched statement each
 * (their texts are in ledger.statements.ts).
 */

/**
 * Whether the user applied one of `keys` on a ledger row (an exchange's or a participation's spend
 * carries its client key): for the idempotency module's claim, inside its one statement.
 */
export const ledgerKeysAppliedProbe = (userId: string, keys: string[]) =>
  sql<boolean>`exists (select 1 from point_transactions where user_id = ${userId} and idempotency_key = any(${sql.param(keys)}::text[]))`;

export type SystemAccount = 'sales' | 'bonus_expense' | 'expired' | 'exchange' | 'refunds' | 'forfeited' | 'returns';
export type TransactionType = 'charge' | 'bonus' | 'spend' | 'refund' | 'return' | 'exchange';

export type WalletRow = {
  userId: string;
  orangePurchased: number;
  orangeBonus: number;
  berryPurchased: number;
  berryBonus: number;
};

export type LockedLot = {
  id: number;
  kind: LotKind;
  currency: PointCurrency;
  original: number;
  remaining: number;
  expiresAt: Date;
  paymentId: string | null;
};

/** The balancing legs of a movement: an escrow account or a system account. */
export type CounterLeg = { escrowAccountId: number; amount: number } | { systemAccount: SystemAccount; amount: number };

export type Movement = {
  userId: string;
  currency: PointCurrency;
  type: TransactionType;
  reason: string;
  idempotencyKey: string;
  now: Date;
  projectId?: number | null;
  escrowAccountId?: number | null;
  paymentId?: string | null;
  relatedTransactionId?: number | null;
  /** Amounts taken out of lots (positive numbers). */
  lotDebits?: { lotId: number; kind: LotKind; amount: number }[];
  /** Amounts put back into existing lots (returns, refund reversals). */
  lotCredits?: { lotId: number; kind: LotKind; amount: number }[];
  /** Lots created by this movement. */
  newLots?: { kind: LotKind; amount: number; expiresAt: Date; parentLotId?: number | null; paymentId?: string | null }[];
  counters: CounterLeg[];
};

export type PostedMovement = { transactionId: number; newLotIds: number[] };

export type SpendRequest = {
  userId: string;
  amount: number;
  idempotencyKey: string;
  requestHash: string | null;
  escrowAccountId: number;
  projectId: number | null;
  reason: string;
};

export type ExchangeRequest = {
  userId: string;
  orange: number;
  spendKey: string;
  creditKey: string;
  requestHash: string | null;
  /** The ledger key another kind of write gives the client key: applied, the key is that write's. */
  otherWriteKey: string;
};

/** One array per field, in the order given: the `unnest($1, $2, …)` parameters of a batch statement. */
function columnsOf<T>(requests: T[], fields: (keyof T)[]): unknown[][] {
  return fields.map((field) => requests.map((request) => request[field]));
}

/** The batch statements allocate per user: two requests of one user in a batch would both see the same lots. */
function assertOneRequestPerUser(requests: { userId: string }[]) {
  if (new Set(requests.map((request) => request.userId)).size !== requests.length) throw new Error('a ledger batch holds one request per user');
}

export type OneStatementSpend = {
  existing: { transactionId: number; requestHash: string | null } | null;
  escrowTakesCurrency: boolean;
  available: number;
  enough: boolean;
  /** Null when nothing was written. */
  transactionId: number | null;
  allocations: Allocation[];
};

export type OneStatementExchange = {
  existing: { spendTransactionId: number; exchangeTransactionId: number; berry: number; requestHash: string | null } | null;
  /** The client's key was applied by another kind of write (a participation): it is that write's. */
  otherWrite: boolean;
  available: number;
  enough: boolean;
  /** Null when nothing was written. */
  written: { spendTransactionId: number; exchangeTransactionId: number; berry: number } | null;
};

function walletColumn(currency: PointCurrency, kind: LotKind): string {
  return `${currency}_${kind}`;
}

/** One ledger entry's movement of a charge's lots, summed over those lots (negative: taken out of them). */
export type PaymentLotMovement = { transactionId: number; type: string; reason: string; amount: number; projectId: number | null };

/**
 * A project's escrow account, summed by what moved it: in, the participations (`participationCount`
 * spends) and the deposit, from `participants` people; out, the returns to lots, the forfeited
 * returns and the settlement to the consumed account; `unclassified`, any other leg (there should
 * be none); `balance`, the sum of every leg. Whole points of `currency`.
 */
export type EscrowMovements = {
  escrowAccountId: number;
  currency: PointCurrency;
  participations: number;
  participationCount: number;
  deposit: number;
  participants: number;
  returned: number;
  forfeited: number;
  consumed: number;
  unclassified: number;
  balance: number;
};

export function createLedgerRepository({ db }: { db: DbOrTx }) {
  return {
    /** Creates the user's wallet row when missing (a first charge). */
    async ensureWallet(userId: string) {
      await db.execute(sql`insert into point_wallets (user_id) values (${userId}) on conflict (user_id) do nothing`);
    },

    /** Several wallets, locked in user-id order so that two such calls queue instead of deadlocking. */
    async lockWallets(userIds: string[]): Promise<void> {
      if (userIds.length === 0) return;
      await queryNamed(db, lockWalletsStatement, [[...userIds].sort()]);
    },

    /** Each ledger key's transaction and request hash, or null where the key is not applied; one per key, in order. */
    async appliedKeys(keys: { userId: string; key: string }[]): Promise<({ transactionId: number; requestHash: string | null } | null)[]> {
      if (keys.length === 0) return [];
      const rows = await queryNamed(db, appliedKeysStatement, [keys.map((key) => key.userId), keys.map((key) => key.key)]);
      return rows.map((row) => (row.id === null ? null : { transactionId: Number(row.id), requestHash: nullableString(row.request_hash) }));
    },

    /** The first lock of a user's movement (docs/architecture.md#locking); null when the user has no wallet. */
    async lockWallet(userId: string): Promise<WalletRow | null> {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select user_id, orange_purchased, orange_bonus, berry_purchased, berry_bonus from point_wallets where user_id = ${userId} for update`);
      const row = rows[0];
      if (!row) return null;
      return {
        userId: String(row.user_id),
        orangePurchased: Number(row.orange_purchased),
        orangeBonus: Number(row.orange_bonus),
        berryPurchased: Number(row.berry_purchased),
        berryBonus: Number(row.berry_bonus),
      };
    },

    /** The second lock: a user's lots that still hold points (of one currency, or some ids), in id order. */
    async lockLots(filter: { userId: string; currency?: PointCurrency; ids?: number[]; paymentId?: string; expiredBy?: Date }): Promise<LockedLot[]> {
      const conditions: SQL[] = [sql`user_id = ${filter.userId}`];
      if (filter.currency) conditions.push(sql`currency = ${filter.currency}`);
      if (filter.ids) conditions.push(sql`id in (select value::bigint from jsonb_array_elements_text(${JSON.stringify(filter.ids)}::jsonb))`);
      if (filter.paymentId) conditions.push(sql`payment_id = ${filter.paymentId}`);
      else if (!filter.ids) conditions.push(sql`live`);
      if (filter.expiredBy) conditions.push(sql`expires_at < ${filter.expiredBy.toISOString()}::timestamptz`);
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select id, kind, currency, original, remaining, ${epochMs(sql`expires_at`)} as expires_ms, payment_id
        from point_lots where ${sql.join(conditions, sql` and `)} order by id for update`);
      return rows.map((row) => ({
        id: Number(row.id),
        kind: row.kind as LotKind,
        currency: row.currency as PointCurrency,
        original: Number(row.original),
        remaining: Number(row.remaining),
        expiresAt: asDate(row.expires_ms),
        paymentId: nullableString(row.payment_id),
      }));
    },

    /**
     * One movement as one statement: the transaction, its lot debits and credits, new lots, every
     * posting and the wallet's cached balances. The lots were locked before; an escrow account's
     * side is its posting (no row of the project is updated, decision 011).
     */
    async post(movement: Movement): Promise<PostedMovement> {
      const debits = movement.lotDebits ?? [];
      const credits = movement.lotCredits ?? [];
      const newLots = movement.newLots ?? [];
      const lotTotal =
        credits.reduce((sum, leg) => sum + leg.amount, 0) +
        newLots.reduce((sum, leg) => sum + leg.amount, 0) -
        debits.reduce((sum, leg) => sum + leg.amount, 0);
      const counterTotal = movement.counters.reduce((sum, leg) => sum + leg.amount, 0);
      // Double entry: refuse to write a transaction whose legs do not sum to zero.
      if (lotTotal + counterTotal !== 0) throw new Error(`unbalanced movement: lots ${lotTotal}, counters ${counterTotal}`);

      const delta: Record<LotKind, number> = { purchased: 0, bonus: 0 };
      for (const leg of debits) delta[leg.kind] -= leg.amount;
      for (const leg of credits) delta[leg.kind] += leg.amount;
      for (const leg of newLots) delta[leg.kind] += leg.amount;
      const purchasedColumn = sql.raw(walletColumn(movement.currency, 'purchased'));
      const bonusColumn = sql.raw(walletColumn(movement.currency, 'bonus'));
      const escrowId = movement.counters.find((leg) => 'escrowAccountId' in leg) as { escrowAccountId: number } | undefined;
      const changes = JSON.stringify([
        ...debits.map((leg) => ({ lot_id: leg.lotId, amount: -leg.amount })),
        ...credits.map((leg) => ({ lot_id: leg.lotId, amount: leg.amount })),
      ]);
      const created = JSON.stringify(
        newLots.map((leg, position) => ({
          position,
          kind: leg.kind,
          amount: leg.amount,
          expires_at: leg.expiresAt.toISOString(),
          parent_lot_id: leg.parentLotId ?? null,
          payment_id: leg.paymentId ?? null,
        })),
      );
      const counters = JSON.stringify(
        movement.counters.map((leg) => ({
          escrow_account_id: 'escrowAccountId' in leg ? leg.escrowAccountId : null,
          system_account: 'systemAccount' in leg ? leg.systemAccount : null,
          amount: leg.amount,
        })),
      );
      const now = movement.now.toISOString();
      const { rows } = await db.execute<{ id: unknown; lot_ids: unknown }>(sql`
        with t as (
          insert into point_transactions (user_id, currency, type, reason, amount, project_id, escrow_account_id, payment_id, related_transaction_id, idempotency_key, created_at)
          values (${movement.userId}, ${movement.currency}, ${movement.type}, ${movement.reason}, ${lotTotal}, ${movement.projectId ?? null},
            ${escrowId?.escrowAccountId ?? movement.escrowAccountId ?? null}, ${movement.paymentId ?? null}, ${movement.relatedTransactionId ?? null},
            ${movement.idempotencyKey}, ${now}::timestamptz)
          returning id
        ),
        changed as (
          update point_lots l set remaining = l.remaining + v.amount
          from jsonb_to_recordset(${changes}::jsonb) as v(lot_id bigint, amount int)
          where l.id = v.lot_id and l.user_id = ${movement.userId}
          returning l.id, v.amount
        ),
        created as (
          insert into point_lots (user_id, currency, kind, original, remaining, expires_at, parent_lot_id, source_transaction_id, payment_id, created_at)
          select ${movement.userId}, ${movement.currency}, v.kind, v.amount, v.amount, v.expires_at, v.parent_lot_id, t.id, v.payment_id, ${now}::timestamptz
          from t, jsonb_to_recordset(${created}::jsonb) as v(position int, kind text, amount int, expires_at timestamptz, parent_lot_id bigint, payment_id uuid)
          order by v.position
          returning id, original
        ),
        legs as (
          insert into point_postings (transaction_id, currency, lot_id, escrow_account_id, system_account, amount)
          select t.id, ${movement.currency}::text, changed.id, null::bigint, null::text, changed.amount from t, changed
          union all select t.id, ${movement.currency}::text, created.id, null::bigint, null::text, created.original from t, created
          union all select t.id, ${movement.currency}::text, null::bigint, v.escrow_account_id, v.system_account, v.amount
            from t, jsonb_to_recordset(${counters}::jsonb) as v(escrow_account_id bigint, system_account text, amount int)
        ),
        wallet as (
          update point_wallets set ${purchasedColumn} = ${purchasedColumn} + ${delta.purchased}, ${bonusColumn} = ${bonusColumn} + ${delta.bonus},
            updated_at = ${now}::timestamptz
          where user_id = ${movement.userId}
        )
        select t.id, (select coalesce(json_agg(created.id order by created.id), '[]'::json) from created) as lot_ids from t`);
      const row = rows[0]!;
      const lotIds = jsonValue(row.lot_ids) as unknown[];
      return { transactionId: Number(row.id), newLotIds: lotIds.map(Number) };
    },

    /** Decisions 011 and 013: the spend statement above, for requests of different users; the service decides what each answer means. */
    async spendBatch(requests: SpendRequest[], batch: { currency: PointCurrency; now: Date }): Promise<OneStatementSpend[]> {
      assertOneRequestPerUser(requests);
      const rows = await queryNamed(db, spendStatement, [
        ...columnsOf(requests, ['userId', 'amount', 'idempotencyKey', 'requestHash', 'escrowAccountId', 'projectId', 'reason']),
        batch.currency,
        batch.now.toISOString(),
      ]);
      return rows.map((row) => {
        const existingId = nullableNumber(row.existing_id);
        return {
          existing: existingId === null ? null : { transactionId: existingId, requestHash: nullableString(row.existing_request_hash) },
          escrowTakesCurrency: Boolean(row.escrow_takes_currency),
          available: Number(row.available),
          enough: Boolean(row.enough),
          transactionId: nullableNumber(row.transaction_id),
          allocations: (jsonValue(row.allocations) as { lotId: unknown; kind: LotKind; amount: unknown }[]).map((leg) => ({
            lotId: Number(leg.lotId),
            kind: leg.kind,
            amount: Number(leg.amount),
          })),
        };
      });
    },

    /** Decisions 011 and 013: the exchange statement above, for requests of different users. */
    async exchangeBatch(
      requests: ExchangeRequest[],
      batch: { now: Date; berryPerOrange: number; berryExpiresAt: Record<LotKind, Date> },
    ): Promise<OneStatementExchange[]> {
      assertOneRequestPerUser(requests);
      const rows = await queryNamed(db, exchangeStatement, [
        ...columnsOf(requests, ['userId', 'orange', 'spendKey', 'creditKey', 'requestHash', 'otherWriteKey']),
        batch.now.toISOString(),
        batch.berryPerOrange,
        batch.berryExpiresAt.purchased.toISOString(),
        batch.berryExpiresAt.bonus.toISOString(),
      ]);
      return rows.map((row) => {
        const existingId = nullableNumber(row.existing_id);
        const spendId = nullableNumber(row.spend_id);
        return {
          existing:
            existingId === null
              ? null
              : {
                  spendTransactionId: existingId,
                  exchangeTransactionId: Number(row.existing_exchange_id),
                  berry: Number(row.existing_berry),
                  requestHash: nullableString(row.existing_request_hash),
                },
          otherWrite: Boolean(row.other_write),
          available: Number(row.available),
          enough: Boolean(row.enough),
          written: spendId === null ? null : { spendTransactionId: spendId, exchangeTransactionId: Number(row.exchange_id), berry: Number(row.berry) },
        };
      });
    },

    /** The lots a transaction took points from, with what each gave (a participation's allocations). */
    async allocationsOf(transactionId: number) {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select p.lot_id, l.kind, -p.amount as amount, ${epochMs(sql`l.expires_at`)} as expires_ms
        from point_postings p join point_lots l on l.id = p.lot_id
        where p.transaction_id = ${transactionId} and p.amount < 0 order by p.lot_id`);
      return rows.map((row) => ({
        lotId: Number(row.lot_id),
        kind: row.kind as LotKind,
        amount: Number(row.amount),
        lotExpiresAt: asDate(row.expires_ms),
      }));
    },

    /** A charge's lots as they stand, unlocked: what a charge shows (is it untouched? what is left to refund?). */
    async lotsOfPayment(paymentId: string) {
      const { rows } = await db.execute<Record<string, unknown>>(
        sql`select kind, original, remaining, ${epochMs(sql`expires_at`)} as expires_ms from point_lots where payment_id = ${paymentId}`,
      );
      return rows.map((row) => ({ kind: row.kind as LotKind, original: Number(row.original), remaining: Number(row.remaining), expiresAt: asDate(row.expires_ms) }));
    },

    /**
     * Every entry that moved points of a charge's lots, but the ones that made them (charge and
     * bonus): per entry its sum over those lots, in id order.
     */
    async movementsOfPaymentLots(paymentId: string): Promise<PaymentLotMovement[]> {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select t.id, t.type, t.reason, sum(p.amount)::int as amount, t.project_id
        from point_lots l
        join point_postings p on p.lot_id = l.id
        join point_transactions t on t.id = p.transaction_id
        where l.payment_id = ${paymentId} and t.type not in ('charge', 'bonus')
        group by t.id
        order by t.id`);
      return rows.map((row) => ({
        transactionId: Number(row.id),
        type: String(row.type),
        reason: String(row.reason),
        amount: Number(row.amount),
        projectId: nullableNumber(row.project_id),
      }));
    },

    /** How many refunds of a charge were reversed (the gateway refused the cancellation). */
    async reversedRefundCount(paymentId: string): Promise<number> {
      const { rows } = await db.execute<{ n: unknown }>(
        sql`select count(*)::int as n from point_transactions where payment_id = ${paymentId} and reason = 'refund_reversed'`,
      );
      return Number(rows[0]!.n);
    },

    /**
     * Empties an escrow into the consumed account (decision 055): a settlement row and its two legs,
     * escrow out and consumed in, in one statement. Once per escrow (a second call settles nothing);
     * an empty escrow is not settled. Answers the amount settled now.
     */
    async settleEscrow(input: { escrowAccountId: number; projectId: number; currency: PointCurrency; now: Date }): Promise<number> {
      const { rows } = await db.execute<{ settled: unknown }>(sql`
        with balance as (
          select coalesce(sum(amount), 0)::int as amount from point_postings where escrow_account_id = ${input.escrowAccountId}
        ),
        settlement as (
          insert into point_escrow_settlements (escrow_account_id, project_id, currency, amount, created_at)
          select ${input.escrowAccountId}, ${input.projectId}, ${input.currency}, amount, ${input.now.toISOString()}::timestamptz from balance where amount > 0
          on conflict (escrow_account_id) do nothing
          returning id, amount
        ),
        legs as (
          insert into point_postings (settlement_id, currency, escrow_account_id, system_account, amount)
          select id, ${input.currency}, ${input.escrowAccountId}::bigint, null::text, -amount from settlement
          union all select id, ${input.currency}, null::bigint, 'consumed', amount from settlement
        )
        select coalesce((select amount from settlement), 0) as settled`);
      return Number(rows[0]!.settled);
    },

    /**
     * A project's escrow account, summed by what moved it (decision 107): each of its postings is a
     * participation's spend into it (the one keyed `depositKey` told apart), a return out of it to
     * the fan's lots or, for an account deleted since, to the forfeited account, or its settlement
     * to the consumed account; a posting of none of these is `unclassified`. Figures come from the
     * escrow's own legs, so an altered leg shows. Null when the project has no escrow account.
     */
    async escrowMovementsOf(projectId: number, depositKey: string): Promise<EscrowMovements | null> {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        with escrow as (select id, currency from point_escrow_accounts where project_id = ${projectId}),
        legs as (
          select p.amount, t.type, t.user_id, t.idempotency_key, p.settlement_id,
            exists (select 1 from point_postings f where f.transaction_id = t.id and f.system_account = 'forfeited') as forfeited
          from point_postings p left join point_transactions t on t.id = p.transaction_id
          where p.escrow_account_id = (select id from escrow)
        )
        select e.id, e.currency,
          coalesce(sum(l.amount) filter (where l.type = 'spend' and l.idempotency_key <> ${depositKey}), 0)::bigint as participations,
          (count(*) filter (where l.type = 'spend' and l.idempotency_key <> ${depositKey}))::int as participation_count,
          coalesce(sum(l.amount) filter (where l.type = 'spend' and l.idempotency_key = ${depositKey}), 0)::bigint as deposit,
          (count(distinct l.user_id) filter (where l.type = 'spend'))::int as participants,
          coalesce(-sum(l.amount) filter (where l.type = 'return' and not l.forfeited), 0)::bigint as returned,
          coalesce(-sum(l.amount) filter (where l.type = 'return' and l.forfeited), 0)::bigint as forfeited,
          coalesce(-sum(l.amount) filter (where l.settlement_id is not null), 0)::bigint as consumed,
          coalesce(sum(l.amount) filter (where l.settlement_id is null and l.type is distinct from 'spend' and l.type is distinct from 'return'), 0)::bigint as unclassified,
          coalesce(sum(l.amount), 0)::bigint as balance
        from escrow e left join legs l on true
        group by e.id, e.currency`);
      const row = rows[0];
      if (!row) return null;
      const figure = (name: string) => Number(row[name]);
      return {
        escrowAccountId: figure('id'),
        currency: row.currency as PointCurrency,
        participations: figure('participations'),
        participationCount: figure('participation_count'),
        deposit: figure('deposit'),
        participants: figure('participants'),
        returned: figure('returned'),
        forfeited: figure('forfeited'),
        consumed: figure('consumed'),
        unclassified: figure('unclassified'),
        balance: figure('balance'),
      };
    },

    async createEscrowAccount(currency: PointCurrency, projectId: number | null) {
      const { rows } = await db.execute<{ id: unknown }>(
        sql`insert into point_escrow_accounts (project_id, currency) values (${projectId}, ${currency}) returning id`,
      );
      return Number(rows[0]!.id);
    },

    /** Users holding points in a lot past its end (the expiry sweep's work list). */
    async usersWithExpiredLots(now: Date, limit: number): Promise<string[]> {
      const { rows } = await db.execute<{ user_id: unknown }>(sql`
        select distinct user_id from point_lots where live and expires_at < ${now.toISOString()}::timestamptz limit ${limit}`);
      return rows.map((row) => String(row.user_id));
    },

    /** Live lots ending in (now, horizon] with no notice at `days` or fewer, in id order after `afterLotId`. */
    async lotsDueExpiryNotice({ days, afterLotId, limit, now, horizon }: { days: number; afterLotId: number; limit: number; now: Date; horizon: Date }) {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select l.id, l.user_id, l.currency, l.remaining, l.expires_at from point_lots l
        where l.live and l.expires_at > ${now.toISOString()}::timestamptz and l.expires_at <= ${horizon.toISOString()}::timestamptz
          and l.id > ${afterLotId}
          and not exists (select 1 from point_lot_expiry_notices n where n.lot_id = l.id and n.days <= ${days})
        order by l.id limit ${limit}`);
      return rows.map((row) => ({
        id: Number(row.id),
        userId: String(row.user_id),
        currency: row.currency as PointCurrency,
        remaining: Number(row.remaining),
        expiresAt: new Date(row.expires_at as string),
      }));
    },

    /** Records the notice at `days` for each lot not told at `days` or fewer yet; answers the lots taken by this call. */
    async takeExpiryNotices(lotIds: number[], days: number, now: Date): Promise<number[]> {
      if (lotIds.length === 0) return [];
      const { rows } = await db.execute<{ lot_id: unknown }>(sql`
        insert into point_lot_expiry_notices (lot_id, days, noticed_at)
        select unnest(${sql.param(lotIds)}::bigint[]), ${days}, ${now.toISOString()}::timestamptz
        on conflict (lot_id) do update set days = excluded.days, noticed_at = excluded.noticed_at
          where point_lot_expiry_notices.days > excluded.days
        returning lot_id`);
      return rows.map((row) => Number(row.lot_id));
    },

    /** What can be spent now, by currency and kind, and what of it ends within `horizon`. */
    async balances(userId: string, now: Date, horizon: Date) {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select currency, kind, coalesce(sum(remaining), 0)::int as total,
          coalesce(sum(remaining) filter (where expires_at <= ${horizon.toISOString()}::timestamptz), 0)::int as expiring
        from point_lots where user_id = ${userId} and live and expires_at >= ${now.toISOString()}::timestamptz
        group by currency, kind`);
      return rows.map((row) => ({
        currency: row.currency as PointCurrency,
        kind: row.kind as LotKind,
        total: Number(row.total),
        expiring: Number(row.expiring),
      }));
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;

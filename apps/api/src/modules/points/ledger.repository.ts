import { sql, type SQL } from 'drizzle-orm';
import { queryNamed, type DbOrTx, type NamedStatement } from '../../db/client.ts';
import type { Allocation, LotKind, PointCurrency } from '../../lib/points/rules.ts';

/**
 * The ledger's SQL, written as few statements as possible (TOOLCHAIN "Where the time goes"): a
 * point movement is two locking reads and one `WITH … INSERT … UPDATE` statement.
 */

export type SystemAccount = 'sales' | 'bonus_expense' | 'expired' | 'exchange' | 'refunds' | 'forfeited' | 'returns';
export type TransactionType = 'charge' | 'bonus' | 'spend' | 'refund' | 'return' | 'exchange';

export type WalletRow = {
  userId: string;
  orangePurchased: number;
  orangeBonus: number;
  berryPurchased: number;
  berryBonus: number;
  /** The transaction already applied with the idempotency key asked about, if any. */
  existingTransactionId: number | null;
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

/**
 * Decision 011: a spend as one statement, run in autocommit where it can be. The fragment below
 * locks the wallet row (the `wallet` CTE the statement defines), then the user's usable lots
 * FOR UPDATE, and allocates with a running sum in the order of `allocateSpend` (lib/points/rules.ts,
 * the reference the model test R5 checks this against): bonus first, soonest expiry first, then
 * the oldest lot; never a lot past its end.
 *
 * At READ COMMITTED the statement has one snapshot, taken before it waits on the wallet lock: the
 * lots must be read FOR UPDATE here, in the same statement, so that PostgreSQL re-reads a lot a
 * concurrent writer changed (and drops it when it no longer matches) once that writer commits. The
 * lots are scanned only after the wallet is locked, because their user id comes from `wallet`.
 * The writes then set the values read under those locks (`remaining = locked - taken`), never
 * `remaining - taken`: an UPDATE of a row this statement already locked computes from the
 * snapshot's stale version (seen in R3: a return committed during the wait was overwritten).
 */
function lockAndAllocate({ currency, amount, now }: { currency: string; amount: string; now: string }) {
  return `
  lots as (
    select id, kind, remaining, expires_at from point_lots
    where user_id = (select user_id from wallet) and currency = ${currency} and remaining > 0 and expires_at >= ${now}
    order by id
    for update
  ),
  allocation as (
    select id, kind, remaining, least(remaining, ${amount} - (reached - remaining))::int as amount, reached
    from (select id, kind, remaining, sum(remaining) over (order by kind = 'bonus' desc, expires_at, id) as reached from lots) ordered
    where reached - remaining < ${amount}
  ),
  available as (
    select coalesce(sum(remaining), 0)::int as points, exists (select 1 from wallet) and coalesce(sum(remaining), 0) >= ${amount} as enough from lots
  )`;
}

/** Takes the allocation out of the lots once the ledger row `gate` exists (no row: nothing is written). */
function debitAllocation(gate: string) {
  return `
  debits as (
    update point_lots l set remaining = a.remaining - a.amount
    from allocation a where l.id = a.id and exists (select 1 from ${gate})
    returning l.id, a.kind, a.amount
  ),
  debited as (
    select coalesce(sum(amount) filter (where kind = 'purchased'), 0)::int as purchased,
      coalesce(sum(amount) filter (where kind = 'bonus'), 0)::int as bonus
    from debits
  )`;
}

/**
 * A spend into an escrow account. $1 user, $2 currency, $3 amount, $4 now, $5 idempotency key,
 * $6 request hash, $7 escrow account, $8 project (null: the escrow's), $9 reason. The escrow's side
 * is one inserted posting: no row of the project is updated, so its participations never queue on
 * one another (decision 011; the escrow's balance is the sum of its postings). The key
 * already applied answers instead (a replay); a key a concurrent spend committed after this
 * statement's snapshot makes the insert do nothing, and the caller runs the statement again.
 */
const spendStatement: NamedStatement = {
  name: 'ledger_spend_v1',
  text: `
  with existing as (
    select id, request_hash from point_transactions where user_id = $1::uuid and idempotency_key = $5::text
  ),
  escrow as (
    select id, project_id from point_escrow_accounts where id = $7::bigint and currency = $2::text
  ),
  wallet as (
    select user_id, orange_purchased, orange_bonus, berry_purchased, berry_bonus from point_wallets
    where user_id = $1::uuid and not exists (select 1 from existing) and exists (select 1 from escrow)
    for update
  ),
  ${lockAndAllocate({ currency: '$2::text', amount: '$3::int', now: '$4::timestamptz' })},
  spend as (
    insert into point_transactions (user_id, currency, type, reason, amount, project_id, escrow_account_id, idempotency_key, request_hash, created_at)
    select $1::uuid, $2::text, 'spend', $9::text, -$3::int, coalesce($8::int, escrow.project_id), escrow.id, $5::text, $6::text, $4::timestamptz
    from escrow where (select enough from available)
    on conflict (user_id, idempotency_key) do nothing
    returning id
  ),
  ${debitAllocation('spend')},
  postings as (
    insert into point_postings (transaction_id, currency, lot_id, escrow_account_id, system_account, amount)
    select spend.id, $2::text, debits.id, null, null, -debits.amount from spend, debits
    union all
    select spend.id, $2::text, null, escrow.id, null, $3::int from spend, escrow
  ),
  wallet_update as (
    update point_wallets w set
      orange_purchased = locked.orange_purchased - case when $2::text = 'orange' then d.purchased else 0 end,
      orange_bonus = locked.orange_bonus - case when $2::text = 'orange' then d.bonus else 0 end,
      berry_purchased = locked.berry_purchased - case when $2::text = 'berry' then d.purchased else 0 end,
      berry_bonus = locked.berry_bonus - case when $2::text = 'berry' then d.bonus else 0 end,
      updated_at = $4::timestamptz
    from wallet locked, debited d
    where w.user_id = locked.user_id and exists (select 1 from spend)
  )
  select (select id from existing) as existing_id,
    (select request_hash from existing) as existing_request_hash,
    exists (select 1 from escrow) as escrow_takes_currency,
    (select points from available) as available,
    (select enough from available) as enough,
    (select id from spend) as transaction_id,
    (select coalesce(json_agg(json_build_object('lotId', id, 'kind', kind, 'amount', amount) order by reached), '[]'::json) from allocation) as allocations`,
};

/**
 * Orange → Berry as one statement: the Orange spend (system account exchange) and the Berry
 * credit, one lot per kind. $1 user, $2 Orange, $3 now, $4 the spend's key, $5 the credit's key,
 * $6 the client's Idempotency-Key (an answer stored under it by another write: see idempotency.ts),
 * $7 request hash, $8 Berry per Orange, $9 and $10 the purchased and bonus Berry lots' end.
 */
const exchangeStatement: NamedStatement = {
  name: 'ledger_exchange_v1',
  text: `
  with existing as (
    select s.id, s.request_hash, b.id as exchange_id, b.amount as berry
    from point_transactions s left join point_transactions b on b.user_id = $1::uuid and b.idempotency_key = $5::text
    where s.user_id = $1::uuid and s.idempotency_key = $4::text
  ),
  earlier_answer as (
    select request_hash, status_code, response from idempotency_keys where user_id = $1::uuid and key = $6::text
  ),
  wallet as (
    select user_id, orange_purchased, orange_bonus, berry_purchased, berry_bonus from point_wallets
    where user_id = $1::uuid and not exists (select 1 from existing) and not exists (select 1 from earlier_answer)
    for update
  ),
  ${lockAndAllocate({ currency: `'orange'`, amount: '$2::int', now: '$3::timestamptz' })},
  spend as (
    insert into point_transactions (user_id, currency, type, reason, amount, idempotency_key, request_hash, created_at)
    select $1::uuid, 'orange', 'spend', 'exchange', -$2::int, $4::text, $7::text, $3::timestamptz
    where (select enough from available)
    on conflict (user_id, idempotency_key) do nothing
    returning id
  ),
  ${debitAllocation('spend')},
  berry as (
    select kind, (sum(amount) * $8::int)::int as amount, case when kind = 'bonus' then $10::timestamptz else $9::timestamptz end as expires_at
    from allocation group by kind
  ),
  exchange as (
    insert into point_transactions (user_id, currency, type, reason, amount, related_transaction_id, idempotency_key, created_at)
    select $1::uuid, 'berry', 'exchange', 'exchange', (select sum(amount) from berry)::int, spend.id, $5::text, $3::timestamptz from spend
    returning id, amount
  ),
  new_lots as (
    insert into point_lots (user_id, currency, kind, original, remaining, expires_at, source_transaction_id, created_at)
    select $1::uuid, 'berry', berry.kind, berry.amount, berry.amount, berry.expires_at, exchange.id, $3::timestamptz
    from exchange, berry order by berry.kind = 'bonus' desc
    returning id, original
  ),
  postings as (
    insert into point_postings (transaction_id, currency, lot_id, system_account, amount)
    select spend.id, 'orange', debits.id, null, -debits.amount from spend, debits
    union all select spend.id, 'orange', null, 'exchange', $2::int from spend
    union all select exchange.id, 'berry', new_lots.id, null, new_lots.original from exchange, new_lots
    union all select exchange.id, 'berry', null, 'exchange', -exchange.amount from exchange
  ),
  wallet_update as (
    update point_wallets w set
      orange_purchased = locked.orange_purchased - d.purchased, orange_bonus = locked.orange_bonus - d.bonus,
      berry_purchased = locked.berry_purchased + d.purchased * $8::int, berry_bonus = locked.berry_bonus + d.bonus * $8::int,
      updated_at = $3::timestamptz
    from wallet locked, debited d
    where w.user_id = locked.user_id and exists (select 1 from spend)
  )
  select (select id from existing) as existing_id,
    (select request_hash from existing) as existing_request_hash,
    (select exchange_id from existing) as existing_exchange_id,
    (select berry from existing) as existing_berry,
    (select request_hash from earlier_answer) as earlier_request_hash,
    (select status_code from earlier_answer) as earlier_status_code,
    (select response from earlier_answer) as earlier_response,
    (select points from available) as available,
    (select enough from available) as enough,
    (select id from spend) as spend_id,
    (select id from exchange) as exchange_id,
    (select amount from exchange) as berry`,
};

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
  earlierAnswer: { requestHash: string; statusCode: number; body: unknown } | null;
  available: number;
  enough: boolean;
  /** Null when nothing was written. */
  written: { spendTransactionId: number; exchangeTransactionId: number; berry: number } | null;
};

const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const nullableString = (value: unknown) => (value === null || value === undefined ? null : String(value));
const parsedJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

function walletColumn(currency: PointCurrency, kind: LotKind): string {
  return `${currency}_${kind}`;
}

export function createLedgerRepository({ db }: { db: DbOrTx }) {
  return {
    /** Creates the user's wallet row when missing (a first charge). */
    async ensureWallet(userId: string) {
      await db.execute(sql`insert into point_wallets (user_id) values (${userId}) on conflict (user_id) do nothing`);
    },

    /**
     * The first lock of every movement (ARCHITECTURE §4). Answers, in the same round trip, the
     * transaction already applied with `idempotencyKey`, so a replay is recognised under the lock.
     */
    async lockWallet(userId: string, idempotencyKey: string | null = null): Promise<WalletRow | null> {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select w.user_id, w.orange_purchased, w.orange_bonus, w.berry_purchased, w.berry_bonus,
          (select t.id from point_transactions t where t.user_id = w.user_id and t.idempotency_key = ${idempotencyKey}) as existing_id
        from point_wallets w where w.user_id = ${userId} for update of w`);
      const row = rows[0];
      if (!row) return null;
      return {
        userId: String(row.user_id),
        orangePurchased: Number(row.orange_purchased),
        orangeBonus: Number(row.orange_bonus),
        berryPurchased: Number(row.berry_purchased),
        berryBonus: Number(row.berry_bonus),
        existingTransactionId: row.existing_id === null || row.existing_id === undefined ? null : Number(row.existing_id),
      };
    },

    /** The second lock: a user's lots that still hold points (of one currency, or some ids), in id order. */
    async lockLots(filter: { userId: string; currency?: PointCurrency; ids?: number[]; paymentId?: string; expiredBy?: Date }): Promise<LockedLot[]> {
      const conditions: SQL[] = [sql`user_id = ${filter.userId}`];
      if (filter.currency) conditions.push(sql`currency = ${filter.currency}`);
      if (filter.ids) conditions.push(sql`id in (select value::bigint from jsonb_array_elements_text(${JSON.stringify(filter.ids)}::jsonb))`);
      if (filter.paymentId) conditions.push(sql`payment_id = ${filter.paymentId}`);
      else if (!filter.ids) conditions.push(sql`remaining > 0`);
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
        expiresAt: new Date(Number(row.expires_ms)),
        paymentId: row.payment_id === null ? null : String(row.payment_id),
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
      const lotIds = (typeof row.lot_ids === 'string' ? JSON.parse(row.lot_ids) : row.lot_ids) as unknown[];
      return { transactionId: Number(row.id), newLotIds: lotIds.map(Number) };
    },

    /** decision 011: the spend statement above; the service decides what its answer means. */
    async spendInOneStatement(input: {
      userId: string;
      currency: PointCurrency;
      amount: number;
      now: Date;
      idempotencyKey: string;
      requestHash: string | null;
      escrowAccountId: number;
      projectId: number | null;
      reason: string;
    }): Promise<OneStatementSpend> {
      const [row] = await queryNamed(db, spendStatement, [
        input.userId,
        input.currency,
        input.amount,
        input.now.toISOString(),
        input.idempotencyKey,
        input.requestHash,
        input.escrowAccountId,
        input.projectId,
        input.reason,
      ]);
      const existingId = nullableNumber(row!.existing_id);
      return {
        existing: existingId === null ? null : { transactionId: existingId, requestHash: nullableString(row!.existing_request_hash) },
        escrowTakesCurrency: Boolean(row!.escrow_takes_currency),
        available: Number(row!.available ?? 0),
        enough: Boolean(row!.enough),
        transactionId: nullableNumber(row!.transaction_id),
        allocations: (parsedJson(row!.allocations) as { lotId: unknown; kind: LotKind; amount: unknown }[]).map((leg) => ({
          lotId: Number(leg.lotId),
          kind: leg.kind,
          amount: Number(leg.amount),
        })),
      };
    },

    /** decision 011: the exchange statement above. */
    async exchangeInOneStatement(input: {
      userId: string;
      orange: number;
      now: Date;
      spendKey: string;
      creditKey: string;
      clientKey: string;
      requestHash: string | null;
      berryPerOrange: number;
      berryExpiresAt: Record<LotKind, Date>;
    }): Promise<OneStatementExchange> {
      const [row] = await queryNamed(db, exchangeStatement, [
        input.userId,
        input.orange,
        input.now.toISOString(),
        input.spendKey,
        input.creditKey,
        input.clientKey,
        input.requestHash,
        input.berryPerOrange,
        input.berryExpiresAt.purchased.toISOString(),
        input.berryExpiresAt.bonus.toISOString(),
      ]);
      const existingId = nullableNumber(row!.existing_id);
      const spendId = nullableNumber(row!.spend_id);
      const earlierHash = nullableString(row!.earlier_request_hash);
      return {
        existing:
          existingId === null
            ? null
            : {
                spendTransactionId: existingId,
                exchangeTransactionId: Number(row!.existing_exchange_id),
                berry: Number(row!.existing_berry),
                requestHash: nullableString(row!.existing_request_hash),
              },
        earlierAnswer:
          earlierHash === null ? null : { requestHash: earlierHash, statusCode: Number(row!.earlier_status_code), body: parsedJson(row!.earlier_response) },
        available: Number(row!.available ?? 0),
        enough: Boolean(row!.enough),
        written: spendId === null ? null : { spendTransactionId: spendId, exchangeTransactionId: Number(row!.exchange_id), berry: Number(row!.berry) },
      };
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
        lotExpiresAt: new Date(Number(row.expires_ms)),
      }));
    },

    async findTransaction(transactionId: number) {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select id, user_id, currency, type, reason, amount, project_id, escrow_account_id, payment_id from point_transactions where id = ${transactionId}`);
      const row = rows[0];
      if (!row) return undefined;
      return {
        id: Number(row.id),
        userId: String(row.user_id),
        currency: row.currency as PointCurrency,
        type: row.type as TransactionType,
        reason: String(row.reason),
        amount: Number(row.amount),
        projectId: row.project_id === null ? null : Number(row.project_id),
        escrowAccountId: row.escrow_account_id === null ? null : Number(row.escrow_account_id),
        paymentId: row.payment_id === null ? null : String(row.payment_id),
      };
    },

    async findTransactionByKey(userId: string, idempotencyKey: string) {
      const { rows } = await db.execute<{ id: unknown }>(
        sql`select id from point_transactions where user_id = ${userId} and idempotency_key = ${idempotencyKey}`,
      );
      return rows[0] ? Number(rows[0].id) : undefined;
    },

    async findEscrowAccount(escrowAccountId: number) {
      const { rows } = await db.execute<Record<string, unknown>>(
        sql`select id, project_id, currency from point_escrow_accounts where id = ${escrowAccountId}`,
      );
      const row = rows[0];
      if (!row) return undefined;
      return { id: Number(row.id), projectId: row.project_id === null ? null : Number(row.project_id), currency: row.currency as PointCurrency };
    },

    /** What an escrow account holds: the sum of its postings (participations in, returns out). */
    async escrowBalance(escrowAccountId: number): Promise<number> {
      const { rows } = await db.execute<{ balance: unknown }>(
        sql`select coalesce(sum(amount), 0)::int as balance from point_postings where escrow_account_id = ${escrowAccountId}`,
      );
      return Number(rows[0]!.balance);
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
        select distinct user_id from point_lots where remaining > 0 and expires_at < ${now.toISOString()}::timestamptz limit ${limit}`);
      return rows.map((row) => String(row.user_id));
    },

    /**
     * Points that end between `now` and `horizon`, per user and currency, for a page of users in id
     * order after `afterUserId` (the notifications' work list; reads the expiry index's range).
     */
    async expiringSoon({ now, horizon, afterUserId, userLimit }: { now: Date; horizon: Date; afterUserId: string | null; userLimit: number }) {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        with live as (
          select user_id, currency, remaining, expires_at from point_lots
          where remaining > 0 and expires_at >= ${now.toISOString()}::timestamptz and expires_at <= ${horizon.toISOString()}::timestamptz),
        page_users as (
          select distinct user_id from live
          where ${afterUserId}::uuid is null or user_id > ${afterUserId}::uuid
          order by user_id limit ${userLimit})
        select user_id, currency, sum(remaining)::int as amount, min(expires_at) as first_expires_at
        from live where user_id in (select user_id from page_users)
        group by user_id, currency order by user_id, currency`);
      return rows.map((row) => ({
        userId: String(row.user_id),
        currency: row.currency as PointCurrency,
        amount: Number(row.amount),
        firstExpiresAt: new Date(row.first_expires_at as string),
      }));
    },

    /** What can be spent now, by currency and kind, and what of it ends within `horizon`. */
    async balances(userId: string, now: Date, horizon: Date) {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select currency, kind, coalesce(sum(remaining), 0)::int as total,
          coalesce(sum(remaining) filter (where expires_at <= ${horizon.toISOString()}::timestamptz), 0)::int as expiring
        from point_lots where user_id = ${userId} and remaining > 0 and expires_at >= ${now.toISOString()}::timestamptz
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

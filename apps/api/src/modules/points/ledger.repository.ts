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
 * Decisions 011 and 013: spends as one statement, for a batch of requests of different users (one
 * request per user, so each user's allocation is its own). The fragment below locks the batch's
 * wallet rows in user-id order (the `wallet` CTE the statement defines), then those users' usable
 * lots FOR UPDATE, and allocates each user's `want` with a running sum in the order of
 * `allocateSpend` (lib/points/rules.ts, the reference the model test R5 checks this against):
 * bonus first, soonest expiry first, then the oldest lot; never a lot past its end.
 *
 * Lock order: wallets ascending by user id, and a user's lots only once their wallet is held, so
 * two batches (or a batch and any other movement, which also locks wallet then lots) queue instead
 * of deadlocking. The lots' user ids come from `wallet` through an InitPlan (`array(…)`), so no lot
 * is scanned before every wallet of the batch is locked.
 *
 * At READ COMMITTED the statement has one snapshot, taken before it waits on the wallet locks: the
 * lots must be read FOR UPDATE here, in the same statement, so that PostgreSQL re-reads a lot a
 * concurrent writer changed (and drops it when it no longer matches) once that writer commits.
 * The writes then set the values read under those locks (`remaining = locked - taken`), never
 * `remaining - taken`: an UPDATE of a row this statement already locked computes from the
 * snapshot's stale version (seen in R3: a return committed during the wait was overwritten).
 */
function lockAndAllocate({ currency, now }: { currency: string; now: string }) {
  return `
  want as (select r.n, r.user_id, r.amount from req r join wallet w on w.user_id = r.user_id),
  lots as (
    select id, user_id, kind, remaining, expires_at from point_lots
    where user_id = any(array(select user_id from wallet)) and currency = ${currency} and live and expires_at >= ${now}
    order by user_id, id
    for update
  ),
  allocation as (
    select o.id, o.user_id, o.kind, o.remaining, least(o.remaining, w.amount - (o.reached - o.remaining))::int as amount, o.reached
    from (select id, user_id, kind, remaining, sum(remaining) over (partition by user_id order by kind = 'bonus' desc, expires_at, id) as reached from lots) o
    join want w on w.user_id = o.user_id
    where o.reached - o.remaining < w.amount
  ),
  available as (
    select w.n, coalesce(sum(l.remaining), 0)::int as points, coalesce(sum(l.remaining), 0) >= w.amount as enough
    from want w left join lots l on l.user_id = w.user_id group by w.n, w.amount
  )`;
}

/** Takes each user's allocation out of the lots once that user's ledger row exists in `gate`. */
function debitAllocation(gate: string) {
  return `
  debits as (
    update point_lots l set remaining = a.remaining - a.amount
    from allocation a where l.id = a.id and a.user_id in (select user_id from ${gate})
    returning l.id, l.user_id, a.kind, a.amount
  ),
  debited as (
    select user_id, coalesce(sum(amount) filter (where kind = 'purchased'), 0)::int as purchased,
      coalesce(sum(amount) filter (where kind = 'bonus'), 0)::int as bonus
    from debits group by user_id
  )`;
}

/**
 * Spends into escrow accounts, one currency per batch. Per request (arrays, by position): $1 user,
 * $2 amount, $3 idempotency key, $4 request hash, $5 escrow account, $6 project (null: the
 * escrow's), $7 reason; then $8 the currency and $9 now. The escrow's side is one inserted posting:
 * no row of the project is updated, so its participations never queue on one another (decision
 * 011; the escrow's balance is the sum of its postings). A key already applied answers instead (a
 * replay); a key a concurrent spend committed after this statement's snapshot makes the insert do
 * nothing for that request, and the caller runs it again. One row per request, in order.
 */
const spendStatement: NamedStatement = {
  name: 'ledger_spend_batch_v1',
  text: `
  with req as (
    select * from unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::bigint[], $6::int[], $7::text[])
      with ordinality as r(user_id, amount, idempotency_key, request_hash, escrow_account_id, project_id, reason, n)
  ),
  existing as (
    select r.n, t.id, t.request_hash from req r join point_transactions t on t.user_id = r.user_id and t.idempotency_key = r.idempotency_key
  ),
  escrow as (
    select r.n, e.id, e.project_id from req r join point_escrow_accounts e on e.id = r.escrow_account_id and e.currency = $8::text
  ),
  wallet as (
    select user_id, orange_purchased, orange_bonus, berry_purchased, berry_bonus from point_wallets
    where user_id = any(array(select r.user_id from req r where r.n in (select n from escrow) and r.n not in (select n from existing)))
    order by user_id
    for update
  ),
  ${lockAndAllocate({ currency: '$8::text', now: '$9::timestamptz' })},
  spend as (
    insert into point_transactions (user_id, currency, type, reason, amount, project_id, escrow_account_id, idempotency_key, request_hash, created_at)
    select r.user_id, $8::text, 'spend', r.reason, -r.amount, coalesce(r.project_id, e.project_id), e.id, r.idempotency_key, r.request_hash, $9::timestamptz
    from req r join escrow e on e.n = r.n join available a on a.n = r.n
    where a.enough
    order by r.user_id
    on conflict (user_id, idempotency_key) do nothing
    returning id, user_id, escrow_account_id, -amount as amount
  ),
  ${debitAllocation('spend')},
  postings as (
    insert into point_postings (transaction_id, currency, lot_id, escrow_account_id, system_account, amount)
    select s.id, $8::text, d.id, null, null, -d.amount from spend s join debits d on d.user_id = s.user_id
    union all
    select s.id, $8::text, null, s.escrow_account_id, null, s.amount from spend s
  ),
  wallet_update as (
    update point_wallets w set
      orange_purchased = locked.orange_purchased - case when $8::text = 'orange' then d.purchased else 0 end,
      orange_bonus = locked.orange_bonus - case when $8::text = 'orange' then d.bonus else 0 end,
      berry_purchased = locked.berry_purchased - case when $8::text = 'berry' then d.purchased else 0 end,
      berry_bonus = locked.berry_bonus - case when $8::text = 'berry' then d.bonus else 0 end,
      updated_at = $9::timestamptz
    from wallet locked join debited d on d.user_id = locked.user_id
    where w.user_id = locked.user_id
  )
  select x.id as existing_id, x.request_hash as existing_request_hash, e.n is not null as escrow_takes_currency,
    coalesce(a.points, 0) as available, coalesce(a.enough, false) as enough, s.id as transaction_id,
    (select coalesce(json_agg(json_build_object('lotId', al.id, 'kind', al.kind, 'amount', al.amount) order by al.reached), '[]'::json)
      from allocation al where al.user_id = r.user_id) as allocations
  from req r left join existing x on x.n = r.n left join escrow e on e.n = r.n left join available a on a.n = r.n
    left join spend s on s.user_id = r.user_id
  order by r.n`,
};

/**
 * Orange → Berry for a batch of requests of different users: each request's Orange spend (system
 * account exchange) and its Berry credit, one lot per kind. Per request (arrays): $1 user, $2
 * Orange, $3 the spend's key, $4 the credit's key, $5 the client's Idempotency-Key (an answer
 * stored under it by another write: see idempotency.ts), $6 request hash; then $7 now, $8 Berry per
 * Orange, $9 and $10 the purchased and bonus Berry lots' end. One row per request, in order.
 */
const exchangeStatement: NamedStatement = {
  name: 'ledger_exchange_batch_v1',
  text: `
  with req as (
    select * from unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[])
      with ordinality as r(user_id, amount, spend_key, credit_key, client_key, request_hash, n)
  ),
  existing as (
    select r.n, s.id, s.request_hash, b.id as exchange_id, b.amount as berry
    from req r join point_transactions s on s.user_id = r.user_id and s.idempotency_key = r.spend_key
    left join point_transactions b on b.user_id = r.user_id and b.idempotency_key = r.credit_key
  ),
  earlier_answer as (
    select r.n, k.request_hash, k.status_code, k.response from req r join idempotency_keys k on k.user_id = r.user_id and k.key = r.client_key
  ),
  wallet as (
    select user_id, orange_purchased, orange_bonus, berry_purchased, berry_bonus from point_wallets
    where user_id = any(array(select r.user_id from req r where r.n not in (select n from existing) and r.n not in (select n from earlier_answer)))
    order by user_id
    for update
  ),
  ${lockAndAllocate({ currency: `'orange'`, now: '$7::timestamptz' })},
  spend as (
    insert into point_transactions (user_id, currency, type, reason, amount, idempotency_key, request_hash, created_at)
    select r.user_id, 'orange', 'spend', 'exchange', -r.amount, r.spend_key, r.request_hash, $7::timestamptz
    from req r join available a on a.n = r.n
    where a.enough
    order by r.user_id
    on conflict (user_id, idempotency_key) do nothing
    returning id, user_id, -amount as amount
  ),
  ${debitAllocation('spend')},
  berry as (
    select user_id, kind, (sum(amount) * $8::int)::int as amount, case when kind = 'bonus' then $10::timestamptz else $9::timestamptz end as expires_at
    from allocation group by user_id, kind
  ),
  exchange as (
    insert into point_transactions (user_id, currency, type, reason, amount, related_transaction_id, idempotency_key, created_at)
    select s.user_id, 'berry', 'exchange', 'exchange', s.amount * $8::int, s.id, r.credit_key, $7::timestamptz
    from spend s join req r on r.user_id = s.user_id
    order by s.user_id
    returning id, user_id, amount
  ),
  new_lots as (
    insert into point_lots (user_id, currency, kind, original, remaining, expires_at, source_transaction_id, created_at)
    select e.user_id, 'berry', b.kind, b.amount, b.amount, b.expires_at, e.id, $7::timestamptz
    from exchange e join berry b on b.user_id = e.user_id
    order by e.user_id, b.kind = 'bonus' desc
    returning id, original, source_transaction_id
  ),
  postings as (
    insert into point_postings (transaction_id, currency, lot_id, system_account, amount)
    select s.id, 'orange', d.id, null, -d.amount from spend s join debits d on d.user_id = s.user_id
    union all select s.id, 'orange', null, 'exchange', s.amount from spend s
    union all select nl.source_transaction_id, 'berry', nl.id, null, nl.original from new_lots nl
    union all select e.id, 'berry', null, 'exchange', -e.amount from exchange e
  ),
  wallet_update as (
    update point_wallets w set
      orange_purchased = locked.orange_purchased - d.purchased, orange_bonus = locked.orange_bonus - d.bonus,
      berry_purchased = locked.berry_purchased + d.purchased * $8::int, berry_bonus = locked.berry_bonus + d.bonus * $8::int,
      updated_at = $7::timestamptz
    from wallet locked join debited d on d.user_id = locked.user_id
    where w.user_id = locked.user_id
  )
  select x.id as existing_id, x.request_hash as existing_request_hash, x.exchange_id as existing_exchange_id, x.berry as existing_berry,
    ea.request_hash as earlier_request_hash, ea.status_code as earlier_status_code, ea.response as earlier_response,
    coalesce(a.points, 0) as available, coalesce(a.enough, false) as enough,
    s.id as spend_id, e.id as exchange_id, e.amount as berry
  from req r left join existing x on x.n = r.n left join earlier_answer ea on ea.n = r.n left join available a on a.n = r.n
    left join spend s on s.user_id = r.user_id left join exchange e on e.user_id = r.user_id
  order by r.n`,
};

export type SpendRequest = {
  userId: string;
  amount: number;
  idempotencyKey: string;
  requestHash: string | null;
  escrowAccountId: number;
  projectId: number | null;
  reason: string;
};

export type ExchangeRequest = { userId: string; orange: number; spendKey: string; creditKey: string; clientKey: string; requestHash: string | null };

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
          allocations: (parsedJson(row.allocations) as { lotId: unknown; kind: LotKind; amount: unknown }[]).map((leg) => ({
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
        ...columnsOf(requests, ['userId', 'orange', 'spendKey', 'creditKey', 'clientKey', 'requestHash']),
        batch.now.toISOString(),
        batch.berryPerOrange,
        batch.berryExpiresAt.purchased.toISOString(),
        batch.berryExpiresAt.bonus.toISOString(),
      ]);
      return rows.map((row) => {
        const existingId = nullableNumber(row.existing_id);
        const spendId = nullableNumber(row.spend_id);
        const earlierHash = nullableString(row.earlier_request_hash);
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
          earlierAnswer:
            earlierHash === null ? null : { requestHash: earlierHash, statusCode: Number(row.earlier_status_code), body: parsedJson(row.earlier_response) },
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
        select distinct user_id from point_lots where live and expires_at < ${now.toISOString()}::timestamptz limit ${limit}`);
      return rows.map((row) => String(row.user_id));
    },

    /**
     * Points that end between `now` and `horizon`, per user and currency, for a page of users in id
     * order after `afterUserId` (the notifications' work list; reads the expiry index's range).
     */
    async expiringSoon({ now, horizon, afterUserId, userLimit }: { now: Date; horizon: Date; afterUserId: string | null; userLimit: number }) {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        with ending as (
          select user_id, currency, remaining, expires_at from point_lots
          where live and expires_at >= ${now.toISOString()}::timestamptz and expires_at <= ${horizon.toISOString()}::timestamptz),
        page_users as (
          select distinct user_id from ending
          where ${afterUserId}::uuid is null or user_id > ${afterUserId}::uuid
          order by user_id limit ${userLimit})
        select user_id, currency, sum(remaining)::int as amount, min(expires_at) as first_expires_at
        from ending where user_id in (select user_id from page_users)
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

import type { NamedStatement } from '../../db/client.ts';

/**
 * The texts of the ledger's hot statements, the batched spend and the batched exchange (decisions
 * 011, 013 and 014) and the participation batch's wallet locks and key reads, with the reasons for
 * their shape. They are sent by name
 * (`queryNamed`), so PostgreSQL plans each once per connection; `ledger.repository.ts` binds their
 * parameters and decodes their rows.
 */

/**
 * Decisions 011 and 013: spends as one statement, for a batch of requests of different users (one
 * request per user, so each user's allocation is its own). The fragment below locks the batch's
 * wallet rows in user-id order (the `wallet` CTE the statement defines), then those users' usable
 * lots FOR UPDATE, and allocates each user's `want` with a running sum in the order of
 * `allocateSpend` (lib/points/rules.ts: the reference model the model test, docs/quality.md#r5, checks this against):
 * bonus first, soonest expiry first, then the oldest lot; never a lot past its end.
 *
 * The locks follow docs/architecture.md#locking; the lots' user ids come from `wallet` through an InitPlan (`array(…)`), so no lot
 * is scanned before every wallet of the batch is locked.
 *
 * At READ COMMITTED the statement has one snapshot, taken before it waits on the wallet locks: the
 * lots must be read FOR UPDATE here, in the same statement, so that PostgreSQL re-reads a lot a
 * concurrent writer changed (and drops it when it no longer matches) once that writer commits.
 * The writes then set the values read under those locks (`remaining = locked - taken`), never
 * `remaining - taken`: an UPDATE of a row this statement already locked computes from the
 * snapshot's stale version (seen in the docs/quality.md#r3 races: a return committed during the wait was overwritten).
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
 * The wallets of a set of users, locked in user-id order (docs/architecture.md#locking): the first
 * lock of a batch's movements. $1: the user ids, sorted. By name, like the batch's other
 * statements: an unnamed statement with an array parameter is parsed and planned on every call.
 */
export const lockWalletsStatement: NamedStatement = {
  name: 'ledger_lock_wallets_v1',
  text: 'select user_id from point_wallets where user_id = any($1::uuid[]) order by user_id for update',
};

/** Per ledger key ($1 user ids, $2 keys, by position): the transaction that applied it and its request hash, or nulls. */
export const appliedKeysStatement: NamedStatement = {
  name: 'ledger_applied_keys_v1',
  text: `select t.id, t.request_hash
    from unnest($1::uuid[], $2::text[]) with ordinality as k(user_id, key, n)
    left join point_transactions t on t.user_id = k.user_id and t.idempotency_key = k.key
    order by k.n`,
};

/**
 * Spends into escrow accounts, one currency per batch. Per request (arrays, by position): $1 user,
 * $2 amount, $3 idempotency key, $4 request hash, $5 escrow account, $6 project (null: the
 * escrow's), $7 reason; then $8 the currency and $9 now. The escrow's side is one inserted posting:
 * no row of the project is updated, so its participations never queue on one another (decision
 * 011; the escrow's balance is the sum of its postings). A key already applied answers instead (a
 * replay); a key a concurrent spend committed after this statement's snapshot makes the insert do
 * nothing for that request, and the caller runs it again. One row per request, in order.
 */
export const spendStatement: NamedStatement = { name: 'ledger_spend_batch_v1', text: spendText() };

function spendText(): string {
  return `
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
  order by r.n`;
}

/**
 * Orange → Berry for a batch of requests of different users: each request's Orange spend (system
 * account exchange) and its Berry credit, one lot per kind. Per request (arrays): $1 user, $2
 * Orange, $3 the spend's key, $4 the credit's key, $5 request hash, $6 the ledger key another kind
 * of write gives the same client key (a participation's: found applied, the key is that write's,
 * and the row says so in `other_write`); then $7 now, $8 Berry per Orange, $9 and $10 the purchased
 * and bonus Berry lots' end. Point tables only: a refusal stored under the client's key is the
 * idempotency module's to read, before this statement (docs/architecture.md#idempotency). One row
 * per request, in order.
 */
export const exchangeStatement: NamedStatement = {
  name: 'ledger_exchange_batch_v3',
  text: `
  with req as (
    select * from unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[])
      with ordinality as r(user_id, amount, spend_key, credit_key, request_hash, other_key, n)
  ),
  existing as (
    select r.n, s.id, s.request_hash, b.id as exchange_id, b.amount as berry
    from req r join point_transactions s on s.user_id = r.user_id and s.idempotency_key = r.spend_key
    left join point_transactions b on b.user_id = r.user_id and b.idempotency_key = r.credit_key
  ),
  other_write as (
    select distinct r.n from req r join point_transactions o on o.user_id = r.user_id and o.idempotency_key = r.other_key
  ),
  wallet as (
    select user_id, orange_purchased, orange_bonus, berry_purchased, berry_bonus from point_wallets
    where user_id = any(array(select r.user_id from req r where r.n not in (select n from existing) and r.n not in (select n from other_write)))
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
    ow.n is not null as other_write,
    coalesce(a.points, 0) as available, coalesce(a.enough, false) as enough,
    s.id as spend_id, e.id as exchange_id, e.amount as berry
  from req r left join existing x on x.n = r.n left join other_write ow on ow.n = r.n left join available a on a.n = r.n
    left join spend s on s.user_id = r.user_id left join exchange e on e.user_id = r.user_id
  order by r.n`,
};

import { queryNamed, type DbOrTx, type NamedStatement } from '../../db/client.ts';

/**
 * Decision 066: a failed or cancelled project's escrow goes back to its participants as one
 * statement per chunk of participants, whatever the number of their participations. It does for a
 * set of spends what a single return did one by one (docs/product.md#returns): each participation
 * (a spend into the escrow) gets its return entry, keyed `return:<spend id>` (unique per user, so
 * a second close, or a resumed one, finds it and writes nothing), and its points go back into the
 * very lots it took them from; an amount whose lot ends before the guarantee's end ($5: the end of
 * the 30th KST day from now, `planReturn` in lib/points/rules.ts, the reference model the model
 * test checks this against) comes back as a new lot of its kind ending then, one per return and
 * kind. A deleted account's participation moves nothing of the user's: its return (an amount of 0)
 * takes the points from the escrow to the forfeited account (decision 062).
 *
 * Locks, in the order of docs/architecture.md#locking: the users' wallets, then the lots the spends
 * took from, in id order, read FOR UPDATE in this statement so that the writes set values read under
 * the lock (`remaining = locked + returned`, as in ledger.statements.ts; several participations may
 * return into one lot, so each lot's amounts are summed first). The caller has locked the wallets
 * in a statement of its own before this one (the statement locks them again, which waits for
 * nothing), so this statement's snapshot comes after them: it sees a deletion (which forfeits under
 * the wallet lock) or a concurrent return that committed meanwhile, and the wallet rows it adds to
 * cannot have moved since. A return committed after the snapshot all the same makes its insert do
 * nothing (`on conflict`), and nothing else of it is written.
 *
 * Joins between the statement's own parts look up rows by key (the spend by its id, a wallet by
 * its user) rather than match two common table expressions: the planner guesses those hold a row
 * or two, and its nested loop over 1,000 returns took 300 ms of a chunk's 500 (decision 066).
 *
 * Parameters: $1 the escrow account, $2 the users, $3 the return's reason, $4 now, $5 the
 * guarantee's end. One row per user given something back, in user-id order: the number of returns
 * and the points they took out of the escrow.
 */
export const returnEscrowStatement: NamedStatement = {
  name: 'ledger_return_escrow_v1',
  text: `
  with escrow as (select id, currency from point_escrow_accounts where id = $1::bigint),
  pending as (
    select s.id, s.user_id, s.currency, -s.amount as amount, s.project_id from point_transactions s
    where s.user_id = any($2::uuid[]) and s.currency = (select currency from escrow) and s.type = 'spend'
      and s.escrow_account_id = (select id from escrow)
      and not exists (select 1 from point_transactions r where r.user_id = s.user_id and r.idempotency_key = 'return:' || s.id)
  ),
  wallet as (
    select user_id from point_wallets
    where user_id = any(array(select distinct user_id from pending))
    order by user_id
    for update
  ),
  deleted as (
    select id as user_id from users where id = any(array(select user_id from wallet)) and deleted_at is not null
  ),
  legs as (
    select p.id as spend_id, g.lot_id, -g.amount as amount
    from pending p join point_postings g on g.transaction_id = p.id and g.lot_id is not null and g.amount < 0
    where p.user_id = any(array(select user_id from wallet)) and p.user_id <> all(array(select user_id from deleted))
  ),
  lots as (
    select id, kind, remaining, expires_at from point_lots
    where id = any(array(select distinct lot_id from legs))
    order by id
    for update
  ),
  returned as (
    insert into point_transactions (user_id, currency, type, reason, amount, project_id, escrow_account_id, related_transaction_id, idempotency_key, created_at)
    select p.user_id, p.currency, 'return', $3::text, case when d.user_id is null then p.amount else 0 end, p.project_id, $1::bigint, p.id,
      'return:' || p.id, $4::timestamptz
    from pending p join wallet w on w.user_id = p.user_id left join deleted d on d.user_id = p.user_id
    order by p.user_id, p.id
    on conflict (user_id, idempotency_key) do nothing
    returning id, user_id, currency, related_transaction_id as spend_id
  ),
  returned_legs as (
    select r.id as return_id, r.user_id, r.currency, l.lot_id, l.amount, k.kind, k.expires_at < $5::timestamptz as recredit
    from returned r join legs l on l.spend_id = r.spend_id join lots k on k.id = l.lot_id
  ),
  lot_credits as (
    update point_lots l set remaining = k.remaining + c.amount
    from (select lot_id, sum(amount)::int as amount from returned_legs where not recredit group by lot_id) c join lots k on k.id = c.lot_id
    where l.id = c.lot_id
  ),
  new_lots as (
    insert into point_lots (user_id, currency, kind, original, remaining, expires_at, source_transaction_id, created_at)
    select user_id, currency, kind, sum(amount)::int, sum(amount)::int, $5::timestamptz, return_id, $4::timestamptz
    from returned_legs where recredit
    group by return_id, user_id, currency, kind
    order by return_id, min(lot_id)
    returning id, source_transaction_id, currency, original
  ),
  escrow_legs as (
    select r.id as return_id, r.user_id, r.currency, -s.amount as amount from returned r join point_transactions s on s.id = r.spend_id
  ),
  postings as (
    insert into point_postings (transaction_id, currency, lot_id, escrow_account_id, system_account, amount)
    select return_id, currency, lot_id, null::bigint, null::text, amount from returned_legs where not recredit
    union all select source_transaction_id, currency, id, null, null, original from new_lots
    union all select return_id, currency, null, $1::bigint, null, -amount from escrow_legs
    union all select return_id, currency, null, null, 'forfeited', amount from escrow_legs where user_id in (select user_id from deleted)
  ),
  credited as (
    select user_id, currency, coalesce(sum(amount) filter (where kind = 'purchased'), 0)::int as purchased,
      coalesce(sum(amount) filter (where kind = 'bonus'), 0)::int as bonus
    from returned_legs group by user_id, currency
  ),
  wallet_update as (
    update point_wallets w set
      orange_purchased = w.orange_purchased + case when c.currency = 'orange' then c.purchased else 0 end,
      orange_bonus = w.orange_bonus + case when c.currency = 'orange' then c.bonus else 0 end,
      berry_purchased = w.berry_purchased + case when c.currency = 'berry' then c.purchased else 0 end,
      berry_bonus = w.berry_bonus + case when c.currency = 'berry' then c.bonus else 0 end,
      updated_at = $4::timestamptz
    from credited c
    where w.user_id = c.user_id
  )
  select user_id, count(*)::int as returns, sum(amount)::int as amount from escrow_legs group by user_id order by user_id`,
};

/** What one user got back from an escrow: how many participations, and their points (forfeited ones included). */
export type EscrowReturn = { userId: string; returns: number; amount: number };

/** Runs the statement above (the caller holds the users' wallets: see there). */
export async function returnEscrow(
  db: DbOrTx,
  input: { escrowAccountId: number; userIds: string[]; reason: string; now: Date; guaranteedUntil: Date },
): Promise<EscrowReturn[]> {
  if (input.userIds.length === 0) return [];
  const rows = await queryNamed(db, returnEscrowStatement, [
    input.escrowAccountId,
    input.userIds,
    input.reason,
    input.now.toISOString(),
    input.guaranteedUntil.toISOString(),
  ]);
  return rows.map((row) => ({ userId: String(row.user_id), returns: Number(row.returns), amount: Number(row.amount) }));
}

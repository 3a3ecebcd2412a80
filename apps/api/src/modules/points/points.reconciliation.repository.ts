import { sql } from 'drizzle-orm';
import type { Reconciliation } from '@orchard/shared';
import type { DbOrTx } from '../../db/client.ts';

// The named exception to "each module owns its tables" (docs/decisions/092-each-module-owns-its-tables.md):
// this auditor compares every module's books (payments, guardian refunds, projects, their
// participations and funders, the rankings' month rollups) with the ledger, so each invariant reads
// a book's raw rows beside the ledger's in one statement (one snapshot), not what the book's module
// says about them (docs/decisions/103-sql-text-from-its-owners.md). scripts/check-table-owners.mjs
// allows this file alone; nothing else may copy its reads.

/**
 * Each fan's Orange (projects) and Berry (events) per artist and KST month from the participations
 * themselves, not those a failure or a cancellation returned (docs/product.md#discovery). A close
 * returns a chunk of participants at a time and withdraws them from the rollup in the same
 * transaction (decision 066), so a participation leaves these sums with its return, not with its
 * project's status.
 */
const rollupSums = sql`select date_trunc('month', pp.created_at at time zone 'Asia/Seoul')::date as month, p.artist_id, pp.user_id,
    coalesce(sum(pp.amount) filter (where p.kind = 'project'), 0) as orange, coalesce(sum(pp.amount) filter (where p.kind = 'event'), 0) as berry
  from project_participations pp join projects p on p.id = pp.project_id
  where not (p.status in ('failed', 'cancelled')
    and exists (select 1 from point_transactions r where r.user_id = pp.user_id and r.idempotency_key = 'return:' || pp.spend_transaction_id))
  group by 1, 2, 3`;

/**
 * Every invariant of the ledger (docs/architecture.md#ledger), each a query that returns its
 * violations. Tests run it after every file (docs/quality.md#r6); operators run it as
 * `npm run ledger:check` or through GET /api/operator/ledger/reconciliation (points.reconcile()).
 */
/** Every invariant, by name (the upgrade test runs them one at a time on a previous release's schema). */
export const ledgerInvariants: readonly { name: string; query: ReturnType<typeof sql> }[] = [
  {
    name: 'postings of every transaction sum to zero per currency',
    query: sql`select transaction_id::text as subject, 'sum ' || sum(amount) as detail from point_postings where transaction_id is not null group by transaction_id, currency having sum(amount) <> 0`,
  },
  {
    name: 'an escrow settlement moves its amount from the escrow to the consumed account, in its currency',
    query: sql`select s.id::text as subject, 'amount ' || s.amount || ', escrow legs ' || coalesce(sum(p.amount) filter (where p.escrow_account_id = s.escrow_account_id), 0) ||
        ', consumed legs ' || coalesce(sum(p.amount) filter (where p.system_account = 'consumed'), 0) as detail
      from point_escrow_settlements s left join point_postings p on p.settlement_id = s.id
      group by s.id having coalesce(sum(p.amount) filter (where p.escrow_account_id = s.escrow_account_id), 0) <> -s.amount
        or coalesce(sum(p.amount) filter (where p.system_account = 'consumed'), 0) <> s.amount
        or count(p.id) <> 2 or bool_or(p.currency <> s.currency)`,
  },
  {
    name: 'every transaction has postings in its own currency only',
    query: sql`select t.id::text as subject, 'posting currency ' || p.currency as detail from point_transactions t join point_postings p on p.transaction_id = t.id where p.currency <> t.currency`,
  },
  {
    name: "a transaction's amount equals its postings on the user's lots",
    query: sql`select t.id::text as subject, 'amount ' || t.amount || ', lot postings ' || coalesce(sum(p.amount), 0) as detail
      from point_transactions t left join point_postings p on p.transaction_id = t.id and p.lot_id is not null
      group by t.id having t.amount <> coalesce(sum(p.amount), 0)`,
  },
  {
    name: 'postings on a lot belong to its owner',
    query: sql`select p.id::text as subject, 'lot ' || l.id || ' of another user' as detail from point_postings p join point_transactions t on t.id = p.transaction_id join point_lots l on l.id = p.lot_id where l.user_id <> t.user_id or l.currency <> p.currency`,
  },
  {
    name: "every lot's remaining equals the sum of its postings (its original plus what moved since) and lies in [0, original]",
    query: sql`select l.id::text as subject, 'remaining ' || l.remaining || ', original ' || l.original || ', postings ' || coalesce(sum(p.amount), 0) as detail
      from point_lots l left join point_postings p on p.lot_id = l.id
      group by l.id having l.remaining <> coalesce(sum(p.amount), 0) or l.remaining < 0 or l.remaining > l.original`,
  },
  {
    name: 'cached balances equal the sum of the lots (expired lots hold nothing once swept)',
    query: sql`select w.user_id::text as subject,
        'cached ' || w.orange_purchased || '/' || w.orange_bonus || '/' || w.berry_purchased || '/' || w.berry_bonus ||
        ', lots ' || coalesce(s.op, 0) || '/' || coalesce(s.ob, 0) || '/' || coalesce(s.bp, 0) || '/' || coalesce(s.bb, 0) as detail
      from point_wallets w left join (
        select user_id,
          sum(remaining) filter (where currency = 'orange' and kind = 'purchased') as op,
          sum(remaining) filter (where currency = 'orange' and kind = 'bonus') as ob,
          sum(remaining) filter (where currency = 'berry' and kind = 'purchased') as bp,
          sum(remaining) filter (where currency = 'berry' and kind = 'bonus') as bb
        from point_lots group by user_id) s on s.user_id = w.user_id
      where w.orange_purchased <> coalesce(s.op, 0) or w.orange_bonus <> coalesce(s.ob, 0)
        or w.berry_purchased <> coalesce(s.bp, 0) or w.berry_bonus <> coalesce(s.bb, 0)
      union all
      select l.user_id::text, 'lots without a wallet' from point_lots l left join point_wallets w on w.user_id = l.user_id where w.user_id is null group by l.user_id`,
  },
  {
    // decisions 011 and 055: an escrow's balance is the sum of its postings; it equals its live
    // participations until its ad runs, when the settlement moves all of them to the consumed account.
    name: 'escrow of a project (the sum of its postings) equals its live participations less what was settled, and is never negative',
    query: sql`select e.id::text as subject,
        'postings ' || coalesce(p.total, 0) || ', live participations ' || coalesce(live.total, 0) || ', settled ' || coalesce(settled.amount, 0) as detail
      from point_escrow_accounts e
      left join (select escrow_account_id, sum(amount) as total from point_postings where escrow_account_id is not null group by escrow_account_id) p on p.escrow_account_id = e.id
      left join (
        select s.escrow_account_id, -sum(s.amount) as total from point_transactions s
        where s.type = 'spend' and s.escrow_account_id is not null
          and not exists (select 1 from point_transactions r where r.type = 'return' and r.related_transaction_id = s.id)
        group by s.escrow_account_id) live on live.escrow_account_id = e.id
      left join point_escrow_settlements settled on settled.escrow_account_id = e.id
      where coalesce(p.total, 0) <> coalesce(live.total, 0) - coalesce(settled.amount, 0) or coalesce(p.total, 0) < 0
        or (settled.id is not null and coalesce(p.total, 0) <> 0)`,
  },
  {
    // decision 058: a fan's total in a project is kept beside the participations, in their statement.
    name: "each fan's total in a project equals the sum of their participations in it",
    query: sql`select coalesce(f.project_id, p.project_id)::text || ' ' || coalesce(f.user_id, p.user_id)::text as subject,
        'kept ' || coalesce(f.total, 0) || ', participations ' || coalesce(p.total, 0) as detail
      from project_funders f
      full join (select project_id, user_id, sum(amount) as total from project_participations group by project_id, user_id) p
        on p.project_id = f.project_id and p.user_id = f.user_id
      where coalesce(f.total, 0) <> coalesce(p.total, 0)`,
  },
  {
    // decision 064: a project's raised sum and funder count are kept on its row, in the participations' statement.
    name: "a project's raised sum and backers equal the sum and the count of its fans' totals",
    query: sql`select p.id::text as subject,
        'kept ' || p.raised || ' from ' || p.backers || ' fans, fans ' || coalesce(f.raised, 0) || ' from ' || coalesce(f.backers, 0) as detail
      from projects p
      left join (select project_id, sum(total) as raised, count(*) as backers from project_funders group by project_id) f on f.project_id = p.id
      where p.raised <> coalesce(f.raised, 0) or p.backers <> coalesce(f.backers, 0)`,
  },
  {
    // docs/architecture.md#discovery: the artist rankings' rollup is written with the participations and the returns.
    name: "each backer's Orange and Berry for an artist in a KST month equal their participations in the artist's projects and events that month, less those a failure or a cancellation returned",
    query: sql`select coalesce(b.month, s.month)::text || ' ' || coalesce(b.artist_id, s.artist_id) || ' ' || coalesce(b.user_id, s.user_id)::text as subject,
        'kept ' || coalesce(b.orange, 0) || ' Orange ' || coalesce(b.berry, 0) || ' Berry, participations ' || coalesce(s.orange, 0) || ' Orange ' || coalesce(s.berry, 0) || ' Berry' as detail
      from artist_month_backers b
      full join (${rollupSums}) s on s.month = b.month and s.artist_id = b.artist_id and s.user_id = b.user_id
      where coalesce(b.orange, 0) <> coalesce(s.orange, 0) or coalesce(b.berry, 0) <> coalesce(s.berry, 0)`,
  },
  {
    name: "an artist's Orange, Berry and backers in a KST month equal the sums and the count of the fans behind its participations that month, less those a failure or a cancellation returned",
    query: sql`select coalesce(f.month, s.month)::text || ' ' || coalesce(f.artist_id, s.artist_id) as subject,
        'kept ' || coalesce(f.orange, 0) || ' Orange ' || coalesce(f.berry, 0) || ' Berry from ' || coalesce(f.backers, 0) || ' backers, participations ' ||
          coalesce(s.orange, 0) || ' Orange ' || coalesce(s.berry, 0) || ' Berry from ' || coalesce(s.backers, 0) as detail
      from artist_month_figures f
      full join (select month, artist_id, sum(orange) as orange, sum(berry) as berry, count(*) as backers from (${rollupSums}) u group by month, artist_id) s
        on s.month = f.month and s.artist_id = f.artist_id
      where coalesce(f.orange, 0) <> coalesce(s.orange, 0) or coalesce(f.berry, 0) <> coalesce(s.berry, 0) or coalesce(f.backers, 0) <> coalesce(s.backers, 0)`,
  },
  {
    name: 'no idempotency key is applied twice',
    query: sql`select user_id || ' ' || idempotency_key as subject, count(*) || ' transactions' as detail from point_transactions group by user_id, idempotency_key having count(*) > 1
      union all
      select related_transaction_id::text, count(*) || ' returns' from point_transactions where type = 'return' group by related_transaction_id having count(*) > 1`,
  },
  {
    name: 'a payment is credited exactly once when paid, never otherwise',
    query: sql`select p.id::text as subject, p.status || ' with ' || count(t.id) || ' charge entries' as detail
      from payments p left join point_transactions t on t.payment_id = p.id and t.type = 'charge'
      group by p.id having (p.status in ('confirmed', 'refunding', 'refunded') and count(t.id) <> 1) or (p.status in ('pending', 'declined') and count(t.id) <> 0)`,
  },
  {
    name: 'a refunded charge holds no points; a refund entry exists for it',
    query: sql`select p.id::text as subject, 'lots hold ' || coalesce(sum(l.remaining), 0) as detail
      from payments p left join point_lots l on l.payment_id = p.id
      where p.status in ('refunding', 'refunded') group by p.id having coalesce(sum(l.remaining), 0) <> 0`,
  },
  {
    // docs/product.md#guardian-cancellation (decision 073): each guardian refund's ledger entry takes
    // exactly its Orange and bonus from its charge, and only a failed one is reversed, by as much.
    name: "a guardian refund's entry takes its Orange and bonus from its charge; a failed one, and only it, is reversed in full",
    query: sql`select g.id::text as subject,
        g.status || ': refund ' || (g.orange + g.bonus_orange) || ', entry ' || coalesce(-t.amount, 0) || ', reversed ' || coalesce(r.amount, 0) as detail
      from guardian_refunds g
      left join point_transactions t on t.id = g.transaction_id and t.reason = 'guardian_refund' and t.payment_id = g.payment_id and t.user_id = g.user_id
      left join point_transactions r on r.related_transaction_id = g.transaction_id and r.reason = 'guardian_refund_reversed'
      where coalesce(-t.amount, 0) <> g.orange + g.bonus_orange
        or (g.status = 'failed') <> (r.id is not null)
        or coalesce(r.amount, g.orange + g.bonus_orange) <> g.orange + g.bonus_orange`,
  },
  {
    // docs/product.md#account-deletion: a deleted account forfeits its points and can reach no
    // wallet again, so a credit after the deletion (a charge approved late, a return) is money lost
    // to the user. The payments service cancels such charges at the gateway; this catches any that slip.
    name: 'no credit reaches an account after its deletion',
    query: sql`select t.id::text as subject, t.type || ' of ' || t.amount || ' after deletion' as detail
      from point_transactions t join users u on u.id = t.user_id
      where u.deleted_at is not null and t.amount > 0 and t.created_at > u.deleted_at`,
  },
];

export async function reconcileLedger(db: DbOrTx, now: Date): Promise<Reconciliation> {
  const violations: Reconciliation['violations'] = [];
  for (const invariant of ledgerInvariants) {
    const { rows } = await db.execute<{ subject: string; detail: string }>(invariant.query);
    for (const row of rows.slice(0, 100)) violations.push({ invariant: invariant.name, subject: String(row.subject), detail: String(row.detail) });
  }
  return { ok: violations.length === 0, checkedAt: now.toISOString(), violations };
}

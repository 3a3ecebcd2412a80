-- The write budget's baseline (docs/quality.md#speed-api-write, decision 070): ONE participation per
-- transaction, written by pgbench straight into the API's database with the statements the service
-- runs for a batch of one request, so the HTTP participations are compared with the same work
-- without HTTP, without the API and without batching. bench/src/pgbench.ts runs it as
--   pgbench -n -M prepared -f participation.pgbench.sql -c 32 -j 2 -T <seconds> -D fans=… …
-- beside wrk's participations, on the same database and the same fans.
--
-- Variables (-D): fans (how many), fan_prefix (fan n is the user whose nickname key is
-- <fan_prefix><n>, as points-setup.ts mints them), first_project and projects (the ids first_project
-- to first_project + projects - 1), amount (Orange per participation), lock_namespace (the projects'
-- advisory locks, projects.repository.ts), run (this run's label, in every key).
--
-- The transaction, as participations.batch.ts runs a batch (decisions 059 and 067), for one fan:
--  1. the project's advisory lock, shared for an ongoing project (participations.repository.ts,
--     lockForParticipations); the fan and the request's key are picked in the same statement;
--  2. the fan's wallet FOR UPDATE, then which of the key's ledger keys are applied (points);
--  3. the answer stored under the client key (idempotency);
--  4. the project, its escrow and the fan's total so far (fundingStateOf);
--  5. the spend (ledger.statements.ts, spendStatement, for one fan): the fan's live lots locked and
--     allocated bonus first, soonest expiry first, then the oldest; the spend's ledger row, the lots'
--     debits, the postings (one per lot, one into the escrow) and the wallet;
--  6. the participation row with the fan's total (project_funders) and the project's raised and
--     backers (insertParticipations: participationWrites);
--  7. the artist's month in the rankings' rollup, in the rankings' own statement (decision 095:
--     rankings.repository.ts, addToRollupStatement);
--  8. the commit.
-- What changes in those statements must change here too: the benchmark checks afterwards that every
-- transaction wrote its participation, and that the reconciliation is clean. A fan short of Orange
-- writes no spend, and the \gset after the spend then stops that client with an error.

\set uid random(1, :fans)
\set pid :first_project + random(0, :projects - 1)
\set nonce random(1, 1000000000000)

BEGIN;

select u.id as fan, k.key,
  encode(sha256(convert_to('POST /api/projects/' || p.id || '/participations' || chr(10) || '{"amount":' || :amount::int || '}', 'UTF8')), 'base64') as hash,
  case when p.purpose = 'limited' then pg_advisory_xact_lock(:lock_namespace::int, p.id) else pg_advisory_xact_lock_shared(:lock_namespace::int, p.id) end as locked
from users u, projects p, (select 'pgbench-' || :run::text || '-' || :client_id::text || '-' || :nonce::text as key) k
where u.nickname_key = :fan_prefix::text || :uid::text and p.id = :pid::int
\gset

select user_id from point_wallets where user_id = any(array[:fan::uuid]) order by user_id for update;

select t.id, t.request_hash from point_transactions t
where t.user_id = :fan::uuid and t.idempotency_key in ('participation:' || :key::text, 'exchange:' || :key::text);

select request_hash, response from idempotency_keys where user_id = :fan::uuid and key = :key::text;

select p.status, p.kind, p.artist_id as artist, p.purpose, p.goal, p.minimum_unit, p.escrow_account_id as escrow, p.funding_end_date, p.created_at is not null as created,
  p.creator_id, exists (select 1 from hidden_projects h where h.project_id = p.id) as hidden, p.raised,
  coalesce((select f.total from project_funders f where f.project_id = p.id and f.user_id = :fan::uuid), 0) as total
from projects p where p.id = :pid::int
\gset

with existing as (
  select t.id from point_transactions t where t.user_id = :fan::uuid and t.idempotency_key = 'participation:' || :key::text
),
escrow as (
  select e.id, e.project_id from point_escrow_accounts e where e.id = :escrow::bigint and e.currency = 'orange'
),
wallet as (
  select user_id, orange_purchased, orange_bonus from point_wallets
  where user_id = :fan::uuid and exists (select 1 from escrow) and not exists (select 1 from existing)
  for update
),
lots as (
  select id, kind, remaining, expires_at from point_lots
  where user_id = any(array(select user_id from wallet)) and currency = 'orange' and live and expires_at >= now()
  order by id
  for update
),
allocation as (
  select o.id, o.kind, o.remaining, least(o.remaining, :amount::int - (o.reached - o.remaining))::int as amount
  from (select id, kind, remaining, sum(remaining) over (order by kind = 'bonus' desc, expires_at, id) as reached from lots) o
  where o.reached - o.remaining < :amount::int
),
spend as (
  insert into point_transactions (user_id, currency, type, reason, amount, project_id, escrow_account_id, idempotency_key, request_hash, created_at)
  select w.user_id, 'orange', 'spend', 'project_participation', -:amount::int, e.project_id, e.id, 'participation:' || :key::text, :hash::text, now()
  from wallet w, escrow e
  where (select coalesce(sum(remaining), 0) from lots) >= :amount::int
  on conflict (user_id, idempotency_key) do nothing
  returning id, user_id, escrow_account_id, -amount as amount
),
debits as (
  update point_lots l set remaining = a.remaining - a.amount
  from allocation a where l.id = a.id and exists (select 1 from spend)
  returning l.id, a.kind, a.amount
),
debited as (
  select coalesce(sum(amount) filter (where kind = 'purchased'), 0)::int as purchased, coalesce(sum(amount) filter (where kind = 'bonus'), 0)::int as bonus
  from debits having count(*) > 0
),
postings as (
  insert into point_postings (transaction_id, currency, lot_id, escrow_account_id, system_account, amount)
  select s.id, 'orange', d.id, null, null, -d.amount from spend s, debits d
  union all
  select s.id, 'orange', null, s.escrow_account_id, null, s.amount from spend s
),
wallet_update as (
  update point_wallets w set orange_purchased = locked.orange_purchased - d.purchased, orange_bonus = locked.orange_bonus - d.bonus, updated_at = now()
  from wallet locked, debited d
  where w.user_id = locked.user_id
)
select id as spend_id from spend
\gset

with inserted as (
  insert into project_participations (project_id, user_id, kind, amount, spend_transaction_id, created_at)
  values (:pid::int, :fan::uuid, 'participation', :amount::int, :spend_id::bigint, now())
  returning id, project_id, user_id, amount, created_at
),
added as (
  select i.project_id, i.user_id, i.amount,
    not exists (select 1 from project_funders f where f.project_id = i.project_id and f.user_id = i.user_id) as new_funder
  from inserted i
),
funders as (
  insert into project_funders (project_id, user_id, total)
  select project_id, user_id, amount from added
  on conflict (project_id, user_id) do update set total = project_funders.total + excluded.total
),
figure_row as (
  select p.id from projects p where p.id in (select project_id from added) for no key update
),
figures_written as (
  update projects p set raised = p.raised + a.amount, backers = p.backers + case when a.new_funder then 1 else 0 end
  from added a join figure_row l on l.id = a.project_id
  where p.id = a.project_id
)
select id as participation from inserted;

with rollup_added as (
  select r.month, r.artist_id, r.user_id, r.orange,
    not exists (select 1 from artist_month_backers b where b.month = r.month and b.artist_id = r.artist_id and b.user_id = r.user_id) as new_backer
  from (select date_trunc('month', now() at time zone 'Asia/Seoul')::date as month, :artist::int as artist_id, :fan::uuid as user_id, :amount::bigint as orange) r
),
rollup_backers as (
  insert into artist_month_backers (month, artist_id, user_id, orange)
  select month, artist_id, user_id, orange from rollup_added
  on conflict (month, artist_id, user_id) do update set orange = artist_month_backers.orange + excluded.orange
)
insert into artist_month_figures (month, artist_id, orange, backers)
select month, artist_id, orange, case when new_backer then 1 else 0 end from rollup_added
on conflict (month, artist_id) do update
  set orange = artist_month_figures.orange + excluded.orange, backers = artist_month_figures.backers + excluded.backers;

END;

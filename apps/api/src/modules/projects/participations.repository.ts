import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryNamed, type DbOrTx, type NamedStatement } from '../../db/client.ts';
import { jsonValue } from '../../db/rows.ts';
import { projectHiddenText } from '../community/community.service.ts';
import { users } from '../users/users.table.ts';
import { projectFunders, projectParticipations, projects, type ProjectRow } from './projects.table.ts';

export type ParticipantRow = {
  id: number;
  userId: string;
  nickname: string | null;
  deleted: boolean;
  profileImagePath: string | null;
  amount: number;
  latestAt: Date;
};

/** Keyset position in the participants list: by total (amount) or by latest participation. */
export type ParticipantsCursor = { sort: 'amount'; amount: number; id: number } | { sort: 'latest'; latestMs: number; id: number };

export type NewParticipation = { projectId: number; userId: string; kind: 'deposit' | 'participation'; amount: number; spendTransactionId: number; createdAt: Date };

/**
 * Participation rows and, in the same statement, each fan's total in `project_funders` (decision
 * 058) and the projects' figures on their rows (decision 064), the artist rankings' rollup
 * following in a statement of the rankings' own (decision 095). `raised` grows by what the statement added and
 * `backers` by how many of its fans are new to the project, projects locked in id order (two
 * batches into the same projects queue in one order). A fan is new when the statement's
 * snapshot has no total for them: the fan's wallet lock, held since before that snapshot, keeps
 * their other participations out until this one commits. `rows` selects (project_id, user_id,
 * kind, amount, spend_transaction_id); `at` is the rows' time. Defines `inserted` (id,
 * spend_transaction_id …).
 */
function participationWrites(rows: string, at: string): string {
  return `
    inserted as (
      insert into project_participations (project_id, user_id, kind, amount, spend_transaction_id, created_at)
      select r.project_id, r.user_id, r.kind, r.amount, r.spend_transaction_id, ${at}
      from (${rows}) as r(project_id, user_id, kind, amount, spend_transaction_id)
      returning id, project_id, user_id, amount, spend_transaction_id, created_at
    ),
    added as (
      select i.project_id, i.user_id, sum(i.amount)::int as amount,
        not exists (select 1 from project_funders f where f.project_id = i.project_id and f.user_id = i.user_id) as new_funder
      from inserted i group by i.project_id, i.user_id
    ),
    funders as (
      insert into project_funders (project_id, user_id, total)
      select project_id, user_id, amount from added
      on conflict (project_id, user_id) do update set total = project_funders.total + excluded.total
    ),
    figures as (
      select a.project_id, sum(a.amount)::int as raised, (count(*) filter (where a.new_funder))::int as backers
      from added a group by a.project_id
    ),
    -- Rows locked in id order before any is updated: an update's join would take them in whatever order its plan reads them.
    figure_rows as (
      select p.id from projects p where p.id in (select project_id from figures) order by p.id for no key update
    ),
    figures_written as (
      update projects p set raised = p.raised + f.raised, backers = p.backers + f.backers
      from figures f join figure_rows l on l.id = f.project_id
      where p.id = f.project_id
    )`;
}

/** Participation rows given whole (a creation's deposit). Per row (arrays): $1 project, $2 user, $3 kind, $4 amount, $5 the spend; $6 now. */
const insertParticipationsStatement: NamedStatement = {
  name: 'participations_insert_v6',
  text: `with ${participationWrites('select * from unnest($1::int[], $2::uuid[], $3::text[], $4::int[], $5::bigint[])', '$6::timestamptz')}
    select id, spend_transaction_id from inserted`,
};

/** Inserts participations (all with one `createdAt`) with their fans' totals; their ids, in order. */
export async function insertParticipations(db: DbOrTx, values: NewParticipation[]): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await queryNamed(db, insertParticipationsStatement, [
    values.map((value) => value.projectId),
    values.map((value) => value.userId),
    values.map((value) => value.kind),
    values.map((value) => value.amount),
    values.map((value) => value.spendTransactionId),
    values[0]!.createdAt,
  ]);
  const idOfSpend = new Map(rows.map((row) => [Number(row.spend_transaction_id), Number(row.id)]));
  return values.map((value) => idOfSpend.get(value.spendTransactionId)!);
}

/**
 * A participation batch's first lock (docs/architecture.md#locking): each of its projects' advisory
 * lock, in id order, exclusive for a limited project (its cap takes participations one at a time)
 * and shared for an ongoing one (decision 059). A purpose never changes, so reading it beside the
 * lock is safe. The locks are taken after the sort (PostgreSQL evaluates a volatile select list
 * above it). By name: one plan per connection.
 */
const lockForParticipationsStatement: NamedStatement = {
  name: 'participation_project_locks_v1',
  text: `select case when p.purpose = 'limited' then pg_advisory_xact_lock($1::int, p.id) else pg_advisory_xact_lock_shared($1::int, p.id) end
    from projects p where p.id = any($2::int[]) order by p.id`,
};

/** Takes a participation batch's project locks, inside its transaction (`lockNamespace`: the projects' advisory key space). */
export async function lockForParticipations(tx: DbOrTx, lockNamespace: number, projectIds: number[]): Promise<void> {
  await queryNamed(tx, lockForParticipationsStatement, [lockNamespace, [...new Set(projectIds)]]);
}

export type FundingProject = Pick<ProjectRow, 'id' | 'status' | 'kind' | 'artistId' | 'purpose' | 'goal' | 'minimumUnit' | 'escrowAccountId' | 'fundingEndDate' | 'creatorId'> & {
  created: boolean;
  /** Hidden by an operator after a report (docs/product.md#reports). */
  hidden: boolean;
  raised: number;
};

/** What a participation batch decides with, read under its locks. */
export type FundingState = {
  /** The batch's projects that exist, each with its raised sum. */
  projects: Map<number, FundingProject>;
  /** Per request, in order: what the fan has put into the project so far (the deposit included). */
  totals: number[];
  /** The participations written by the given spends, by spend transaction id (a replay's participation). */
  participationsOfSpends: Map<number, { id: number; amount: number }>;
};

/**
 * The projects, each request's fan total in its project, and the participations of the spends
 * given (`$4`: a replayed key's ledger row) in one statement. Read after the projects' and the
 * wallets' locks, in a statement of its own, so its snapshot has every participation and close
 * committed before them (decision 056).
 */
const fundingStateStatement: NamedStatement = {
  name: 'participation_funding_state_v2',
  text: `select
    (select coalesce(json_agg(json_build_object(
        'id', p.id, 'status', p.status, 'kind', p.kind, 'purpose', p.purpose, 'goal', p.goal, 'minimumUnit', p.minimum_unit,
        'escrowAccountId', p.escrow_account_id, 'artistId', p.artist_id, 'fundingEndDate', p.funding_end_date, 'created', p.created_at is not null,
        'creatorId', p.creator_id, 'hidden', ${projectHiddenText('p.id')}, 'raised', p.raised
      )), '[]'::json)
      from projects p where p.id = any($1::int[])) as projects,
    (select coalesce(json_agg(coalesce(f.total, 0) order by r.n), '[]'::json)
      from unnest($2::uuid[], $3::int[]) with ordinality as r(user_id, project_id, n)
      left join project_funders f on f.project_id = r.project_id and f.user_id = r.user_id) as totals,
    (select coalesce(json_agg(json_build_object('spendTransactionId', pp.spend_transaction_id, 'id', pp.id, 'amount', pp.amount)), '[]'::json)
      from project_participations pp where pp.spend_transaction_id = any($4::bigint[])) as replays`,
};

/** Reads a participation batch's state under its locks (`fundingStateStatement`). */
export async function fundingStateOf(tx: DbOrTx, requests: { userId: string; projectId: number }[], spendTransactionIds: number[]): Promise<FundingState> {
  const [row] = await queryNamed(tx, fundingStateStatement, [
    [...new Set(requests.map((request) => request.projectId))],
    requests.map((request) => request.userId),
    requests.map((request) => request.projectId),
    spendTransactionIds,
  ]);
  const replays = jsonValue(row!.replays) as { spendTransactionId: number; id: number; amount: number }[];
  return {
    projects: new Map((jsonValue(row!.projects) as FundingProject[]).map((project) => [project.id, project])),
    totals: (jsonValue(row!.totals) as number[]).map(Number),
    participationsOfSpends: new Map(replays.map((replay) => [Number(replay.spendTransactionId), { id: Number(replay.id), amount: replay.amount }])),
  };
}

/**
 * The participations of these fans in the project, as a query of `(created_at, user_id, amount)`
 * for another module's statement: what a return hands the rankings' rollup to take out
 * (rankings.service#withdrawParticipantsWithin), read in the rollup's own statements.
 */
export const participationsOfFans = (projectId: number, userIds: readonly string[]): SQL =>
  sql`select ${projectParticipations.createdAt}, ${projectParticipations.userId}, ${projectParticipations.amount} from ${projectParticipations}
    where ${projectParticipations.projectId} = ${projectId} and ${projectParticipations.userId} = any(${sql.param([...userIds])}::uuid[])`;

export function createParticipationsRepository({ db }: { db: DbOrTx }) {
  return {
    async raisedOf(projectId: number): Promise<number> {
      const [row] = await db.select({ raised: projects.raised }).from(projects).where(eq(projects.id, projectId));
      return Number(row?.raised ?? 0);
    },

    /** Every participation of a project, oldest first: what a close or a cancellation returns. */
    async allOf(projectId: number) {
      return db.select().from(projectParticipations).where(eq(projectParticipations.projectId, projectId)).orderBy(projectParticipations.id);
    },

    /** What `allOf` would return, counted: participations, the people behind them, their sum. */
    async returnFiguresOf(projectId: number): Promise<{ participationCount: number; participantCount: number; returnTotal: number }> {
      const [row] = await db
        .select({
          participationCount: sql<number>`count(*)::int`,
          participantCount: sql<number>`count(distinct ${projectParticipations.userId})::int`,
          returnTotal: sql<number>`coalesce(sum(${projectParticipations.amount}), 0)::bigint`,
        })
        .from(projectParticipations)
        .where(eq(projectParticipations.projectId, projectId));
      return { participationCount: Number(row?.participationCount ?? 0), participantCount: Number(row?.participantCount ?? 0), returnTotal: Number(row?.returnTotal ?? 0) };
    },

    /** One row per user with their total, keyset-paged by total or by latest participation, newest/largest first. */
    async participants(projectId: number, sort: 'amount' | 'latest', after: ParticipantsCursor | null, limit: number): Promise<ParticipantRow[]> {
      const total = sql`sum(${projectParticipations.amount})`;
      const latest = sql`max(${projectParticipations.createdAt})`;
      const firstId = sql`min(${projectParticipations.id})`;
      const having =
        after === null
          ? undefined
          : after.sort === 'amount'
            ? sql`(${total}, ${firstId}) < (${after.amount}, ${after.id})`
            : sql`(${latest}, ${firstId}) < (to_timestamp(${after.latestMs} / 1000.0), ${after.id})`;
      const rows = await db
        .select({
          id: sql<number>`${firstId}`,
          userId: projectParticipations.userId,
          nickname: users.nickname,
          deletedAt: users.deletedAt,
          profileImagePath: users.profileImagePath,
          amount: sql<number>`${total}::int`,
          latestMs: sql<number>`(extract(epoch from ${latest}) * 1000)::float8`,
        })
        .from(projectParticipations)
        .innerJoin(users, eq(users.id, projectParticipations.userId))
        .where(eq(projectParticipations.projectId, projectId))
        .groupBy(projectParticipations.userId, users.nickname, users.deletedAt, users.profileImagePath)
        .having(having)
        .orderBy(...(sort === 'amount' ? [sql`${total} desc`, sql`${firstId} desc`] : [sql`${latest} desc`, sql`${firstId} desc`]))
        .limit(limit);
      return rows.map((row) => ({
        id: Number(row.id),
        userId: row.userId,
        nickname: row.nickname,
        deleted: row.deletedAt !== null,
        profileImagePath: row.profileImagePath,
        amount: Number(row.amount),
        latestAt: new Date(Number(row.latestMs)),
      }));
    },

    /** Funding projects whose close (00:00 KST after the end date) has come: the close sweep's work list. */
    async dueToCloseIds(today: string, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.status, 'funding'), sql`${projects.fundingEndDate} < ${today}`))
        .orderBy(projects.fundingEndDate, projects.id)
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * A close's next chunk of participants (decision 066): after `afterUserId`, in user-id order,
     * whole participants, at most `limits.participants` of them and, past the first,
     * `limits.participations` participations in all. Walks the funder index in order.
     */
    async participantsAfter(projectId: number, afterUserId: string | null, limits: { participants: number; participations: number }): Promise<string[]> {
      const { rows } = await db.execute<{ user_id: string; n: number }>(sql`
        select user_id, count(*)::int as n from project_participations
        where project_id = ${projectId} ${afterUserId === null ? sql`` : sql`and user_id > ${afterUserId}::uuid`}
        group by user_id order by user_id limit ${limits.participants}`);
      const chosen: string[] = [];
      let participations = 0;
      for (const row of rows) {
        if (chosen.length > 0 && participations + Number(row.n) > limits.participations) break;
        chosen.push(String(row.user_id));
        participations += Number(row.n);
      }
      return chosen;
    },

    /** Whether the user put anything into the project (their total is kept beside the participations, decision 058). */
    async hasParticipated(projectId: number, userId: string): Promise<boolean> {
      const rows = await db
        .select({ one: sql<number>`1` })
        .from(projectFunders)
        .where(and(eq(projectFunders.projectId, projectId), eq(projectFunders.userId, userId)));
      return rows.length > 0;
    },

    /** Failed or cancelled projects whose returns have not finished (decision 066): the close sweep resumes them. */
    async returnsPendingIds(limit: number): Promise<number[]> {
      const rows = await db.select({ id: projects.id }).from(projects).where(sql`${projects.returnsPending}`).orderBy(projects.id).limit(limit);
      return rows.map((row) => row.id);
    },

    /** Succeeded projects whose ad start day has come: the ad-start sweep's work list. */
    async dueToRunIds(today: string, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.status, 'succeeded'), sql`${projects.adStartDate} <= ${today}`))
        .orderBy(projects.adStartDate, projects.id)
        .limit(limit);
      return rows.map((row) => row.id);
    },
  };
}

import { and, eq, sql } from 'drizzle-orm';
import { queryNamed, type DbOrTx, type NamedStatement } from '../../db/client.ts';
import { jsonValue } from '../../db/rows.ts';
import { spendThenStatement } from '../points/points.service.ts';
import { rollupWrites } from '../rankings/rankings.service.ts';
import { users } from '../users/users.table.ts';
import { projectParticipations, projects, type ProjectRow } from './projects.table.ts';

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

/**
 * What a participation's Idempotency-Key already names: the ledger row of its spend (a replay),
 * or a refusal stored under the client's key (docs/architecture.md#idempotency).
 */
export type ParticipationKeyState = {
  /** What the fan has put into the project so far (the deposit included). */
  total: number;
  existing: { participationId: number; amount: number; requestHash: string | null } | null;
  /** A stored answer under the client key: its request, and the refusal's code and details if it was one. */
  earlier: { requestHash: string; refusal: { code: string; details: unknown } | null } | null;
};

export type NewParticipation = { projectId: number; userId: string; kind: 'deposit' | 'participation'; amount: number; spendTransactionId: number; createdAt: Date };

/**
 * Participation rows and, in the same statement, each fan's total in `project_funders` (decision
 * 058), the projects' figures on their rows (decision 064) and the artist rankings' rollup
 * (`rollupWrites`, docs/architecture.md#discovery): `raised` grows by what the statement added and
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
    ),${rollupWrites()}`;
}

/** Participation rows given whole (a creation's deposit). Per row (arrays): $1 project, $2 user, $3 kind, $4 amount, $5 the spend; $6 now. */
const insertParticipationsStatement: NamedStatement = {
  name: 'participations_insert_v5',
  text: `with ${participationWrites('select * from unnest($1::int[], $2::uuid[], $3::text[], $4::int[], $5::bigint[])', '$6::timestamptz')}
    select id, spend_transaction_id from inserted`,
};

/**
 * Decision 060: a batch's participations as one statement with their spends: the ledger's spend
 * statement, then a participation row for each spend written, at the spend's time, with the fans'
 * totals and the projects' figures. Each spend's row answers the participation's id.
 */
export const participationSpendStatement: NamedStatement = spendThenStatement(
  'participations_spend_v3',
  `${participationWrites("select r.project_id, s.user_id, 'participation', s.amount, s.id from spend s join req r on r.user_id = s.user_id", '$9::timestamptz')},
    follow_up as (select spend_transaction_id, id from inserted)`,
);

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
 * Decision 059: the batch's locks and the reads it decides on, in one round trip (the function of
 * migrations 0021 and 0022): each project's advisory lock, then the fans' wallets, then a fresh read of the
 * projects, each fan's total and what each key already names. By name: one plan per connection.
 */
const batchStateStatement: NamedStatement = {
  name: 'participation_batch_state_v1',
  text: 'select participation_batch_state($1::int, $2::uuid[], $3::int[], $4::text[], $5::text[], $6::text[]) as state',
};

/** What a participation batch decides with, read under its locks. */
export type FundingState = {
  /** The batch's projects that exist, each with its raised sum. */
  projects: Map<number, FundingProject>;
  /** One per request, in order. */
  keys: ParticipationKeyState[];
};

export type FundingProject = Pick<ProjectRow, 'id' | 'status' | 'kind' | 'purpose' | 'goal' | 'minimumUnit' | 'escrowAccountId' | 'fundingEndDate' | 'creatorId'> & {
  created: boolean;
  /** Hidden by an operator after a report (docs/product.md#reports). */
  hidden: boolean;
  raised: number;
};

type BatchStateRequest = { userId: string; projectId: number; ledgerKey: string; clientKey: string; otherWriteKey: string };

type BatchStateJson = {
  projects: FundingProject[];
  requests: {
    total: number;
    participationId: number | null;
    amount: number | null;
    requestHash: string | null;
    earlierHash: string | null;
    earlierStatus: number | null;
    earlierCode: string | null;
    earlierDetails: unknown;
  }[];
};

/**
 * The statement a participation batch opens its transaction with (decision 059): it locks the
 * batch's projects (advisory, `lockNamespace`) and its fans' wallets, then reads the projects and,
 * per request in order, the fan's total in the project so far and the participation the key applied
 * or a stored answer. An exchange applied under the client key (`otherWriteKey`, its ledger key)
 * answers as a stored answer of another request (an empty request hash). `fundingStateOf` reads its row.
 */
export function batchStateQuery(lockNamespace: number, requests: BatchStateRequest[]): { statement: NamedStatement; values: unknown[] } {
  return {
    statement: batchStateStatement,
    values: [
      lockNamespace,
      requests.map((request) => request.userId),
      requests.map((request) => request.projectId),
      requests.map((request) => request.ledgerKey),
      requests.map((request) => request.clientKey),
      requests.map((request) => request.otherWriteKey),
    ],
  };
}

export function fundingStateOf(rows: Record<string, unknown>[]): FundingState {
  const state = jsonValue(rows[0]!.state) as BatchStateJson;
  return {
    projects: new Map(state.projects.map((project) => [project.id, project])),
    keys: state.requests.map((request) => {
      const earlierCode = request.earlierHash !== '' && Number(request.earlierStatus) >= 400 ? request.earlierCode : null;
      return {
        total: request.total,
        existing: request.participationId === null ? null : { participationId: request.participationId, amount: request.amount!, requestHash: request.requestHash },
        earlier:
          request.earlierHash === null
            ? null
            : { requestHash: request.earlierHash, refusal: earlierCode === null ? null : { code: earlierCode, details: request.earlierDetails ?? undefined } },
      };
    }),
  };
}

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

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { queryNamed, type DbOrTx, type NamedStatement } from '../../db/client.ts';
import { jsonValue, nullableNumber, nullableString } from '../../db/rows.ts';
import { users } from '../users/users.table.ts';
import { projectFunders, projectParticipations, projects } from './projects.table.ts';

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
 * 058). Per row (arrays): $1 project, $2 user, $3 kind, $4 amount, $5 the spend; $6 now.
 */
const insertParticipationsStatement: NamedStatement = {
  name: 'participations_insert_v1',
  text: `
    with inserted as (
      insert into project_participations (project_id, user_id, kind, amount, spend_transaction_id, created_at)
      select r.project_id, r.user_id, r.kind, r.amount, r.spend_transaction_id, $6::timestamptz
      from unnest($1::int[], $2::uuid[], $3::text[], $4::int[], $5::bigint[]) as r(project_id, user_id, kind, amount, spend_transaction_id)
      returning id, project_id, user_id, amount, spend_transaction_id
    ),
    funders as (
      insert into project_funders (project_id, user_id, total)
      select project_id, user_id, sum(amount) from inserted group by project_id, user_id
      on conflict (project_id, user_id) do update set total = project_funders.total + excluded.total
    )
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

/** The batch's key states (decision 056), by name: one plan per connection (db/client.ts). */
const keyStatesStatement: NamedStatement = {
  name: 'participation_key_states_v2',
  text: `
    select pp.id as participation_id, pp.amount, t.request_hash,
      coalesce((select f.total from project_funders f where f.project_id = r.project_id and f.user_id = r.user_id), 0) as total,
      case when o.id is not null then '' else k.request_hash end as earlier_hash, k.status_code as earlier_status,
      k.response -> 'error' ->> 'code' as earlier_code, k.response -> 'error' -> 'details' as earlier_details
    from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::int[]) with ordinality as r(user_id, ledger_key, client_key, other_key, project_id, n)
    left join point_transactions t on t.user_id = r.user_id and t.idempotency_key = r.ledger_key
    left join project_participations pp on pp.spend_transaction_id = t.id
    left join point_transactions o on o.user_id = r.user_id and o.idempotency_key = r.other_key
    left join idempotency_keys k on k.user_id = r.user_id and k.key = r.client_key
    order by r.n`,
};

export function createParticipationsRepository({ db }: { db: DbOrTx }) {
  return {
    /** Each project's purpose (it never changes after the request), to choose its lock. */
    async purposesOf(projectIds: number[]): Promise<Map<number, string>> {
      if (projectIds.length === 0) return new Map();
      const rows = await db.select({ id: projects.id, purpose: projects.purpose }).from(projects).where(inArray(projects.id, projectIds));
      return new Map(rows.map((row) => [row.id, row.purpose]));
    },

    /** Several project rows, locked in id order (docs/architecture.md#locking). */
    async lockMany(projectIds: number[], strength: 'update' | 'share') {
      if (projectIds.length === 0) return [];
      return db.select().from(projects).where(inArray(projects.id, projectIds)).orderBy(asc(projects.id)).for(strength);
    },

    /**
     * For each (user, project, ledger key, client key), in order: the fan's total in the project so
     * far, and the participation the key applied or a stored answer; an exchange applied under the client key (`otherWriteKey`, its ledger key)
     * answers as a stored answer of another request (an empty request hash).
     */
    async keyStatesOf(keys: { userId: string; projectId: number; ledgerKey: string; clientKey: string; otherWriteKey: string }[]): Promise<ParticipationKeyState[]> {
      if (keys.length === 0) return [];
      const rows = await queryNamed(db, keyStatesStatement, [
        keys.map((key) => key.userId),
        keys.map((key) => key.ledgerKey),
        keys.map((key) => key.clientKey),
        keys.map((key) => key.otherWriteKey),
        keys.map((key) => key.projectId),
      ]);
      return rows.map((row) => {
        const participationId = nullableNumber(row.participation_id);
        const earlierHash = nullableString(row.earlier_hash);
        const earlierCode = earlierHash !== '' && Number(row.earlier_status) >= 400 ? nullableString(row.earlier_code) : null;
        return {
          total: Number(row.total),
          existing: participationId === null ? null : { participationId, amount: Number(row.amount), requestHash: nullableString(row.request_hash) },
          earlier: earlierHash === null ? null : { requestHash: earlierHash, refusal: earlierCode === null ? null : { code: earlierCode, details: row.earlier_details === null ? undefined : jsonValue(row.earlier_details) } },
        };
      });
    },

    /** Several projects' raised sums (the sum of their fans' totals). */
    async raisedOfMany(projectIds: number[]): Promise<Map<number, number>> {
      if (projectIds.length === 0) return new Map();
      const rows = await db
        .select({ projectId: projectFunders.projectId, total: sql<number>`sum(${projectFunders.total})` })
        .from(projectFunders)
        .where(inArray(projectFunders.projectId, projectIds))
        .groupBy(projectFunders.projectId);
      return new Map(rows.map((row) => [row.projectId, Number(row.total)]));
    },

    /** Participation rows and their fans' totals, in one statement; the new rows' ids, in order. */
    async insertMany(values: NewParticipation[]): Promise<number[]> {
      return insertParticipations(db, values);
    },

    async raisedOf(projectId: number): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`coalesce(sum(${projectFunders.total}), 0)::int` })
        .from(projectFunders)
        .where(eq(projectFunders.projectId, projectId));
      return Number(row?.total ?? 0);
    },

    /** Every participation of a project, oldest first: what a close or a cancellation returns. */
    async allOf(projectId: number) {
      return db.select().from(projectParticipations).where(eq(projectParticipations.projectId, projectId)).orderBy(projectParticipations.id);
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

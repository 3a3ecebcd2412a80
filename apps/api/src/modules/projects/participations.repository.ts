import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { projectParticipations, projects } from './projects.table.ts';

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

export function createParticipationsRepository({ db }: { db: DbOrTx }) {
  return {
    /** The project row for a participation: `update` serializes a limited project's cap, `share` lets an ongoing project's participations run side by side. */
    async lockForParticipation(projectId: number, strength: 'update' | 'share') {
      const [row] = await db.select().from(projects).where(eq(projects.id, projectId)).for(strength);
      return row ?? null;
    },

    async purposeOf(projectId: number): Promise<string | null> {
      const [row] = await db.select({ purpose: projects.purpose }).from(projects).where(eq(projects.id, projectId));
      return row?.purpose ?? null;
    },

    async totalOf(projectId: number, userId: string): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`coalesce(sum(${projectParticipations.amount}), 0)::int` })
        .from(projectParticipations)
        .where(and(eq(projectParticipations.projectId, projectId), eq(projectParticipations.userId, userId)));
      return Number(row?.total ?? 0);
    },

    async raisedOf(projectId: number): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`coalesce(sum(${projectParticipations.amount}), 0)::int` })
        .from(projectParticipations)
        .where(eq(projectParticipations.projectId, projectId));
      return Number(row?.total ?? 0);
    },

    async insert(values: typeof projectParticipations.$inferInsert): Promise<number> {
      const [row] = await db.insert(projectParticipations).values(values).returning({ id: projectParticipations.id });
      return row!.id;
    },

    async findBySpend(spendTransactionId: number) {
      const [row] = await db.select().from(projectParticipations).where(eq(projectParticipations.spendTransactionId, spendTransactionId));
      return row ?? null;
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

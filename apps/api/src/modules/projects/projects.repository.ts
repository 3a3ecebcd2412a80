import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { artists } from '../artists/artists.table.ts';
import { projectLikes } from '../community/community.table.ts';
import { users } from '../users/users.table.ts';
import { operatorAuditLog, projectMedia, projectParticipations, projectPhotos, projects, type ProjectRow } from './projects.table.ts';

export type ProjectMediaRow = typeof projectMedia.$inferSelect;

/** A project row with what its answer shows beside it: artist names, creator nickname, raised. */
export type ProjectRecord = ProjectRow & {
  artistNames: typeof artists.$inferSelect.names;
  creatorNickname: string | null;
  creatorDeleted: boolean;
  raised: number;
};

/** Statuses of a request that has not (yet) become a created project. */
export const preCreationStatuses = ['requested', 'approved', 'rejected'] as const;

const raisedOf = sql<number>`coalesce((select sum(pp.amount) from project_participations pp where pp.project_id = ${projects.id}), 0)::int`;

export function createProjectsRepository({ db }: { db: DbOrTx }) {
  const selectRecords = () =>
    db
      .select({
        project: projects,
        artistNames: artists.names,
        creatorNickname: users.nickname,
        creatorDeletedAt: users.deletedAt,
        raised: raisedOf,
      })
      .from(projects)
      .innerJoin(artists, eq(artists.id, projects.artistId))
      .innerJoin(users, eq(users.id, projects.creatorId));

  const toRecord = (row: {
    project: ProjectRow;
    artistNames: ProjectRecord['artistNames'];
    creatorNickname: string | null;
    creatorDeletedAt: Date | null;
    raised: number;
  }): ProjectRecord => ({
    ...row.project,
    artistNames: row.artistNames,
    creatorNickname: row.creatorNickname,
    creatorDeleted: row.creatorDeletedAt !== null,
    raised: Number(row.raised),
  });

  return {
    /** Whether the artist a request names exists (the artists table, read here: docs/architecture.md#boundaries). */
    async artistExists(artistId: number): Promise<boolean> {
      const [row] = await db.select({ id: artists.id }).from(artists).where(eq(artists.id, artistId));
      return row !== undefined;
    },

    async insertRequest(values: typeof projects.$inferInsert, media: Omit<ProjectMediaRow, 'projectId'>[]): Promise<number> {
      const [row] = await db.insert(projects).values(values).returning({ id: projects.id });
      const projectId = row!.id;
      await db.insert(projectMedia).values(media.map((medium) => ({ ...medium, projectId })));
      return projectId;
    },

    async findRecord(projectId: number): Promise<ProjectRecord | null> {
      const [row] = await selectRecords().where(eq(projects.id, projectId));
      return row ? toRecord(row) : null;
    },

    async findRecords(projectIds: number[]): Promise<ProjectRecord[]> {
      if (projectIds.length === 0) return [];
      return (await selectRecords().where(inArray(projects.id, projectIds))).map(toRecord);
    },

    /**
     * What each (project, user) pair shows as the viewer's own: their total in the project and
     * whether they like it, keyed `${projectId}:${userId}`; absent pairs have neither.
     */
    async viewerFieldsOf(pairs: { projectId: number; userId: string }[]): Promise<Map<string, { contribution: number; liked: boolean }>> {
      if (pairs.length === 0) return new Map();
      const { rows } = await db.execute<{ project_id: unknown; user_id: string; contribution: unknown; liked: unknown }>(sql`
        select r.project_id, r.user_id,
          (select coalesce(sum(pp.amount), 0) from project_participations pp where pp.project_id = r.project_id and pp.user_id = r.user_id) as contribution,
          exists (select 1 from ${projectLikes} l where l.project_id = r.project_id and l.user_id = r.user_id) as liked
        from unnest(${sql.param(pairs.map((pair) => pair.projectId))}::int[], ${sql.param(pairs.map((pair) => pair.userId))}::uuid[]) as r(project_id, user_id)`);
      return new Map(rows.map((row) => [`${Number(row.project_id)}:${row.user_id}`, { contribution: Number(row.contribution), liked: row.liked === true || row.liked === 't' }]));
    },

    async listRecords(where: SQL | undefined, order: SQL[], limit: number): Promise<ProjectRecord[]> {
      const rows = await selectRecords()
        .where(where)
        .orderBy(...order)
        .limit(limit);
      return rows.map(toRecord);
    },

    /** The row, locked for a status change (docs/architecture.md#locking). */
    async lock(projectId: number): Promise<ProjectRow | null> {
      const [row] = await db.select().from(projects).where(eq(projects.id, projectId)).for('update');
      return row ?? null;
    },

    async update(projectId: number, changes: Partial<typeof projects.$inferInsert>): Promise<void> {
      await db.update(projects).set(changes).where(eq(projects.id, projectId));
    },

    async mediaOf(projectIds: number[]): Promise<ProjectMediaRow[]> {
      if (projectIds.length === 0) return [];
      return db.select().from(projectMedia).where(inArray(projectMedia.projectId, projectIds)).orderBy(asc(projectMedia.projectId), asc(projectMedia.position));
    },

    /** Per project: how many users put points in, and how much the viewer did (0 when signed out). */
    async participationSummaries(projectIds: number[], viewerId: string | null): Promise<Map<number, { participantCount: number; viewerContribution: number }>> {
      if (projectIds.length === 0) return new Map();
      const rows = await db
        .select({
          projectId: projectParticipations.projectId,
          participantCount: sql<number>`count(distinct ${projectParticipations.userId})::int`,
          viewerContribution: viewerId === null ? sql<number>`0` : sql<number>`coalesce(sum(${projectParticipations.amount}) filter (where ${projectParticipations.userId} = ${viewerId}), 0)::int`,
        })
        .from(projectParticipations)
        .where(inArray(projectParticipations.projectId, projectIds))
        .groupBy(projectParticipations.projectId);
      return new Map(rows.map((row) => [row.projectId, { participantCount: Number(row.participantCount), viewerContribution: Number(row.viewerContribution) }]));
    },

    /** The posted photos of each project, in order (docs/product.md#execution). */
    async photoPathsOf(projectIds: number[]): Promise<Map<number, string[]>> {
      const byProject = new Map<number, string[]>();
      if (projectIds.length === 0) return byProject;
      const rows = await db.select().from(projectPhotos).where(inArray(projectPhotos.projectId, projectIds)).orderBy(asc(projectPhotos.projectId), asc(projectPhotos.position));
      for (const row of rows) byProject.set(row.projectId, [...(byProject.get(row.projectId) ?? []), row.path]);
      return byProject;
    },

    async insertPhotos(rows: (typeof projectPhotos.$inferInsert)[]): Promise<void> {
      await db.insert(projectPhotos).values(rows);
    },

    async insertParticipation(values: typeof projectParticipations.$inferInsert): Promise<void> {
      await db.insert(projectParticipations).values(values);
    },

    async audit(values: typeof operatorAuditLog.$inferInsert): Promise<void> {
      await db.insert(operatorAuditLog).values(values);
    },

    /** One page of the audit log, newest first (keyset on the id, below `beforeId`), with each operator's nickname. */
    async auditPage(beforeId: number | undefined, limit: number) {
      return db
        .select({
          id: operatorAuditLog.id,
          at: operatorAuditLog.at,
          action: operatorAuditLog.action,
          projectId: operatorAuditLog.projectId,
          before: operatorAuditLog.before,
          after: operatorAuditLog.after,
          operatorNickname: users.nickname,
          operatorDeletedAt: users.deletedAt,
        })
        .from(operatorAuditLog)
        .innerJoin(users, eq(users.id, operatorAuditLog.operatorId))
        .where(beforeId === undefined ? undefined : lt(operatorAuditLog.id, beforeId))
        .orderBy(desc(operatorAuditLog.id))
        .limit(limit);
    },

    async auditEntriesOf(projectId: number) {
      return db.select().from(operatorAuditLog).where(eq(operatorAuditLog.projectId, projectId)).orderBy(asc(operatorAuditLog.id));
    },

    /** Approved projects past their creation deadline: the cancellation sweep's work list. */
    async overdueApprovedIds(now: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.status, 'approved'), lt(projects.creationDeadline, now)))
        .orderBy(asc(projects.creationDeadline))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** Created projects whose funding start day has come: the opening sweep's work list. */
    async dueToOpenIds(today: string, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.status, 'created'), lte(projects.fundingStartDate, today)))
        .orderBy(asc(projects.fundingStartDate))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** True while the user created a project whose funding has not ended (account deletion guard). */
    async hasUnfinishedCreatedProject(userId: string): Promise<boolean> {
      const rows = await db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.creatorId, userId), isNotNull(projects.createdAt), inArray(projects.status, ['created', 'funding'])))
        .limit(1);
      return rows.length > 0;
    },
  };
}

export const projectFilters = {
  ofCreator: (userId: string) => eq(projects.creatorId, userId),
  ofArtist: (artistId: number) => eq(projects.artistId, artistId),
  /** Request tab: a request in any state before creation (pending, approved, rejected, cancelled at the deadline). */
  beforeCreation: () =>
    or(inArray(projects.status, [...preCreationStatuses]), and(eq(projects.status, 'cancelled'), isNull(projects.createdAt))),
  /** Open tab: projects the user created; also what the public lists show. */
  created: () => isNotNull(projects.createdAt),
  ofStatus: (status: string) => eq(projects.status, status),
  ofKind: (kind: string) => eq(projects.kind, kind),
  /** Participate tab: projects the user put points into, the deposit included. */
  participatedBy: (userId: string) =>
    sql`exists (select 1 from ${projectParticipations} pp where pp.project_id = ${projects.id} and pp.user_id = ${userId})`,
  idBelow: (id: number) => lt(projects.id, id),
  requested: () => eq(projects.status, 'requested'),
  /** Keyset after (requestedAt, id) in ascending order. */
  requestedAfter: (requestedAt: Date, id: number) =>
    or(gt(projects.requestedAt, requestedAt), and(eq(projects.requestedAt, requestedAt), gt(projects.id, id))),
};

export const projectOrders = {
  newestFirst: [desc(projects.id)],
  oldestRequestFirst: [asc(projects.requestedAt), asc(projects.id)],
};

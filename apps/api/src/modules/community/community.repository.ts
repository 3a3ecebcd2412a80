import { and, count, desc, eq, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { projects } from '../projects/projects.table.ts';
import { users } from '../users/users.table.ts';
import { comments, hiddenProjects, projectLikes, reports, type ReportRow } from './community.table.ts';

export type CommentRecord = {
  id: number;
  projectId: number;
  authorId: string;
  body: string;
  hiddenAt: Date | null;
  createdAt: Date;
  authorNickname: string | null;
  authorProfileImagePath: string | null;
  authorDeletedAt: Date | null;
};

const commentColumns = {
  id: comments.id,
  projectId: comments.projectId,
  authorId: comments.authorId,
  body: comments.body,
  hiddenAt: comments.hiddenAt,
  createdAt: comments.createdAt,
  authorNickname: users.nickname,
  authorProfileImagePath: users.profileImagePath,
  authorDeletedAt: users.deletedAt,
};

/** SQL of the community module (docs/architecture.md#layout): comments, likes, reports, hiding. */
export function createCommunityRepository({ db }: { db: DbOrTx }) {
  return {
    /** A project the public can see: created (requests before creation are not commentable). */
    async createdProject(projectId: number): Promise<{ id: number; title: string | null; hidden: boolean } | null> {
      const [row] = await db
        .select({ id: projects.id, title: projects.title, hidden: sql<boolean>`${hiddenProjects.projectId} is not null` })
        .from(projects)
        .leftJoin(hiddenProjects, eq(hiddenProjects.projectId, projects.id))
        .where(and(eq(projects.id, projectId), isNotNull(projects.createdAt)));
      return row ?? null;
    },

    async listComments(projectId: number, beforeId: number | undefined, limit: number): Promise<CommentRecord[]> {
      return db
        .select(commentColumns)
        .from(comments)
        .innerJoin(users, eq(users.id, comments.authorId))
        .where(and(eq(comments.projectId, projectId), beforeId === undefined ? undefined : lt(comments.id, beforeId)))
        .orderBy(desc(comments.id))
        .limit(limit);
    },

    async findComment(commentId: number): Promise<CommentRecord | null> {
      const [row] = await db.select(commentColumns).from(comments).innerJoin(users, eq(users.id, comments.authorId)).where(eq(comments.id, commentId));
      return row ?? null;
    },

    async insertComment(values: typeof comments.$inferInsert): Promise<number> {
      const [row] = await db.insert(comments).values(values).returning({ id: comments.id });
      return row!.id;
    },

    async deleteComment(commentId: number): Promise<void> {
      await db.delete(comments).where(eq(comments.id, commentId));
    },

    async setCommentHidden(commentId: number, hiddenAt: Date | null): Promise<void> {
      await db.update(comments).set({ hiddenAt }).where(eq(comments.id, commentId));
    },

    async setProjectHidden(projectId: number, hiddenAt: Date | null): Promise<void> {
      if (hiddenAt === null) await db.delete(hiddenProjects).where(eq(hiddenProjects.projectId, projectId));
      else await db.insert(hiddenProjects).values({ projectId, hiddenAt }).onConflictDoNothing();
    },

    async like(projectId: number, userId: string, at: Date): Promise<void> {
      await db.insert(projectLikes).values({ projectId, userId, createdAt: at }).onConflictDoNothing();
    },

    async unlike(projectId: number, userId: string): Promise<void> {
      await db.delete(projectLikes).where(and(eq(projectLikes.projectId, projectId), eq(projectLikes.userId, userId)));
    },

    async likeCount(projectId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(projectLikes).where(eq(projectLikes.projectId, projectId));
      return row?.n ?? 0;
    },

        /** The report, or null when this user already reported the item (the unique index decides). */
    async insertReport(values: typeof reports.$inferInsert): Promise<number | null> {
      const [row] = await db.insert(reports).values(values).onConflictDoNothing().returning({ id: reports.id });
      return row?.id ?? null;
    },

    async findReport(reportId: number): Promise<ReportRow | null> {
      const [row] = await db.select().from(reports).where(eq(reports.id, reportId)).for('update');
      return row ?? null;
    },

    /** Every open report of the item becomes handled with the decision. */
    async handleReportsOf(target: { type: string; id: number }, values: { decision: string; handledBy: string; handledAt: Date }): Promise<void> {
      await db
        .update(reports)
        .set({ status: 'handled', ...values })
        .where(and(eq(reports.targetType, target.type), eq(reports.targetId, target.id), eq(reports.status, 'open')));
    },

    async setReportDecision(reportId: number, values: { decision: string; handledBy: string; handledAt: Date }): Promise<void> {
      await db.update(reports).set({ status: 'handled', ...values }).where(eq(reports.id, reportId));
    },

    async listReports(filter: SQL | undefined, limit: number) {
      const reporter = users;
      return db
        .select({
          report: reports,
          reporterNickname: reporter.nickname,
          reporterDeletedAt: reporter.deletedAt,
          commentBody: comments.body,
          commentHiddenAt: comments.hiddenAt,
          projectTitle: projects.title,
          projectHiddenAt: hiddenProjects.hiddenAt,
        })
        .from(reports)
        .innerJoin(reporter, eq(reporter.id, reports.reporterId))
        .leftJoin(comments, and(eq(reports.targetType, 'comment'), eq(comments.id, reports.targetId)))
        .leftJoin(projects, and(eq(reports.targetType, 'project'), eq(projects.id, reports.targetId)))
        .leftJoin(hiddenProjects, and(eq(reports.targetType, 'project'), eq(hiddenProjects.projectId, reports.targetId)))
        .where(filter)
        .orderBy(desc(reports.id))
        .limit(limit);
    },
  };
}

export const reportFilters = {
  status: (status: 'open' | 'handled') => eq(reports.status, status),
  idBelow: (id: number) => lt(reports.id, id),
  id: (id: number) => eq(reports.id, id),
};

/** Projects the user liked, as a filter on `projects` (my page, Like tab). */
export const likedByFilter = (userId: string) =>
  inArray(projects.id, sql`(select ${projectLikes.projectId} from ${projectLikes} where ${projectLikes.userId} = ${userId})`);

export type CommunityRepository = ReturnType<typeof createCommunityRepository>;

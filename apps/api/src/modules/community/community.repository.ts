import { and, count, desc, eq, inArray, isNull, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { CommunityTargetType } from '@orchard/shared';
import type { DbOrTx } from '../../db/client.ts';
import { qualified } from '../../db/rows.ts';
import { users } from '../users/users.table.ts';
import { comments, hiddenProjects, likes, posts, reports, type ReportRow } from './community.table.ts';

/** A project, a film or a post: what comments and likes are on (docs/decisions/075-one-community-module-for-every-target.md). */
export type CommunityTarget = { type: CommunityTargetType; id: number };

/** Each target's own foreign-key column, in comments and in likes: one column set per row. */
const commentColumnOf = { project: comments.projectId, film: comments.filmId, post: comments.postId } as const;
const likeColumnOf = { project: likes.projectId, film: likes.filmId, post: likes.postId } as const;
const targetValues = (target: CommunityTarget) => ({ projectId: null, filmId: null, postId: null, [`${target.type}Id`]: target.id });

export type CommentRecord = {
  id: number;
  projectId: number | null;
  filmId: number | null;
  postId: number | null;
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
  filmId: comments.filmId,
  postId: comments.postId,
  authorId: comments.authorId,
  body: comments.body,
  hiddenAt: comments.hiddenAt,
  createdAt: comments.createdAt,
  authorNickname: users.nickname,
  authorProfileImagePath: users.profileImagePath,
  authorDeletedAt: users.deletedAt,
};

export type PostRecord = {
  id: number;
  artistId: number;
  authorId: string;
  body: string;
  imagePaths: string[];
  hiddenAt: Date | null;
  editedAt: Date | null;
  createdAt: Date;
  authorNickname: string | null;
  authorProfileImagePath: string | null;
  authorDeletedAt: Date | null;
  likeCount: number;
  viewerLiked: boolean;
  commentCount: number;
};

/**
 * A post's columns with its author and figures: the counts are on its row (decision 077); the
 * viewer's like is a scalar probe of the unique (post, user) index, which the planner keeps per row,
 * where an `exists` would be hashed over every like the viewer ever gave.
 */
const postColumns = (viewerId: string | null) => ({
  id: posts.id,
  artistId: posts.artistId,
  authorId: posts.authorId,
  body: posts.body,
  imagePaths: posts.imagePaths,
  hiddenAt: posts.hiddenAt,
  editedAt: posts.editedAt,
  createdAt: posts.createdAt,
  authorNickname: users.nickname,
  authorProfileImagePath: users.profileImagePath,
  authorDeletedAt: users.deletedAt,
  likeCount: posts.likeCount,
  viewerLiked: viewerLikedProbe('post', posts.id, viewerId),
  commentCount: posts.commentCount,
});

/**
 * Whether the viewer likes the target whose id is in `targetId` (a column of the caller's query): at
 * most one like per (target, user), so one index probe.
 */
export const viewerLikedProbe = (type: CommunityTargetType, targetId: AnyColumn, viewerId: string | null) =>
  viewerId === null
    ? sql<boolean>`false`
    : sql<boolean>`coalesce((select true from ${likes} where ${likeColumnOf[type]} = ${qualified(targetId)} and ${likes.userId} = ${viewerId}::uuid), false)`;

/** Whether the project whose id is in `projectId` (a column of the caller's query) is hidden after a report. */
export const projectHiddenProbe = (projectId: AnyColumn) => sql<boolean>`exists (select 1 from ${hiddenProjects} h where h.project_id = ${qualified(projectId)})`;

/** `projectHiddenProbe` in the text of a named statement (`queryNamed`), where the project id is written as SQL text. */
export const projectHiddenText = (projectId: string) => `exists (select 1 from hidden_projects h where h.project_id = ${projectId})`;

/** Whether the user likes the project, in the text of a named statement: ids written as SQL text; one probe of the (project, user) unique index. */
export const projectLikedText = (projectId: string, userId: string) => `exists (select 1 from likes l where l.project_id = ${projectId} and l.user_id = ${userId})`;

/**
 * A project's likes as `[count, whether the viewer is among them]`, one JSON array, for the project
 * whose id is in `projectId` (a column of the caller's query); `viewerId` is SQL (a placeholder or
 * a parameter, null when signed out), so the same text serves a prepared statement.
 */
export const projectLikesOf = (projectId: AnyColumn, viewerId: SQL) =>
  sql<[number, boolean]>`(select json_build_array(count(*), coalesce(bool_or(l.user_id = ${viewerId}::uuid), false)) from ${likes} l where l.project_id = ${qualified(projectId)})`;

/** How many comments the project whose id is in `projectId` (a column of the caller's query) has. */
export const projectCommentCountOf = (projectId: AnyColumn) => sql<number>`(select count(*) from ${comments} c where c.project_id = ${qualified(projectId)})`;

/** Which of these films or posts the user likes: one probe of the (target, user) unique index per id. */
export async function likedAmong(db: DbOrTx, type: 'film' | 'post', userId: string, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const column = likeColumnOf[type];
  const rows = await db
    .select({ id: column })
    .from(likes)
    .where(and(inArray(column, ids), eq(likes.userId, userId)));
  return new Set(rows.map((row) => row.id!));
}

/** SQL of the community module (docs/architecture.md#layout): posts, comments, likes, reports, hiding. */
export function createCommunityRepository({ db }: { db: DbOrTx }) {
  return {
    /** A post as a target of comments, likes and reports. */
    async postTarget(postId: number): Promise<{ id: number; authorId: string; artistId: number; hidden: boolean } | null> {
      const [row] = await db
        .select({ id: posts.id, authorId: posts.authorId, artistId: posts.artistId, hiddenAt: posts.hiddenAt })
        .from(posts)
        .where(eq(posts.id, postId));
      return row ? { id: row.id, authorId: row.authorId, artistId: row.artistId, hidden: row.hiddenAt !== null } : null;
    },

    /**
     * An artist's posts, newest first (keyset on id); hidden ones only when `withHidden`. Without
     * the viewer's likes (`viewerLiked` false): the same page serves every viewer (see `likedAmong`).
     */
    async listPosts(artistId: number, beforeId: number | undefined, limit: number, withHidden: boolean): Promise<PostRecord[]> {
      return db
        .select(postColumns(null))
        .from(posts)
        .innerJoin(users, eq(users.id, posts.authorId))
        .where(
          and(
            eq(posts.artistId, artistId),
            beforeId === undefined ? undefined : lt(posts.id, beforeId),
            withHidden ? undefined : isNull(posts.hiddenAt),
          ),
        )
        .orderBy(desc(posts.id))
        .limit(limit);
    },

    /** The post holding the image stored under `key` (a deleted post's row is gone): hidden or not, or none. */
    async postImageHolder(key: string): Promise<{ hidden: boolean } | undefined> {
      const [row] = await db
        .select({ hidden: sql<boolean>`${posts.hiddenAt} is not null` })
        .from(posts)
        .where(sql`${posts.imagePaths} @> array[${key}]::text[]`)
        .limit(1);
      return row;
    },

    async findPost(postId: number, viewerId: string | null): Promise<PostRecord | null> {
      const [row] = await db.select(postColumns(viewerId)).from(posts).innerJoin(users, eq(users.id, posts.authorId)).where(eq(posts.id, postId));
      return row ?? null;
    },

    async insertPost(values: typeof posts.$inferInsert): Promise<number> {
      const [row] = await db.insert(posts).values(values).returning({ id: posts.id });
      return row!.id;
    },

    async updatePostBody(postId: number, body: string, editedAt: Date): Promise<void> {
      await db.update(posts).set({ body, editedAt }).where(eq(posts.id, postId));
    },

    /** Removes the post with its comments and likes (cascade); returns its image keys, or null when it was gone. */
    async deletePost(postId: number): Promise<string[] | null> {
      const [row] = await db.delete(posts).where(eq(posts.id, postId)).returning({ imagePaths: posts.imagePaths });
      return row?.imagePaths ?? null;
    },

    async setPostHidden(postId: number, hiddenAt: Date | null): Promise<void> {
      await db.update(posts).set({ hiddenAt }).where(eq(posts.id, postId));
    },

    async listComments(target: CommunityTarget, beforeId: number | undefined, limit: number): Promise<CommentRecord[]> {
      return db
        .select(commentColumns)
        .from(comments)
        .innerJoin(users, eq(users.id, comments.authorId))
        .where(and(eq(commentColumnOf[target.type], target.id), beforeId === undefined ? undefined : lt(comments.id, beforeId)))
        .orderBy(desc(comments.id))
        .limit(limit);
    },

    async findComment(commentId: number): Promise<CommentRecord | null> {
      const [row] = await db.select(commentColumns).from(comments).innerJoin(users, eq(users.id, comments.authorId)).where(eq(comments.id, commentId));
      return row ?? null;
    },

    async insertComment(target: CommunityTarget, values: { authorId: string; body: string; createdAt: Date }): Promise<number> {
      const [row] = await db
        .insert(comments)
        .values({ ...targetValues(target), ...values })
        .returning({ id: comments.id });
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

    /** One like per user and target: the target's partial unique index makes a second PUT a no-op. */
    async like(target: CommunityTarget, userId: string, at: Date): Promise<void> {
      await db
        .insert(likes)
        .values({ ...targetValues(target), userId, createdAt: at })
        .onConflictDoNothing();
    },

    async unlike(target: CommunityTarget, userId: string): Promise<void> {
      await db.delete(likes).where(and(eq(likeColumnOf[target.type], target.id), eq(likes.userId, userId)));
    },

    async likeCount(target: CommunityTarget): Promise<number> {
      const [row] = await db.select({ n: count() }).from(likes).where(eq(likeColumnOf[target.type], target.id));
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

    /** Reports with their reporter and, for a comment, a post or a project, what the community module keeps of the item (a film's and a project's own fields are their modules'). */
    async listReports(filter: SQL | undefined, limit: number) {
      const reporter = users;
      return db
        .select({
          report: reports,
          reporterNickname: reporter.nickname,
          reporterDeletedAt: reporter.deletedAt,
          commentBody: comments.body,
          commentHiddenAt: comments.hiddenAt,
          projectHiddenAt: hiddenProjects.hiddenAt,
          postBody: posts.body,
          postArtistId: posts.artistId,
          postHiddenAt: posts.hiddenAt,
        })
        .from(reports)
        .innerJoin(reporter, eq(reporter.id, reports.reporterId))
        .leftJoin(comments, and(eq(reports.targetType, 'comment'), eq(comments.id, reports.targetId)))
        .leftJoin(hiddenProjects, and(eq(reports.targetType, 'project'), eq(hiddenProjects.projectId, reports.targetId)))
        .leftJoin(posts, and(eq(reports.targetType, 'post'), eq(posts.id, reports.targetId)))
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

/** Projects the user liked, as a filter on the caller's project id column (my page, Like tab). */
export const likedByFilter = (projectId: AnyColumn, userId: string) =>
  inArray(projectId, sql`(select ${likes.projectId} from ${likes} where ${likes.userId} = ${userId} and ${likes.projectId} is not null)`);

export type CommunityRepository = ReturnType<typeof createCommunityRepository>;

import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { artists } from '../artists/artists.table.ts';
import { films } from '../films/films.table.ts';
import { projects } from '../projects/projects.table.ts';
import { users } from '../users/users.table.ts';

/**
 * A fan's post on an artist's community (docs/product.md#community): text and up to four
 * re-encoded images. The author edits or deletes their own; deleting removes the row, its
 * comments and its likes (cascade).
 */
export const posts = pgTable(
  'posts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    /** Storage keys of the re-encoded images, in the order sent. */
    imagePaths: text('image_paths')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Set when an operator hides the post after a report (docs/product.md#reports). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Its likes and its visible comments, kept by triggers on those tables (docs/decisions/077-counts-on-the-row.md). */
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
  },
  (table) => [
    check('posts_body_length_check', sql`char_length(${table.body}) between 1 and 2000`),
    check('posts_images_check', sql`cardinality(${table.imagePaths}) <= 4`),
    // The artist's community, newest first (keyset on id).
    index('posts_artist_idx').on(table.artistId, table.id),
    // /api/files/ finds the post an image belongs to (docs/architecture.md#uploads).
    index('posts_image_paths_idx').using('gin', table.imagePaths),
  ],
);

/**
 * Comments on a project, a film or a post (docs/product.md#comments): exactly one of the three
 * target columns is set, each a real foreign key (docs/decisions/075-one-community-module-for-every-target.md).
 * The author deletes their own (row removed).
 */
export const comments = pgTable(
  'comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id').references(() => projects.id),
    filmId: bigint('film_id', { mode: 'number' }).references(() => films.id),
    postId: bigint('post_id', { mode: 'number' }).references(() => posts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    /** Set when an operator hides the comment after a report (docs/product.md#reports). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('comments_body_length_check', sql`char_length(${table.body}) between 1 and 1000`),
    check('comments_one_target_check', sql`num_nonnulls(${table.projectId}, ${table.filmId}, ${table.postId}) = 1`),
    // Each target's list, newest first (keyset on id).
    index('comments_project_idx').on(table.projectId, table.id),
    index('comments_film_idx').on(table.filmId, table.id).where(sql`${table.filmId} is not null`),
    index('comments_post_idx').on(table.postId, table.id).where(sql`${table.postId} is not null`),
  ],
);

/**
 * Likes of a project, a film or a post: exactly one target column set, one like per user and
 * target (a partial unique index per target); PUT and DELETE are idempotent on that key.
 */
export const likes = pgTable(
  'likes',
  {
    projectId: integer('project_id').references(() => projects.id),
    filmId: bigint('film_id', { mode: 'number' }).references(() => films.id),
    postId: bigint('post_id', { mode: 'number' }).references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('likes_one_target_check', sql`num_nonnulls(${table.projectId}, ${table.filmId}, ${table.postId}) = 1`),
    uniqueIndex('likes_project_user_idx').on(table.projectId, table.userId).where(sql`${table.projectId} is not null`),
    uniqueIndex('likes_film_user_idx').on(table.filmId, table.userId).where(sql`${table.filmId} is not null`),
    uniqueIndex('likes_post_user_idx').on(table.postId, table.userId).where(sql`${table.postId} is not null`),
    // My page, Like tab.
    index('likes_user_project_idx').on(table.userId, table.projectId).where(sql`${table.projectId} is not null`),
  ],
);

/** Projects an operator hid after a report; restoring deletes the row. */
export const hiddenProjects = pgTable('hidden_projects', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id),
  hiddenAt: timestamp('hidden_at', { withTimezone: true }).notNull(),
});

/**
 * Reports of a project, a comment, a film or a post (docs/product.md#reports). One per user and item, enforced by
 * the unique index so two simultaneous reports cannot both pass.
 */
export const reports = pgTable(
  'reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id),
    targetType: text('target_type').notNull(),
    /** A project, comment, film or post id (no foreign key: a comment or post may be deleted by its author). */
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    /** The project the item belongs to (the project itself for a project report). */
    projectId: integer('project_id'),
    reason: text('reason').notNull(),
    detail: text('detail'),
    status: text('status').notNull(),
    decision: text('decision'),
    handledBy: uuid('handled_by').references(() => users.id),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('reports_target_type_check', sql`${table.targetType} in ('project', 'comment', 'film', 'post')`),
    check('reports_reason_check', sql`${table.reason} in ('REPR001', 'REPR002', 'REPR003', 'REPR004', 'REPR005', 'REPR006')`),
    check('reports_status_check', sql`${table.status} in ('open', 'handled')`),
    check('reports_decision_check', sql`${table.decision} is null or ${table.decision} in ('hide', 'restore', 'dismiss')`),
    uniqueIndex('reports_one_per_user_item').on(table.reporterId, table.targetType, table.targetId),
    index('reports_status_idx').on(table.status, table.id),
    index('reports_target_idx').on(table.targetType, table.targetId),
  ],
);

export type PostRow = typeof posts.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;

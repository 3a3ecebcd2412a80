import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects } from '../projects/projects.table.ts';
import { users } from '../users/users.table.ts';

/** Comments on a project (docs/product.md#comments). The author deletes their own (row removed). */
export const comments = pgTable(
  'comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
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
    // The project's list, newest first (keyset on id).
    index('comments_project_idx').on(table.projectId, table.id),
  ],
);

/** One like per user and project; PUT and DELETE are idempotent on this key. */
export const projectLikes = pgTable(
  'project_likes',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.userId] }),
    // My page, Like tab.
    index('project_likes_user_idx').on(table.userId, table.projectId),
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
 * Reports of a project or a comment (docs/product.md#reports). One per user and item, enforced by
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
    /** A project id or a comment id (no foreign key: a comment may be deleted by its author). */
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
    check('reports_target_type_check', sql`${table.targetType} in ('project', 'comment')`),
    check('reports_reason_check', sql`${table.reason} in ('REPR001', 'REPR002', 'REPR003', 'REPR004', 'REPR005', 'REPR006')`),
    check('reports_status_check', sql`${table.status} in ('open', 'handled')`),
    check('reports_decision_check', sql`${table.decision} is null or ${table.decision} in ('hide', 'restore', 'dismiss')`),
    uniqueIndex('reports_one_per_user_item').on(table.reporterId, table.targetType, table.targetId),
    index('reports_status_idx').on(table.status, table.id),
    index('reports_target_idx').on(table.targetType, table.targetId),
  ],
);

export type CommentRow = typeof comments.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;

import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/**
 * One in-app notification of one user (docs/product.md#notifications). `project_id` carries no
 * foreign key: notifications outlive nothing but their user, and the projects module owns its table.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    projectId: integer('project_id'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    // The list, newest first, keyset on id.
    index('notifications_user_idx').on(table.userId, table.id.desc()),
    // hasUnreadNotification: one index probe per /api/auth/me.
    index('notifications_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;

import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /**
     * Set by the sweeps' notices (an expiry notice per lot and threshold, a closing notice per fan
     * and project): the unique index lets each be written once across runs and processes.
     */
    dedupeKey: text('dedupe_key'),
  },
  (table) => [
    // The list, newest first, keyset on id.
    index('notifications_user_idx').on(table.userId, table.id.desc()),
    // hasUnreadNotification: one index probe per /api/auth/me.
    index('notifications_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
    uniqueIndex('notifications_dedupe_key_unique').on(table.dedupeKey).where(sql`${table.dedupeKey} is not null`),
    // The retention sweep (docs/product.md#notifications): rows older than 180 days.
    index('notifications_created_idx').on(table.createdAt),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * Mail on or off per notification kind (docs/product.md#notifications). No row: the kind's
 * default (mail on).
 */
export const notificationMailPreferences = pgTable(
  'notification_mail_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    mail: boolean('mail').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);

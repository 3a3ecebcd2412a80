import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/**
 * The mail outbox (docs/architecture.md#mail-outbox): a mail is a row written in the transaction
 * that caused it, and a sweep sends the due rows. `status` goes pending → sent (the server accepted
 * it) or pending → failed (the server refused it for good); `next_attempt_at` is when the drain may
 * try it next (a night-time hold, a retry's backoff, or a claim's lease).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    recipient: text('recipient').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    language: text('language').notNull(),
    template: text('template').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
  },
  (table) => [
    check('mail_outbox_status_check', sql`${table.status} in ('pending', 'sent', 'failed')`),
    check('mail_outbox_language_check', sql`${table.language} in ('ko', 'en', 'zh', 'ja', 'es')`),
    // The drain's probe: pending rows by due time.
    index('mail_outbox_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;

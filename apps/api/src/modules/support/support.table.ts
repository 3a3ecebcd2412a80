import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/** A text in the five interface languages (docs/product.md#faq). */
export type FaqText = { ko: string; en: string; zh: string; ja: string; es: string };

/**
 * The FAQ (docs/product.md#faq): one row per question, in one of the categories FAQC001–005, with
 * its question and answer in all five languages. Seeded once when empty; operators edit it.
 */
export const faqEntries = pgTable(
  'faq_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    category: text('category').notNull(),
    position: integer('position').notNull(),
    question: jsonb('question').$type<FaqText>().notNull(),
    answer: jsonb('answer').$type<FaqText>().notNull(),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('faq_entries_category_check', sql`${table.category} in ('FAQC001', 'FAQC002', 'FAQC003', 'FAQC004', 'FAQC005')`),
    index('faq_entries_category_idx').on(table.category, table.position, table.id),
  ],
);

/**
 * A fan's inquiry (docs/product.md#inquiries). Its content (the whole row) is deleted 3 years
 * after it was sent, its images 180 days after, by the retention sweeps.
 */
export const inquiries = pgTable(
  'inquiries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    nickname: text('nickname').notNull(),
    email: text('email').notNull(),
    category: text('category').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** The project the fan asked from (its policy tab), if any; no foreign key, a link only. */
    projectId: integer('project_id'),
    /** The fan's own point transaction the fan asked about, if any. */
    transactionId: bigint('transaction_id', { mode: 'number' }),
    language: text('language').notNull(),
    status: text('status').notNull(),
    answer: text('answer'),
    answeredBy: uuid('answered_by').references(() => users.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('inquiries_status_check', sql`${table.status} in ('open', 'answered')`),
    check('inquiries_category_check', sql`${table.category} in ('FAQC001', 'FAQC002', 'FAQC003', 'FAQC004', 'FAQC005')`),
    // The fan's list, newest first (keyset on id).
    index('inquiries_user_idx').on(table.userId, table.id),
    // The operator inbox: oldest unanswered first.
    index('inquiries_status_idx').on(table.status, table.id),
    // The content retention sweep.
    index('inquiries_created_idx').on(table.createdAt),
  ],
);

/** An inquiry's re-encoded images, stored privately (never under /api/files/), deleted after 180 days. */
export const inquiryImages = pgTable(
  'inquiry_images',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    inquiryId: bigint('inquiry_id', { mode: 'number' })
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('inquiry_images_inquiry_idx').on(table.inquiryId, table.position), index('inquiry_images_created_idx').on(table.createdAt)],
);

export type InquiryRow = typeof inquiries.$inferSelect;
export type FaqEntryRow = typeof faqEntries.$inferSelect;

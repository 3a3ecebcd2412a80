import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nickname: text('nickname'),
    /** NFKC + case fold + confusable skeleton (shared nicknameKey): one key per look-alike name. */
    nicknameKey: text('nickname_key'),
    /** Which nicknameKey() made nickname_key (shared nicknameKeyVersion); older ones are recomputed at start (decision 032). */
    nicknameKeyVersion: smallint('nickname_key_version').notNull().default(3),
    email: text('email'),
    country: text('country'),
    profileImagePath: text('profile_image_path'),
    language: text('language').notNull().default('ko'),
    currency: text('currency').notNull().default('KRW'),
    adInfoConsent: boolean('ad_info_consent').notNull().default(false),
    nightNotificationConsent: boolean('night_notification_consent').notNull().default(false),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    joinState: text('join_state').notNull().default('agreements'),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('users_nickname_key_unique').on(table.nicknameKey),
    check('users_join_state_check', sql`${table.joinState} in ('agreements', 'artists', 'joined')`),
    check('users_language_check', sql`${table.language} in ('ko', 'en', 'zh', 'ja', 'es')`),
    check('users_currency_check', sql`${table.currency} in ('KRW', 'USD', 'JPY')`),
  ],
);

export type UserRow = typeof users.$inferSelect;

import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { artists } from '../artists/artists.table.ts';
import { users } from '../users/users.table.ts';

/**
 * The artist rankings' rollup (docs/architecture.md#discovery): Orange funded, Berry put into
 * events, and distinct backers per artist and KST month (`month` is the month's first day), written
 * in the same transaction as every participation and return, so a ranking reads one row per artist
 * and never the ledger. The Berry is kept whole and counts at ÷ 13, rounded down, when ranked
 * (docs/product.md#discovery).
 */
export const artistMonthFigures = pgTable(
  'artist_month_figures',
  {
    month: date('month', { mode: 'string' }).notNull(),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id),
    orange: bigint('orange', { mode: 'number' }).notNull(),
    berry: bigint('berry', { mode: 'number' }).notNull().default(0),
    backers: integer('backers').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.month, table.artistId] }),
    check('artist_month_figures_counts_check', sql`${table.orange} >= 0 and ${table.berry} >= 0 and ${table.backers} >= 0`),
  ],
);

/** Each backer's Orange and event Berry per artist and KST month: a fan counts once, and stops counting when all of it is returned. */
export const artistMonthBackers = pgTable(
  'artist_month_backers',
  {
    month: date('month', { mode: 'string' }).notNull(),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    orange: bigint('orange', { mode: 'number' }).notNull(),
    berry: bigint('berry', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.month, table.artistId, table.userId] }),
    check('artist_month_backers_orange_check', sql`${table.orange} >= 0 and ${table.berry} >= 0 and ${table.orange} + ${table.berry} > 0`),
  ],
);

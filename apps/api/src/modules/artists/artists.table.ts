import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { LocalizedName } from '@orchard/shared';
import { users } from '../users/users.table.ts';

export const artists = pgTable(
  'artists',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    names: jsonb('names').$type<LocalizedName>().notNull(),
    /** Every name of the artist and its members, folded for case- and accent-insensitive search. */
    searchText: text('search_text').notNull(),
    imagePath: text('image_path'),
    followerCount: integer('follower_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('artists_type_check', sql`${table.type} in ('solo', 'group')`),
    check('artists_follower_count_check', sql`${table.followerCount} >= 0`),
  ],
);

export const artistMembers = pgTable(
  'artist_members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    names: jsonb('names').$type<LocalizedName>().notNull(),
    position: integer('position').notNull(),
  },
  (table) => [index('artist_members_artist_idx').on(table.artistId, table.position)],
);

export const artistFollows = pgTable(
  'artist_follows',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.artistId] }), index('artist_follows_artist_idx').on(table.artistId)],
);

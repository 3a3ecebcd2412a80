import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { artists } from '../artists/artists.table.ts';
import { projects } from '../projects/projects.table.ts';
import { users } from '../users/users.table.ts';

/**
 * A fan's film (docs/product.md#films): a YouTube link (stored as the video id) or an uploaded MP4
 * (stored under a generated name, with the duration, dimensions and codec read from its boxes).
 * The author's delete sets `deleted_at` and removes the files; the row stays so comments, likes and
 * reports keyed on it keep a target (docs/decisions/074-films.md).
 */
export const films = pgTable(
  'films',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id),
    /** A project the author took part in ("films from this ad" on its page). */
    projectId: integer('project_id').references(() => projects.id),
    title: text('title').notNull(),
    source: text('source').notNull(),
    youtubeId: text('youtube_id'),
    videoPath: text('video_path'),
    posterPath: text('poster_path'),
    durationMs: integer('duration_ms'),
    width: integer('width'),
    height: integer('height'),
    codec: text('codec'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** Set when an operator hides the film after a report (docs/product.md#reports). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Its likes and its visible comments, kept by triggers on those tables (docs/decisions/077-counts-on-the-row.md). */
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
  },
  (table) => [
    check('films_title_length_check', sql`char_length(${table.title}) between 1 and 100`),
    check('films_source_check', sql`${table.source} in ('youtube', 'upload')`),
    check(
      'films_source_fields_check',
      sql`(${table.source} = 'youtube' and ${table.youtubeId} is not null and ${table.videoPath} is null) or (${table.source} = 'upload' and ${table.videoPath} is not null and ${table.youtubeId} is null)`,
    ),
    check('films_youtube_id_check', sql`${table.youtubeId} is null or ${table.youtubeId} ~ '^[A-Za-z0-9_-]{11}$'`),
    // Newest first: all films, an artist's, an author's (my page), a project's; keyset on id.
    index('films_listed_idx').on(table.id).where(sql`${table.hiddenAt} is null and ${table.deletedAt} is null`),
    index('films_artist_idx').on(table.artistId, table.id).where(sql`${table.deletedAt} is null`),
    index('films_author_idx').on(table.authorId, table.id).where(sql`${table.deletedAt} is null`),
    index('films_project_idx').on(table.projectId, table.id).where(sql`${table.projectId} is not null and ${table.deletedAt} is null`),
    // /api/files/ finds the film a video or poster belongs to (docs/architecture.md#uploads).
    index('films_video_path_idx').on(table.videoPath),
    index('films_poster_path_idx').on(table.posterPath),
  ],
);

export type FilmRow = typeof films.$inferSelect;

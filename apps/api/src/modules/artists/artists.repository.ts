import { and, asc, eq, gt, inArray, isNull, sql, type AnyColumn, type SQLWrapper } from 'drizzle-orm';
import type { LocalizedName } from '@orchard/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { qualified } from '../../db/rows.ts';
import { users } from '../users/users.table.ts';
import { artistFollows, artistMembers, artists } from './artists.table.ts';

const artistColumns = {
  id: artists.id,
  type: artists.type,
  names: artists.names,
  imagePath: artists.imagePath,
};

export type ArtistRow = { id: number; type: string; names: (typeof artists.$inferSelect)['names']; imagePath: string | null };

export type ArtistPageRow = ArtistRow & { members: { id: number; names: LocalizedName }[]; following: boolean };

/**
 * The artist list's page as one prepared statement (a hot public read): members aggregated and the
 * viewer's follow looked up in the same round trip. Placeholders: afterId (0 for the first page),
 * limit, viewerId (null when signed out) and, in the search variant, pattern.
 */
export function prepareArtistPages(db: Db) {
  // Written out rather than interpolated: inside a select list drizzle leaves column names
  // unqualified, which would bind `id` to the subquery's own table.
  const members = sql<ArtistPageRow['members']>`coalesce((
    select json_agg(json_build_object('id', m.id, 'names', m.names) order by m.position, m.id)
    from artist_members m where m.artist_id = artists.id), '[]'::json)`;
  const following = sql<boolean>`exists (
    select 1 from artist_follows f where f.user_id = ${sql.placeholder('viewerId')}::uuid and f.artist_id = artists.id)`;
  const page = (name: string, search: boolean) =>
    db
      .select({ ...artistColumns, members, following })
      .from(artists)
      .where(
        and(
          gt(artists.id, sql.placeholder('afterId')),
          search ? sql`${artists.searchText} like ${sql.placeholder('pattern')} escape '\\'` : undefined,
        ),
      )
      .orderBy(asc(artists.id))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  const all = page('artist_page', false);
  const matching = page('artist_search_page', true);
  return ({ foldedSearch, afterId, limit, viewerId }: { foldedSearch?: string; afterId?: number; limit: number; viewerId: string | null }): Promise<ArtistPageRow[]> =>
    foldedSearch
      ? matching.execute({ afterId: afterId ?? 0, limit, viewerId, pattern: `%${escapeLikePattern(foldedSearch)}%` })
      : all.execute({ afterId: afterId ?? 0, limit, viewerId });
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export function createArtistsRepository({ db }: { db: DbOrTx }) {
  return {
    /**
     * Locks the follower's live account row until the transaction ends: the same lock the users
     * and join modules take first, so one user's follow decisions run one at a time. False when
     * the account is gone.
     */
    async lockFollower(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .for('update');
      return row !== undefined;
    },

    async findById(artistId: number): Promise<ArtistRow | undefined> {
      const [row] = await db.select(artistColumns).from(artists).where(eq(artists.id, artistId));
      return row;
    },

    /** The artist's names, or null when there is no such artist. */
    async namesOf(artistId: number): Promise<LocalizedName | null> {
      const [row] = await db.select({ names: artists.names }).from(artists).where(eq(artists.id, artistId));
      return row?.names ?? null;
    },

    async followerIdsOf(artistId: number): Promise<string[]> {
      const rows = await db.select({ userId: artistFollows.userId }).from(artistFollows).where(eq(artistFollows.artistId, artistId));
      return rows.map((row) => row.userId);
    },

    /** The artist listed first (the lowest id), if there is any. */
    async firstId(): Promise<number | undefined> {
      const [row] = await db.select({ id: artists.id }).from(artists).orderBy(asc(artists.id)).limit(1);
      return row?.id;
    },

    async existingIds(artistIds: number[]): Promise<number[]> {
      if (artistIds.length === 0) return [];
      const rows = await db.select({ id: artists.id }).from(artists).where(inArray(artists.id, artistIds));
      return rows.map((row) => row.id);
    },

    /** Members of several artists in one query (no N+1), in their display order. */
    async membersOf(artistIds: number[]) {
      if (artistIds.length === 0) return [];
      return db
        .select({ id: artistMembers.id, artistId: artistMembers.artistId, names: artistMembers.names })
        .from(artistMembers)
        .where(inArray(artistMembers.artistId, artistIds))
        .orderBy(asc(artistMembers.artistId), asc(artistMembers.position), asc(artistMembers.id));
    },

    async followedAmong(userId: string, artistIds: number[]): Promise<Set<number>> {
      if (artistIds.length === 0) return new Set();
      const rows = await db
        .select({ artistId: artistFollows.artistId })
        .from(artistFollows)
        .where(and(eq(artistFollows.userId, userId), inArray(artistFollows.artistId, artistIds)));
      return new Set(rows.map((row) => row.artistId));
    },

    /** The user's followed artists, the earliest follow first. */
    async followedBy(userId: string): Promise<ArtistRow[]> {
      return db
        .select(artistColumns)
        .from(artistFollows)
        .innerJoin(artists, eq(artists.id, artistFollows.artistId))
        .where(eq(artistFollows.userId, userId))
        .orderBy(asc(artistFollows.createdAt), asc(artists.id));
    },

    async countFollowedBy(userId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(artistFollows)
        .where(eq(artistFollows.userId, userId));
      return row?.count ?? 0;
    },

    /** Inserts the follows not there yet; answers the artist ids actually added. */
    async insertFollows(userId: string, artistIds: number[], now: Date): Promise<number[]> {
      if (artistIds.length === 0) return [];
      const rows = await db
        .insert(artistFollows)
        .values(artistIds.map((artistId) => ({ userId, artistId, createdAt: now })))
        .onConflictDoNothing()
        .returning({ artistId: artistFollows.artistId });
      return rows.map((row) => row.artistId);
    },

    /** Deletes follows; answers the artist ids actually removed. */
    async deleteFollows(userId: string, artistIds?: number[]): Promise<number[]> {
      if (artistIds && artistIds.length === 0) return [];
      const rows = await db
        .delete(artistFollows)
        .where(and(eq(artistFollows.userId, userId), artistIds ? inArray(artistFollows.artistId, artistIds) : undefined))
        .returning({ artistId: artistFollows.artistId });
      return rows.map((row) => row.artistId);
    },

    async adjustFollowerCounts(artistIds: number[], delta: 1 | -1) {
      if (artistIds.length === 0) return;
      await db
        .update(artists)
        .set({ followerCount: sql`${artists.followerCount} + ${delta}` })
        .where(inArray(artists.id, artistIds));
    },
  };
}

/** The names of the artist whose id is in `artistId` (a column of the caller's query): one primary-key probe per row. */
export const artistNamesProbe = (artistId: AnyColumn) => sql<LocalizedName>`(select a.names from ${artists} a where a.id = ${qualified(artistId)})`;

/**
 * `artistNamesProbe` as a join, in the text of a named statement (`queryNamed`): the artist whose id
 * is `artistId` (SQL text, null for none), left-joined as `a`, and its names.
 */
export const artistJoinText = (artistId: string) => ({ join: `left join artists a on a.id = ${artistId}`, names: 'a.names' });

/** Rows whose `artistId` column is an artist the user follows, as a filter of the caller's query. */
export const followedArtistFilter = (artistId: AnyColumn, userId: string) =>
  inArray(artistId, sql`(select f.artist_id from ${artistFollows} f where f.user_id = ${userId})`);

/**
 * The same filter as `followedArtistFilter`, written `= any(array(…))`: the followed ids are read
 * once, ahead of the caller's query, which reaches each artist's rows through its own artist
 * indexes (a fan follows few). The projects' public list filters this way.
 */
export const amongFollowedArtists = (artistId: AnyColumn, userId: string) =>
  sql`${artistId} = any(array(select f.artist_id from ${artistFollows} f where f.user_id = ${userId}::uuid))`;

/** Rows whose `artistId` column is one of the first `limit` artists (by id) whose search key holds the folded text. */
export const artistsNamedFilter = (artistId: AnyColumn, folded: string, limit: number) =>
  sql`${artistId} in (select a.id from ${artists} a where a.search_text like ${`%${escapeLikePattern(folded)}%`} escape '\\' order by a.id limit ${limit}::int)`;

/** The artists whose ids the caller's query `artistIds` selects, with their names, by id: one statement with it. */
export async function artistNamesAmong(db: DbOrTx, artistIds: SQLWrapper): Promise<{ id: number; names: LocalizedName }[]> {
  return db.select({ id: artists.id, names: artists.names }).from(artists).where(inArray(artists.id, artistIds)).orderBy(asc(artists.id));
}

export type ArtistsRepository = ReturnType<typeof createArtistsRepository>;

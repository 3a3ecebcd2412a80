import { and, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { followedArtistFilter } from '../artists/artists.service.ts';
import { viewerLikedProbe } from '../community/community.service.ts';
import { users } from '../users/users.table.ts';
import { films, type FilmRow } from './films.table.ts';

/** A film as lists and the detail page show it: the row, its author's nickname, its counts. */
export type FilmView = FilmRow & { authorNickname: string | null; authorDeletedAt: Date | null; likes: number; comments: number; liked: boolean };

export type FilmFilter = { artistId?: number; projectId?: number; authorId?: string; followerId?: string; includeHidden: boolean };

/** SQL of the films module (docs/architecture.md#layout). */
export function createFilmsRepository({ db }: { db: DbOrTx }) {
  const viewColumns = (viewerId: string | null) => ({
    film: films,
    authorNickname: users.nickname,
    authorDeletedAt: users.deletedAt,
    liked: viewerLikedProbe('film', films.id, viewerId),
  });
  const toView = (row: { film: FilmRow; authorNickname: string | null; authorDeletedAt: Date | null; liked: boolean }): FilmView => ({
    ...row.film,
    authorNickname: row.authorNickname,
    authorDeletedAt: row.authorDeletedAt,
    likes: row.film.likeCount,
    comments: row.film.commentCount,
    liked: Boolean(row.liked),
  });

  return {
    async insertFilm(values: typeof films.$inferInsert): Promise<number> {
      const [row] = await db.insert(films).values(values).returning({ id: films.id });
      return row!.id;
    },

    /** The film whose video or poster is stored under `key`: hidden, deleted, or none. */
    async fileHolder(file: 'video' | 'poster', key: string): Promise<{ hidden: boolean; deleted: boolean } | undefined> {
      const [row] = await db
        .select({ hidden: sql<boolean>`${films.hiddenAt} is not null`, deleted: sql<boolean>`${films.deletedAt} is not null` })
        .from(films)
        .where(eq(file === 'video' ? films.videoPath : films.posterPath, key))
        .limit(1);
      return row;
    },

    async findFilm(filmId: number, viewerId: string | null): Promise<FilmView | null> {
      const [row] = await db
        .select(viewColumns(viewerId))
        .from(films)
        .innerJoin(users, eq(users.id, films.authorId))
        .where(and(eq(films.id, filmId), isNull(films.deletedAt)));
      return row ? toView(row) : null;
    },

    /**
     * Newest first, keyset on id: `beforeId` is the last id of the previous page. Without the
     * viewer's likes (`liked` false): the same page serves every viewer (see `likedAmong`).
     */
    async listFilms(filter: FilmFilter, beforeId: number | undefined, limit: number): Promise<FilmView[]> {
      const conditions: (SQL | undefined)[] = [isNull(films.deletedAt)];
      if (!filter.includeHidden) conditions.push(isNull(films.hiddenAt));
      if (filter.artistId !== undefined) conditions.push(eq(films.artistId, filter.artistId));
      if (filter.projectId !== undefined) conditions.push(eq(films.projectId, filter.projectId));
      if (filter.authorId !== undefined) conditions.push(eq(films.authorId, filter.authorId));
      if (filter.followerId !== undefined) conditions.push(followedArtistFilter(films.artistId, filter.followerId));
      if (beforeId !== undefined) conditions.push(lt(films.id, beforeId));
      const rows = await db
        .select(viewColumns(null))
        .from(films)
        .innerJoin(users, eq(users.id, films.authorId))
        .where(and(...conditions))
        .orderBy(desc(films.id))
        .limit(limit);
      return rows.map(toView);
    },

    async markDeleted(filmId: number, at: Date): Promise<FilmRow | null> {
      const [row] = await db
        .update(films)
        .set({ deletedAt: at })
        .where(and(eq(films.id, filmId), isNull(films.deletedAt)))
        .returning();
      return row ?? null;
    },

    /** A film its author has not deleted, as a target of comments, likes and reports: its author and whether an operator hid it. */
    async target(filmId: number): Promise<{ id: number; authorId: string; hidden: boolean } | null> {
      const [row] = await db
        .select({ id: films.id, authorId: films.authorId, hidden: sql<boolean>`${films.hiddenAt} is not null` })
        .from(films)
        .where(and(eq(films.id, filmId), isNull(films.deletedAt)));
      return row ?? null;
    },

    /** The films of these ids their authors have not deleted, as the report queue shows them. */
    async reportedAmong(filmIds: readonly number[]): Promise<{ id: number; title: string; hidden: boolean }[]> {
      if (filmIds.length === 0) return [];
      return db
        .select({ id: films.id, title: films.title, hidden: sql<boolean>`${films.hiddenAt} is not null` })
        .from(films)
        .where(and(inArray(films.id, [...filmIds]), isNull(films.deletedAt)));
    },

    /** Sets or clears a film's hidden mark (an operator's report decision). */
    async setHidden(filmId: number, hiddenAt: Date | null): Promise<void> {
      await db.update(films).set({ hiddenAt }).where(eq(films.id, filmId));
    },
  };
}

export type FilmsRepository = ReturnType<typeof createFilmsRepository>;

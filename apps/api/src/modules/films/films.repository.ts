import { and, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { LocalizedName } from '@orchard/shared';
import type { DbOrTx } from '../../db/client.ts';
import { artistFollows, artists } from '../artists/artists.table.ts';
import { likedAmong, viewerLikedProbe } from '../community/community.service.ts';
import { likes } from '../community/community.table.ts';
import { projectFunders, projects } from '../projects/projects.table.ts';
import { users } from '../users/users.table.ts';
import { films, type FilmRow } from './films.table.ts';

/** What the comments, likes and reports module needs of a film target (docs/decisions/074-films.md). */
export type FilmTarget = { id: number; authorId: string; artistId: number; projectId: number | null; hidden: boolean };

/** A film that exists (not deleted by its author), with whether an operator hid it; null otherwise. */
export async function filmTargetOf(db: DbOrTx, filmId: number): Promise<FilmTarget | null> {
  if (!Number.isSafeInteger(filmId) || filmId <= 0) return null;
  const [row] = await db
    .select({ id: films.id, authorId: films.authorId, artistId: films.artistId, projectId: films.projectId, hiddenAt: films.hiddenAt })
    .from(films)
    .where(and(eq(films.id, filmId), isNull(films.deletedAt)));
  return row ? { id: row.id, authorId: row.authorId, artistId: row.artistId, projectId: row.projectId, hidden: row.hiddenAt !== null } : null;
}

/** Sets or clears a film's hidden mark (an operator's report decision). */
export async function setFilmHidden(db: DbOrTx, filmId: number, hiddenAt: Date | null): Promise<void> {
  await db.update(films).set({ hiddenAt }).where(eq(films.id, filmId));
}

/** A film as lists and the detail page show it: the row, its author's nickname, its counts. */
export type FilmView = FilmRow & { authorNickname: string | null; authorDeletedAt: Date | null; likes: number; comments: number; liked: boolean };

export type FilmFilter = { artistId?: number; projectId?: number; authorId?: string; followerId?: string; includeHidden: boolean };

/** SQL of the films module (docs/architecture.md#layout). */
export function createFilmsRepository({ db }: { db: DbOrTx }) {
  const viewColumns = (viewerId: string | null) => ({
    film: films,
    authorNickname: users.nickname,
    authorDeletedAt: users.deletedAt,
    liked: viewerLikedProbe(likes.filmId, films.id, viewerId),
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
      if (filter.followerId !== undefined) {
        conditions.push(inArray(films.artistId, db.select({ id: artistFollows.artistId }).from(artistFollows).where(eq(artistFollows.userId, filter.followerId))));
      }
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

    /** Which of these films the user likes. */
    likedAmong: (userId: string, filmIds: number[]) => likedAmong(db, 'film', userId, filmIds),

    async markDeleted(filmId: number, at: Date): Promise<FilmRow | null> {
      const [row] = await db
        .update(films)
        .set({ deletedAt: at })
        .where(and(eq(films.id, filmId), isNull(films.deletedAt)))
        .returning();
      return row ?? null;
    },

    /** The artist's names, or null when there is no such artist. */
    async artistNames(artistId: number): Promise<LocalizedName | null> {
      const [row] = await db.select({ names: artists.names }).from(artists).where(eq(artists.id, artistId));
      return row?.names ?? null;
    },

    /** Whether the user took part in the project (a participation or the creator's deposit), and its artist. */
    async participation(projectId: number, userId: string): Promise<{ artistId: number; tookPart: boolean } | null> {
      const [row] = await db
        .select({ artistId: projects.artistId, tookPart: sql<boolean>`${projectFunders.userId} is not null` })
        .from(projects)
        .leftJoin(projectFunders, and(eq(projectFunders.projectId, projects.id), eq(projectFunders.userId, userId)))
        .where(eq(projects.id, projectId));
      return row ? { artistId: row.artistId, tookPart: Boolean(row.tookPart) } : null;
    },
  };
}

export type FilmsRepository = ReturnType<typeof createFilmsRepository>;

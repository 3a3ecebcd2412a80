import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { films } from './films.table.ts';

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

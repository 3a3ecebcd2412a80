import { asc, eq } from 'drizzle-orm';
import { artistSearchKey } from '@orchard/shared';
import type { Db } from '../../db/client.ts';
import { artistMembers, artists } from './artists.table.ts';

/**
 * Rewrites every artist's search key that an older artistSearchKey() made (before hiragana and
 * chosung were part of it). Run at start; only keys that differ are written, so a second run
 * writes nothing. Answers how many were rewritten.
 */
export async function refreshArtistSearchKeys(db: Db): Promise<number> {
  const rows = await db.select({ id: artists.id, names: artists.names, searchText: artists.searchText }).from(artists).orderBy(asc(artists.id));
  const members = await db.select({ artistId: artistMembers.artistId, names: artistMembers.names }).from(artistMembers);
  const memberNames = new Map<number, string[]>();
  for (const member of members) memberNames.set(member.artistId, [...(memberNames.get(member.artistId) ?? []), ...Object.values(member.names)]);
  let rewritten = 0;
  for (const row of rows) {
    const key = artistSearchKey([...Object.values(row.names), ...(memberNames.get(row.id) ?? [])]);
    if (key === row.searchText) continue;
    await db.update(artists).set({ searchText: key }).where(eq(artists.id, row.id));
    rewritten += 1;
  }
  return rewritten;
}

import { and, asc, gt, isNotNull, sql } from 'drizzle-orm';
import { projectSearchKey } from '@orchard/shared';
import type { Db } from '../../db/client.ts';
import { artistNamesProbe } from '../artists/artists.service.ts';
import { projects } from './projects.table.ts';

/** Projects read per pass: the keys are computed here, not in SQL, so they come a page at a time. */
const batchSize = 1000;

/**
 * Writes the search key (docs/architecture.md#discovery) of every titled project whose key is
 * missing (rows from before search) or no longer what projectSearchKey() makes of its title and
 * its artist's names (the folding or the names changed). Run at start; only keys that differ are
 * written, so a second run writes nothing. Answers how many were written.
 */
export async function refreshProjectSearchKeys(db: Db): Promise<number> {
  let written = 0;
  let afterId = 0;
  for (;;) {
    const rows = await db
      .select({ id: projects.id, title: projects.title, searchText: projects.searchText, names: artistNamesProbe(projects.artistId) })
      .from(projects)
      .where(and(gt(projects.id, afterId), isNotNull(projects.title)))
      .orderBy(asc(projects.id))
      .limit(batchSize);
    const changed = rows.flatMap((row) => {
      const key = projectSearchKey(row.title!, row.names);
      return key === row.searchText ? [] : [{ id: row.id, key }];
    });
    if (changed.length > 0) {
      await db.execute(sql`
        update ${projects} set search_text = changed.key
        from unnest(${sql.param(changed.map((row) => row.id))}::int[], ${sql.param(changed.map((row) => row.key))}::text[]) as changed(id, key)
        where ${projects.id} = changed.id`);
      written += changed.length;
    }
    if (rows.length < batchSize) return written;
    afterId = rows.at(-1)!.id;
  }
}

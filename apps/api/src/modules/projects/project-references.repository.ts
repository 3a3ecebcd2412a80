import { inArray, sql } from 'drizzle-orm';
import type { LocalizedName } from '@orchard/shared';
import type { DbOrTx } from '../../db/client.ts';
import { artists } from '../artists/artists.table.ts';
import { hiddenProjects } from '../community/community.table.ts';
import { projects } from './projects.table.ts';

/**
 * What other modules read of projects, through the projects service: each a read keyed by ids,
 * within the caller's transaction where it passes one.
 */

/** A project as another module names it: its title, whether it was created (a request is not), its artist's names, and whether it is hidden. */
export type ProjectReference = { id: number; title: string | null; created: boolean; artistNames: LocalizedName; hidden: boolean };

/** The projects of these ids that exist, in one statement (one primary-key probe each). */
export async function projectReferencesAmong(db: DbOrTx, projectIds: readonly number[]): Promise<ProjectReference[]> {
  if (projectIds.length === 0) return [];
  const rows = await db
    .select({
      id: projects.id,
      title: projects.title,
      created: sql<boolean>`${projects.createdAt} is not null`,
      artistNames: sql<LocalizedName>`(select ${artists.names} from ${artists} where ${artists.id} = ${projects.artistId})`,
      hidden: sql<boolean>`exists (select 1 from ${hiddenProjects} where ${hiddenProjects.projectId} = ${projects.id})`,
    })
    .from(projects)
    .where(inArray(projects.id, [...projectIds]));
  return rows.map((row) => ({ ...row, created: Boolean(row.created), hidden: Boolean(row.hidden) }));
}

import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { LocalizedName } from '@orchard/shared';
import type { DbOrTx } from '../../db/client.ts';
import { artistJoinText, artistNamesProbe } from '../artists/artists.service.ts';
import { projectHiddenProbe, projectHiddenText } from '../community/community.service.ts';
import { projectFunders, projects } from './projects.table.ts';

/**
 * What other modules read of projects, through the projects service
 * (docs/decisions/093-what-modules-read-of-each-other.md): each a read keyed by ids, within the
 * caller's transaction where it passes one.
 */

/** A project as another module names it: its title, whether it was created (a request is not), its artist's names, and whether it is hidden. */
export type ProjectReference = { id: number; title: string | null; created: boolean; artistNames: LocalizedName; hidden: boolean };

/** The projects of these ids that exist, in one statement (one primary-key probe each). */
export async function projectReferencesAmong(db: DbOrTx, projectIds: readonly number[]): Promise<ProjectReference[]> {
  if (projectIds.length === 0) return [];
  return db
    .select({
      id: projects.id,
      title: projects.title,
      created: sql<boolean>`${projects.createdAt} is not null`,
      artistNames: artistNamesProbe(projects.artistId),
      hidden: projectHiddenProbe(projects.id),
    })
    .from(projects)
    .where(inArray(projects.id, [...projectIds]));
}

/**
 * `projectReferencesAmong`'s title, artist names and hidden mark in the text of a named statement
 * (`queryNamed`), for the project whose id is `projectId` (SQL text, null for none): `joins` to put in
 * the caller's from clause (the project left-joined as `pr`, its artist as `a`), and the three
 * expressions over them (null when there is no project). The points history's entries name their
 * project this way, in their one statement.
 */
export function projectReferenceText(projectId: string) {
  const artist = artistJoinText('pr.artist_id');
  return {
    joins: `left join projects pr on pr.id = ${projectId} ${artist.join}`,
    title: 'pr.title',
    artistNames: artist.names,
    hidden: projectHiddenText('pr.id'),
  };
}

/** Whether the user took part in the project (a participation or the creator's deposit), and its artist; null when there is no such project. */
export async function participationOf(db: DbOrTx, projectId: number, userId: string): Promise<{ artistId: number; tookPart: boolean } | null> {
  const [row] = await db
    .select({ artistId: projects.artistId, tookPart: sql<boolean>`${projectFunders.userId} is not null` })
    .from(projects)
    .leftJoin(projectFunders, and(eq(projectFunders.projectId, projects.id), eq(projectFunders.userId, userId)))
    .where(eq(projects.id, projectId));
  return row ? { artistId: row.artistId, tookPart: Boolean(row.tookPart) } : null;
}

/** Projects still funding whose end date is `kstDate` or earlier (along projects_funding_deadline_idx). */
export async function fundingEndingBy(db: DbOrTx, kstDate: string): Promise<{ id: number; fundingEndDate: string }[]> {
  return db
    .select({ id: projects.id, fundingEndDate: projects.fundingEndDate })
    .from(projects)
    .where(and(eq(projects.status, 'funding'), lte(projects.fundingEndDate, kstDate)));
}

/**
 * The project's fans (a participation or the creator's deposit), a page at a time in user id order
 * (keyset along the primary key): the first `limit` after `afterUserId`, or from the start.
 */
export async function fundersAfter(db: DbOrTx, projectId: number, afterUserId: string | null, limit: number): Promise<string[]> {
  const rows = await db
    .select({ userId: projectFunders.userId })
    .from(projectFunders)
    .where(and(eq(projectFunders.projectId, projectId), afterUserId === null ? undefined : gt(projectFunders.userId, afterUserId)))
    .orderBy(asc(projectFunders.userId))
    .limit(limit);
  return rows.map((row) => row.userId);
}

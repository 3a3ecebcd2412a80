import type { DbOrTx } from '../../db/client.ts';
import { createCommunityRepository } from './community.repository.ts';

export { likedByFilter } from './community.repository.ts';

/** The community fields of the Project payload (docs/product.md#comments), for a batch of projects. */
export async function communityFieldsFor(source: DbOrTx, projectIds: number[], viewer: { userId: string } | null) {
  const empty = { likeCount: 0, viewerLiked: false, commentCount: 0, hidden: false };
  const fields = new Map(projectIds.map((id) => [id, { ...empty }]));
  const lookup = (projectId: number) => fields.get(projectId) ?? empty;
  if (projectIds.length === 0) return lookup;
  const { likeRows, commentRows, hiddenIds } = await createCommunityRepository({ db: source }).projectFields(projectIds, viewer?.userId ?? null);
  for (const row of likeRows) Object.assign(fields.get(row.projectId)!, { likeCount: row.n, viewerLiked: row.mine === true });
  for (const row of commentRows) fields.get(row.projectId)!.commentCount = row.n;
  for (const id of hiddenIds) fields.get(id)!.hidden = true;
  return lookup;
}

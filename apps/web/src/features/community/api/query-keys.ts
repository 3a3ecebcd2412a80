import type { CommunityTargetType } from '@orchard/shared';

/** What comments and likes are on: a project, a film or a post (docs/decisions/075-one-community-module-for-every-target.md). */
export type CommunityTarget = { type: CommunityTargetType; id: number };

/** The target's path under /api: `/projects/7`, `/films/7`, `/posts/7`. */
export const targetPath = (target: CommunityTarget) => `/${target.type}s/${encodeURIComponent(String(target.id))}`;

/** Every community query lives under `['community']`, so a report decision can refresh them all. */
export const communityQueryKeys = {
  all: ['community'] as const,
  comments: (target: CommunityTarget) => ['community', 'comments', target.type, target.id] as const,
  posts: (artistId: number) => ['community', 'posts', artistId] as const,
  reports: (status: 'open' | 'handled') => ['community', 'reports', status] as const,
};

import type { Artist } from '@orchard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { usersQueryKeys } from './query-keys.ts';

export function getFollowingArtistsQueryOptions() {
  return queryOptions({
    queryKey: usersQueryKeys.followingArtists,
    queryFn: ({ signal }) => apiRequest<{ items: Artist[] }>('/users/following-artists', { signal }),
  });
}

export function useFollowingArtists({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getFollowingArtistsQueryOptions(), enabled });
}

import type { MyProjectArtists } from '@orchard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { projectsQueryKeys } from './query-keys.ts';

/** The My projects artist filter: every artist the user has a project with, followed or not. */
export function getMyProjectArtistsQueryOptions() {
  return queryOptions({
    queryKey: projectsQueryKeys.mineArtists,
    queryFn: ({ signal }) => apiRequest<MyProjectArtists>('/my/projects/artists', { signal }),
  });
}

export function useMyProjectArtists() {
  return useQuery(getMyProjectArtistsQueryOptions());
}

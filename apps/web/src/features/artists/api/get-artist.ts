import type { Artist } from '@orchard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { artistsQueryKeys } from './query-keys.ts';

export function getArtistQueryOptions(artistId: number) {
  return queryOptions({
    queryKey: artistsQueryKeys.detail(artistId),
    queryFn: ({ signal }) => apiRequest<Artist>(`/artists/${artistId}`, { signal }),
  });
}

/** An id that cannot name an artist is never asked for: the page shows not-found at once. */
export function isArtistId(artistId: number): boolean {
  return Number.isInteger(artistId) && artistId > 0 && artistId <= 2_147_483_647;
}

export function useArtist(artistId: number) {
  return useQuery({ ...getArtistQueryOptions(artistId), enabled: isArtistId(artistId) });
}

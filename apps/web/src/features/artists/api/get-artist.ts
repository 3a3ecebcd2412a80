import type { Artist } from '@orchard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { inPageQueryData } from '../../../lib/early-reads.ts';
import { apiAddress, apiRequest } from '../../../lib/http.ts';
import { artistsQueryKeys } from './query-keys.ts';

const artistPath = (artistId: number) => `/artists/${artistId}`;

export function getArtistQueryOptions(artistId: number) {
  return queryOptions({
    queryKey: artistsQueryKeys.detail(artistId),
    queryFn: ({ signal }) => apiRequest<Artist>(artistPath(artistId), { signal }),
  });
}

/** An id that cannot name an artist is never asked for: the page shows not-found at once. */
export function isArtistId(artistId: number): boolean {
  return Number.isInteger(artistId) && artistId > 0 && artistId <= 2_147_483_647;
}

/** An artist; a shared link's page held a signed-out visitor's read in its HTML (decision 110). */
export function useArtist(artistId: number) {
  const valid = isArtistId(artistId);
  return useQuery({ ...getArtistQueryOptions(artistId), enabled: valid, ...(valid ? inPageQueryData(apiAddress(artistPath(artistId)), (artist: Artist) => artist) : {}) });
}

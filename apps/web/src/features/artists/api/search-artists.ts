import type { Artist } from '@orchard/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { artistsQueryKeys } from './query-keys.ts';

export type ArtistPage = { items: Artist[]; nextCursor: string | null };

export function getArtistSearchQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: artistsQueryKeys.search(search),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ArtistPage>('/artists', { query: { q: search || undefined, cursor: pageParam ?? undefined, limit: 24 }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useArtistSearch(search: string) {
  return useInfiniteQuery(getArtistSearchQueryOptions(search));
}

import type { Artist, Language } from '@orchard/shared';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';

export type ArtistPage = { items: Artist[]; nextCursor: string | null };
type FollowResult = { artistId: number; following: boolean; followingCount: number };

export const artistsQueryKey = ['artists'] as const;
export const followingArtistsQueryKey = ['users', 'following-artists'] as const;

export function getArtistSearchQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: [...artistsQueryKey, 'search', search] as const,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ArtistPage>('/artists', { query: { q: search || undefined, cursor: pageParam ?? undefined, limit: 24 }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useArtistSearch(search: string) {
  return useInfiniteQuery(getArtistSearchQueryOptions(search));
}

export function getArtistQueryOptions(artistId: number) {
  return queryOptions({
    queryKey: [...artistsQueryKey, 'detail', artistId] as const,
    queryFn: ({ signal }) => apiRequest<Artist>(`/artists/${artistId}`, { signal }),
  });
}

export function useArtist(artistId: number) {
  return useQuery({ ...getArtistQueryOptions(artistId), enabled: Number.isInteger(artistId) && artistId > 0 });
}

export function getFollowingArtistsQueryOptions() {
  return queryOptions({
    queryKey: followingArtistsQueryKey,
    queryFn: ({ signal }) => apiRequest<{ items: Artist[] }>('/users/following-artists', { signal }),
  });
}

export function useFollowingArtists() {
  return useQuery(getFollowingArtistsQueryOptions());
}

/** Follow or unfollow; every artist list is refetched so `following` flags stay true. */
export function useToggleFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ artistId, follow }: { artistId: number; follow: boolean }) =>
      apiRequest<FollowResult>(`/users/following-artists/${artistId}`, { method: follow ? 'PUT' : 'DELETE' }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: artistsQueryKey }),
        queryClient.invalidateQueries({ queryKey: followingArtistsQueryKey }),
      ]);
    },
  });
}

export function artistName(artist: Pick<Artist, 'names'>, language: Language): string {
  return artist.names[language] || artist.names.en;
}

import type { ArtistRankings, RankingMeasure } from '@orchard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { artistsQueryKeys } from './query-keys.ts';

export function getArtistRankingsQueryOptions(by: RankingMeasure, period: string | null = null) {
  return queryOptions({
    queryKey: artistsQueryKeys.rankings(by, period),
    queryFn: ({ signal }) => apiRequest<ArtistRankings>('/rankings/artists', { query: { by, period: period ?? undefined }, signal }),
  });
}

/**
 * Artists ranked by Orange funded or by distinct backers in a KST month (docs/product.md#discovery).
 * The figures move with every participation, so the ranking is asked again when the window regains focus.
 */
export function useArtistRankings(by: RankingMeasure, period: string | null = null) {
  return useQuery({ ...getArtistRankingsQueryOptions(by, period), refetchOnWindowFocus: true });
}

/** Every artists query lives under `['artists']`, so a follow can refresh every list's `following` flags. */
export const artistsQueryKeys = {
  all: ['artists'] as const,
  search: (search: string) => ['artists', 'search', search] as const,
  detail: (artistId: number) => ['artists', 'detail', artistId] as const,
  /** A month's ranking by one measure; the current KST month when `period` is absent. */
  rankings: (by: string, period: string | null) => ['artists', 'rankings', by, period] as const,
};

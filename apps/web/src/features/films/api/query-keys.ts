/** The film list's parameters (docs/product.md#films): newest first, filtered by one of these. */
export type FilmListParams = { artistId?: number; projectId?: number; following?: boolean; mine?: boolean; limit?: number };

/**
 * Film queries live under `['community', 'films']`: a like, a comment or a report decision (the
 * community module refreshes `['community']`) refreshes a film's counts and lists too.
 */
export const filmsQueryKeys = {
  all: ['community', 'films'] as const,
  list: (params: FilmListParams) => ['community', 'films', 'list', params] as const,
  detail: (filmId: number) => ['community', 'films', 'detail', filmId] as const,
  limits: ['films-limits'] as const,
};

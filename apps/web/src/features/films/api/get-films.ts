import type { Film, FilmsResponse } from '@orchard/shared';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { inPageQueryData } from '../../../lib/early-reads.ts';
import { apiAddress, apiRequest } from '../../../lib/http.ts';
import { filmsQueryKeys, type FilmListParams } from './query-keys.ts';

function listQuery(params: FilmListParams, cursor: string | null) {
  const { following, mine, ...rest } = params;
  return { ...rest, following: following ? 'true' : undefined, mine: mine ? 'true' : undefined, cursor: cursor ?? undefined };
}

export function getFilms(params: FilmListParams, cursor: string | null, signal?: AbortSignal): Promise<FilmsResponse> {
  return apiRequest<FilmsResponse>('/films', { query: listQuery(params, cursor), signal });
}

/** Parameters without the ones left out, so `{ following: false }` and `{}` share one cache entry. */
const keyOf = (params: FilmListParams) =>
  Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== false)) as FilmListParams;

export function useFilms(params: FilmListParams) {
  const key = keyOf(params);
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: filmsQueryKeys.list(key),
      queryFn: ({ pageParam, signal }) => getFilms(key, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
      // A shared link's page held the list's first page in its HTML (decision 110).
      ...inPageQueryData(apiAddress('/films', listQuery(key, null)), (page: FilmsResponse) => ({ pages: [page], pageParams: [null] })),
    }),
  );
}

export function getFilm(filmId: number, signal?: AbortSignal): Promise<{ film: Film }> {
  return apiRequest<{ film: Film }>(`/films/${encodeURIComponent(String(filmId))}`, { signal });
}

export function useFilm(filmId: number) {
  return useQuery(queryOptions({ queryKey: filmsQueryKeys.detail(filmId), queryFn: ({ signal }) => getFilm(filmId, signal) }));
}

/** The server's upload limit, shown before the fan picks a file. */
export function useFilmLimits() {
  return useQuery({
    queryKey: filmsQueryKeys.limits,
    queryFn: ({ signal }) => apiRequest<{ maxBytes: number }>('/films/limits', { signal }),
    staleTime: Infinity,
  });
}

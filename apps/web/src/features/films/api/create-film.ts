import type { Film } from '@orchard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { filmsQueryKeys } from './query-keys.ts';

export type FilmFieldsInput = { title: string; artistId: number; projectId?: number };

export function createYoutubeFilm(input: FilmFieldsInput & { youtubeUrl: string }): Promise<{ film: Film }> {
  return apiRequest<{ film: Film }>('/films', { method: 'POST', body: input });
}

export function useCreateYoutubeFilm() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createYoutubeFilm, onSuccess: () => queryClient.invalidateQueries({ queryKey: filmsQueryKeys.all }) });
}

export function deleteFilm(filmId: number): Promise<null> {
  return apiRequest<null>(`/films/${encodeURIComponent(String(filmId))}`, { method: 'DELETE' });
}

export function useDeleteFilm() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteFilm, onSuccess: () => queryClient.invalidateQueries({ queryKey: filmsQueryKeys.all }) });
}

import type { Film } from '@orchard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '../../../lib/http.ts';
import type { FilmFieldsInput } from './create-film.ts';
import { filmsQueryKeys } from './query-keys.ts';

export type FilmUpload = FilmFieldsInput & { video: File; onProgress: (share: number) => void; signal: AbortSignal };

/** Sends a film as multipart: the fields first, then the file `video`; `signal` cancels it. */
export function uploadFilm({ title, artistId, projectId, video, onProgress, signal }: FilmUpload): Promise<{ film: Film }> {
  const form = new FormData();
  form.append('title', title);
  form.append('artistId', String(artistId));
  if (projectId !== undefined) form.append('projectId', String(projectId));
  form.append('video', video, 'film.mp4');
  return uploadWithProgress('/films/uploads', form, { onProgress, signal });
}

export function useUploadFilm() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadFilm, retry: false, onSuccess: () => queryClient.invalidateQueries({ queryKey: filmsQueryKeys.all }) });
}

import type { Film } from '@orchard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiBase } from '../../../lib/http.ts';
import type { FilmFieldsInput } from './create-film.ts';
import { filmsQueryKeys } from './query-keys.ts';

export type FilmUpload = FilmFieldsInput & { video: File; onProgress: (share: number) => void; signal: AbortSignal };

/** What a cancelled upload rejects with (the form treats it as no error). */
export const uploadCancelled = 'cancelled';

/**
 * Sends a film as multipart (the fields first, then the file `video`) through XMLHttpRequest, whose
 * upload events drive the progress bar (fetch has none); `signal` cancels it. No time-out: a film
 * of 200 MB on a phone's connection takes minutes. Refusals come back as ApiError, as from apiRequest.
 */
export function uploadFilm({ title, artistId, projectId, video, onProgress, signal }: FilmUpload): Promise<{ film: Film }> {
  const form = new FormData();
  form.append('title', title);
  form.append('artistId', String(artistId));
  if (projectId !== undefined) form.append('projectId', String(projectId));
  form.append('video', video, 'film.mp4');
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new ApiError(0, uploadCancelled, 'The upload was cancelled.'));
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', `${apiBase}/films/uploads`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    signal.addEventListener('abort', () => request.abort(), { once: true });
    request.onabort = () => reject(new ApiError(0, uploadCancelled, 'The upload was cancelled.'));
    request.onerror = () => reject(new ApiError(0, 'network', 'The film could not be sent.'));
    request.onload = () => {
      let json: unknown;
      try {
        json = JSON.parse(request.responseText);
      } catch {
        reject(new ApiError(request.status, 'invalid_response', `POST films/uploads answered ${request.status} without JSON`));
        return;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(json as { film: Film });
        return;
      }
      const error = (json as { error?: { code?: string; message?: string; details?: unknown } }).error;
      reject(new ApiError(request.status, error?.code ?? 'invalid_response', error?.message ?? `POST films/uploads answered ${request.status}`, error?.details));
    };
    request.send(form);
  });
}

export function useUploadFilm() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadFilm, retry: false, onSuccess: () => queryClient.invalidateQueries({ queryKey: filmsQueryKeys.all }) });
}

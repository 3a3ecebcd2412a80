import type { Project } from '@orchard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { projectsQueryKeys } from './query-keys.ts';

export type UploadThumbnailInput = { projectId: number; image: Blob; language: string };

/** The cropped 4:3 picture; the server re-encodes it to 1200 × 900 and strips its metadata. */
export function uploadThumbnail({ projectId, image, language }: UploadThumbnailInput): Promise<Project> {
  const form = new FormData();
  form.append('file', image, 'thumbnail.jpg');
  return apiRequest<{ project: Project }>(`/projects/${encodeURIComponent(String(projectId))}/thumbnail`, { method: 'PUT', query: { lang: language }, body: form }).then(
    (answer) => answer.project,
  );
}

export function useUploadThumbnail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadThumbnail,
    onSuccess: (project, input) => queryClient.setQueryData(projectsQueryKeys.detail(project.id, input.language), project),
  });
}

import type { Project } from '@orchard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { projectsQueryKeys } from '../../../lib/projects-query-keys.ts';

const projectPath = (projectId: number, rest: string) => `/operator/projects/${encodeURIComponent(String(projectId))}/${rest}`;

/** Succeeded and running projects, newest first: what the operator may cancel or prove with photos. */
export function useProjectsIn(status: 'succeeded' | 'running') {
  return useQuery({
    queryKey: projectsQueryKeys.public(status),
    queryFn: ({ signal }) => apiRequest<{ items: Project[] }>('/projects', { query: { status, limit: 50 }, signal }).then((answer) => answer.items),
  });
}

/** Cancels a succeeded project with the reason everyone sees; every participation is returned. */
export function useCancelProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, reason }: { projectId: number; reason: string }) =>
      apiRequest<{ project: Project }>(projectPath(projectId, 'cancellation'), { method: 'POST', body: { reason } }).then((answer) => answer.project),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

/** Posts the photos of a running ad (up to ten); the project becomes awarded. */
export function usePostPhotos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, files }: { projectId: number; files: File[] }) => {
      const form = new FormData();
      for (const file of files) form.append('file', file, file.name);
      return apiRequest<{ project: Project }>(projectPath(projectId, 'photos'), { method: 'POST', body: form }).then((answer) => answer.project);
    },
    onSettled: () => queryClient.invalidateQueries(),
  });
}

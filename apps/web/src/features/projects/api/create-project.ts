import type { CreationBody, Project } from '@orchard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { shouldRetryKeyedWrite } from '../../../lib/action-key.ts';
import { projectsQueryKeys } from './query-keys.ts';

export type CreateProjectInput = CreationBody & { projectId: number; idempotencyKey: string; language: string };

/** Creation: the page and the creator's deposit, paid from the creator's Orange in one go. */
export function createProject({ projectId, idempotencyKey, language, ...body }: CreateProjectInput): Promise<Project> {
  return apiRequest<{ project: Project }>(`/projects/${encodeURIComponent(String(projectId))}/creation`, {
    method: 'POST',
    query: { lang: language },
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  }).then((answer) => answer.project);
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    retry: shouldRetryKeyedWrite,
    onSuccess: (project, input) => queryClient.setQueryData(projectsQueryKeys.detail(project.id, input.language), project),
    // The deposit moved points too: every query may have changed.
    onSettled: () => queryClient.invalidateQueries(),
  });
}

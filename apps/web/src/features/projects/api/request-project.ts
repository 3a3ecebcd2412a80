import type { Project, ProjectRequestBody } from '@orchard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { shouldRetryKeyedWrite } from '../../../lib/action-key.ts';
import { projectsQueryKeys } from './query-keys.ts';

export type RequestProjectInput = ProjectRequestBody & { idempotencyKey: string };

/** The request: the server checks every rule again and computes the goal itself. */
export function requestProject({ idempotencyKey, ...body }: RequestProjectInput): Promise<Project> {
  return apiRequest<{ project: Project }>('/project-requests', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }).then(
    (answer) => answer.project,
  );
}

export function useRequestProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestProject,
    // The key makes a retry after a lost answer return the first request instead of making a second.
    retry: shouldRetryKeyedWrite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectsQueryKeys.all }),
  });
}

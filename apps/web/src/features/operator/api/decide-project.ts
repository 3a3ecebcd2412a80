import type { Project, ProjectDecisionBody } from '@orchard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';

export type DecideProjectInput = { projectId: number } & ProjectDecisionBody;

/** Approve (inventory available) or reject with the reason the creator sees. A repeat decision changes nothing. */
export function decideProject({ projectId, ...body }: DecideProjectInput): Promise<Project> {
  return apiRequest<{ project: Project }>(`/operator/projects/${encodeURIComponent(String(projectId))}/decision`, { method: 'POST', body }).then(
    (answer) => answer.project,
  );
}

export function useDecideProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideProject,
    // The queue, the project and its creator's lists all change: refresh every query.
    onSettled: () => queryClient.invalidateQueries(),
  });
}

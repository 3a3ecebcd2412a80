import type { Project, ProofRecord, ProofsPostedResponse } from '@orchard/shared';
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

/**
 * Posts the proof of one booked medium (docs/product.md#execution): photos or a clip, and the
 * capture time when a file carries none. The project is awarded once every medium is proven.
 */
export function usePostProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, mediaId, capturedAt, files }: { projectId: number; mediaId: number; capturedAt: string | null; files: File[] }) => {
      const form = new FormData();
      form.append('mediaId', String(mediaId));
      if (capturedAt) form.append('capturedAt', capturedAt);
      for (const file of files) form.append('file', file, file.name);
      return apiRequest<ProofsPostedResponse>(projectPath(projectId, 'proofs'), { method: 'POST', body: form }).then((answer) => answer.proofs);
    },
    onSettled: () => queryClient.invalidateQueries(),
  });
}

/** Withdraws a proof with the reason the chain keeps; its file is no longer served. */
export function useWithdrawProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ proofId, reason }: { proofId: number; reason: string }) =>
      apiRequest<{ proof: ProofRecord }>(`/operator/proofs/${encodeURIComponent(String(proofId))}/withdrawal`, { method: 'POST', body: { reason } }).then((answer) => answer.proof),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

import type { Comment } from '@orchard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { communityQueryKeys } from './query-keys.ts';

export function postComment(projectId: number, body: string): Promise<{ comment: Comment }> {
  return apiRequest<{ comment: Comment }>(`/projects/${encodeURIComponent(String(projectId))}/comments`, { method: 'POST', body: { body } });
}

export function usePostComment(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => postComment(projectId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityQueryKeys.comments(projectId) }),
  });
}

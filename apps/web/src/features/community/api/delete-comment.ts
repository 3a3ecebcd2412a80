import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { communityQueryKeys } from './query-keys.ts';

export function deleteComment(commentId: number): Promise<null> {
  return apiRequest<null>(`/comments/${encodeURIComponent(String(commentId))}`, { method: 'DELETE' });
}

/** Deletes one of the project's comments and refreshes its list. */
export function useDeleteComment(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityQueryKeys.comments(projectId) }),
  });
}

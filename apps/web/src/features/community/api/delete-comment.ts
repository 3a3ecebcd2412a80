import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { communityQueryKeys, type CommunityTarget } from './query-keys.ts';

export function deleteComment(commentId: number): Promise<null> {
  return apiRequest<null>(`/comments/${encodeURIComponent(String(commentId))}`, { method: 'DELETE' });
}

/** Deletes one of the target's comments and refreshes its list (and a post's count). */
export function useDeleteComment(target: CommunityTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: target.type === 'post' ? communityQueryKeys.all : communityQueryKeys.comments(target) }),
  });
}

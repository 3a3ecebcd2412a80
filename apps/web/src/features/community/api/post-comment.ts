import type { Comment } from '@orchard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { communityQueryKeys, targetPath, type CommunityTarget } from './query-keys.ts';

export function postComment(target: CommunityTarget, body: string): Promise<{ comment: Comment }> {
  return apiRequest<{ comment: Comment }>(`${targetPath(target)}/comments`, { method: 'POST', body: { body } });
}

/** Posts a comment; the list refreshes, and for a post its comment count too. */
export function usePostComment(target: CommunityTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => postComment(target, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: target.type === 'post' ? communityQueryKeys.all : communityQueryKeys.comments(target) }),
  });
}

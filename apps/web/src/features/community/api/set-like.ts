import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { projectsQueryKeys } from '../../../lib/projects-query-keys.ts';
import { communityQueryKeys, targetPath, type CommunityTarget } from './query-keys.ts';

export type LikeAnswer = { liked: boolean; likeCount: number };

export function setLike(target: CommunityTarget, liked: boolean): Promise<LikeAnswer> {
  return apiRequest<LikeAnswer>(`${targetPath(target)}/like`, { method: liked ? 'PUT' : 'DELETE' });
}

/**
 * A like may wait for the network (decision 063): offline it is paused, shown at once as pending,
 * and sent when the browser is back online. Liking is idempotent, so sending it late is safe.
 */
export function useSetLike(target: CommunityTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (liked: boolean) => setLike(target, liked),
    networkMode: 'online',
    // A project's like count is part of its payload, kept under the project keys; a post's is in its artist's community list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: target.type === 'project' ? projectsQueryKeys.all : communityQueryKeys.all }),
  });
}

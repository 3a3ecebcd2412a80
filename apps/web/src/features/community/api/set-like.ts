import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { projectsQueryKeys } from '../../../lib/projects-query-keys.ts';

export type LikeAnswer = { liked: boolean; likeCount: number };

export function setLike(projectId: number, liked: boolean): Promise<LikeAnswer> {
  return apiRequest<LikeAnswer>(`/projects/${encodeURIComponent(String(projectId))}/like`, { method: liked ? 'PUT' : 'DELETE' });
}

/**
 * A like may wait for the network (decision 063): offline it is paused, shown at once as pending,
 * and sent when the browser is back online. Liking is idempotent, so sending it late is safe.
 */
export function useSetLike(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (liked: boolean) => setLike(projectId, liked),
    networkMode: 'online',
    // The like count is part of the project payload, kept under the project keys.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectsQueryKeys.all }),
  });
}

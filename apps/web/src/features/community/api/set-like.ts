import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { projectsQueryKeys } from '../../../lib/projects-query-keys.ts';

export type LikeAnswer = { liked: boolean; likeCount: number };

export function setLike(projectId: number, liked: boolean): Promise<LikeAnswer> {
  return apiRequest<LikeAnswer>(`/projects/${encodeURIComponent(String(projectId))}/like`, { method: liked ? 'PUT' : 'DELETE' });
}

export function useSetLike(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (liked: boolean) => setLike(projectId, liked),
    // The like count is part of the project payload, kept under the project keys.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectsQueryKeys.all }),
  });
}

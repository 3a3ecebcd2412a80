import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { usersQueryKeys } from './query-keys.ts';

export type FollowChange = { artistId: number; follow: boolean };
export type FollowResult = { artistId: number; following: boolean; followingCount: number };

export function putOrDeleteFollow({ artistId, follow }: FollowChange): Promise<FollowResult> {
  return apiRequest<FollowResult>(`/users/following-artists/${artistId}`, { method: follow ? 'PUT' : 'DELETE' });
}

/**
 * Follow or unfollow. The user's own lists are refreshed here; `onSettled` lets the screen that
 * composes this refresh what else shows a `following` flag (the artists feature's lists).
 */
export function useFollowArtist({ onSettled }: { onSettled?: () => Promise<unknown> | void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putOrDeleteFollow,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: usersQueryKeys.all }), onSettled?.()]),
  });
}

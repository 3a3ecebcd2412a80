import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { usersQueryKeys } from './query-keys.ts';

/** X linking leaves the SPA for X's consent page and comes back to the edit screen. */
export function xLinkUrl(returnTo: string): string {
  return `/api/auth/x/link/start?returnTo=${encodeURIComponent(returnTo)}`;
}

export function deleteXLink(): Promise<unknown> {
  return apiRequest('/users/user-profile/x-link', { method: 'DELETE' });
}

export function useUnlinkX() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteXLink, onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.all }) });
}

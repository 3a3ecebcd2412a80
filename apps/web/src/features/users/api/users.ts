import type { CountryCode, UpdateUserProfile, UserProfile } from '@orchard/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';

export type DisplayInfo = {
  id: string;
  nickname: string | null;
  profileImageUrl: string | null;
  language: string;
  currency: string;
  followingArtistCount: number;
};

export type NicknameAvailability = {
  nickname: string;
  available: boolean;
  problem: 'too_short' | 'too_long' | 'invalid_characters' | 'taken' | null;
};

export const displayInfoQueryKey = ['users', 'display-info'] as const;
export const userProfileQueryKey = ['users', 'user-profile'] as const;

export function getDisplayInfoQueryOptions() {
  return queryOptions({
    queryKey: displayInfoQueryKey,
    queryFn: ({ signal }) => apiRequest<DisplayInfo>('/users/display-info', { signal }),
  });
}

export function useDisplayInfo() {
  return useQuery(getDisplayInfoQueryOptions());
}

export function getUserProfileQueryOptions() {
  return queryOptions({
    queryKey: userProfileQueryKey,
    queryFn: ({ signal }) => apiRequest<UserProfile>('/users/user-profile', { signal }),
  });
}

export function useUserProfile() {
  return useQuery(getUserProfileQueryOptions());
}

export function fetchNicknameAvailability(nickname: string): Promise<NicknameAvailability> {
  return apiRequest<NicknameAvailability>('/users/nickname-availability', { query: { nickname } });
}

export function useCheckNickname() {
  return useMutation({ mutationFn: fetchNicknameAvailability });
}

/** Everything the edit screen can change, applied only on save (spec §2: cancel applies nothing). */
export type ProfileChanges = {
  fields: UpdateUserProfile;
  picture: { kind: 'keep' } | { kind: 'upload'; file: File } | { kind: 'default' };
};

export async function saveProfileChanges({ fields, picture }: ProfileChanges): Promise<void> {
  if (Object.keys(fields).length > 0) await apiRequest<UserProfile>('/users/user-profile', { method: 'PATCH', body: fields });
  if (picture.kind === 'upload') {
    const form = new FormData();
    form.append('file', picture.file);
    await apiRequest('/users/user-profile/picture', { method: 'PUT', body: form });
  } else if (picture.kind === 'default') {
    await apiRequest('/users/user-profile/picture', { method: 'DELETE' });
  }
}

function useInvalidateUser() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: userProfileQueryKey }), queryClient.invalidateQueries({ queryKey: displayInfoQueryKey })]);
}

export function useSaveProfile() {
  const invalidate = useInvalidateUser();
  return useMutation({ mutationFn: saveProfileChanges, onSettled: invalidate });
}

export function useUnlinkX() {
  const invalidate = useInvalidateUser();
  return useMutation({ mutationFn: () => apiRequest('/users/user-profile/x-link', { method: 'DELETE' }), onSettled: invalidate });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: () => apiRequest('/users/me', { method: 'DELETE', body: { acknowledgePointForfeit: true } }) });
}

/** X linking leaves the SPA for X's consent page and comes back to the edit screen. */
export function xLinkUrl(returnTo: string): string {
  return `/api/auth/x/link/start?returnTo=${encodeURIComponent(returnTo)}`;
}

export type { CountryCode };

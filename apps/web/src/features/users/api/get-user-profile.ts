import type { UserProfile } from '@orchard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { usersQueryKeys } from './query-keys.ts';

export function getUserProfileQueryOptions() {
  return queryOptions({
    queryKey: usersQueryKeys.userProfile,
    queryFn: ({ signal }) => apiRequest<UserProfile>('/users/user-profile', { signal }),
  });
}

export function useUserProfile() {
  return useQuery(getUserProfileQueryOptions());
}

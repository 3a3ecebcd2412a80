import type { UpdateUserProfile, UserProfile } from '@orchard/shared';
import { apiRequest } from '../../../lib/http.ts';

export function patchUserProfile(fields: UpdateUserProfile): Promise<UserProfile> {
  return apiRequest<UserProfile>('/users/user-profile', { method: 'PATCH', body: fields });
}

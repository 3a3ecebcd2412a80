import type { UpdateUserProfile } from '@orchard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteProfilePicture, putProfilePicture } from './profile-picture.ts';
import { usersQueryKeys } from './query-keys.ts';
import { patchUserProfile } from './update-user-profile.ts';

/** Everything the edit screen can change, applied only on save (cancel applies nothing). */
export type ProfileChanges = {
  fields: UpdateUserProfile;
  picture: { kind: 'keep' } | { kind: 'upload'; file: File } | { kind: 'default' };
};

export async function saveProfileChanges({ fields, picture }: ProfileChanges): Promise<void> {
  if (Object.keys(fields).length > 0) await patchUserProfile(fields);
  if (picture.kind === 'upload') await putProfilePicture(picture.file);
  else if (picture.kind === 'default') await deleteProfilePicture();
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveProfileChanges, onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.all }) });
}

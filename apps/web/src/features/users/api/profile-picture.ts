import { profilePictureMaxBytes, profilePictureTypes } from '@orchard/shared/input-limits';
import { apiRequest } from '../../../lib/http.ts';

export function putProfilePicture(file: File): Promise<{ profileImageUrl: string | null }> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest('/users/user-profile/picture', { method: 'PUT', body: form });
}

export function deleteProfilePicture(): Promise<{ profileImageUrl: string | null }> {
  return apiRequest('/users/user-profile/picture', { method: 'DELETE' });
}

export type PictureProblem = 'unsupportedType' | 'tooLarge';

/**
 * Checked in the browser before anything is sent: a 48 MB photo refused by the server after the
 * upload costs the user the whole upload in mobile data. The server checks again (it sniffs the
 * bytes); this only spares the useless upload.
 */
export function pictureProblem(file: Pick<File, 'type' | 'size'>): PictureProblem | null {
  if (!(profilePictureTypes as readonly string[]).includes(file.type)) return 'unsupportedType';
  if (file.size > profilePictureMaxBytes) return 'tooLarge';
  return null;
}

export const acceptedPictureTypes = profilePictureTypes.join(',');
export const pictureMaxMegabytes = profilePictureMaxBytes / (1024 * 1024);

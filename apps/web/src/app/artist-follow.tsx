import type { Artist } from '@orchard/shared';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../components/ui/toast.tsx';
import { artistsQueryKeys } from '../features/artists/api/query-keys.ts';
import { FollowButton } from '../features/artists/components/follow-button.tsx';
import { useFollowArtist } from '../features/users/api/follow-artist.ts';
import { apiErrorMessage } from '../lib/i18n.ts';
import { useRedirectToLoginDialogStore } from '../lib/stores/redirect-to-login-dialog.ts';
import { isSignedIn, useUserInfoStore } from '../lib/stores/user-info.ts';

/**
 * Follow, composed from the artists and users features; signed out, the button asks to log in
 * first. Every artists query is refreshed afterwards, and `alsoRefresh` for lists kept elsewhere.
 */
export function ArtistFollow({ artist, alsoRefresh }: { artist: Artist; alsoRefresh?: QueryKey }) {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const signedIn = useUserInfoStore(isSignedIn);
  const openLoginPrompt = useRedirectToLoginDialogStore((state) => state.openRedirectToLoginDialog);
  const follow = useFollowArtist({
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: artistsQueryKeys.all }), alsoRefresh ? queryClient.invalidateQueries({ queryKey: alsoRefresh }) : null]),
  });
  const press = () => {
    if (!signedIn) {
      openLoginPrompt();
      return;
    }
    follow.mutate({ artistId: artist.id, follow: !artist.following }, { onError: (error) => showToast({ message: apiErrorMessage(t, error) }) });
  };
  return <FollowButton following={signedIn && artist.following} pending={follow.isPending} onPress={press} />;
}

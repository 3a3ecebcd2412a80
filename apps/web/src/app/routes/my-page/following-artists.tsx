import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/toast.tsx';
import { artistsQueryKeys } from '../../../features/artists/api/query-keys.ts';
import { FollowingArtistsManager } from '../../../features/artists/components/following-artists-manager.tsx';
import { useFollowArtist } from '../../../features/users/api/follow-artist.ts';
import { useFollowingArtists } from '../../../features/users/api/get-following-artists.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { PageFrame } from '../../shell/page-frame.tsx';

/** Following artists: the artists feature's picker over the users feature's follows. */
export default function FollowingArtistsPage() {
  const { t } = useTranslation(['artist', 'common']);
  const queryClient = useQueryClient();
  const following = useFollowingArtists();
  const follow = useFollowArtist({ onSettled: () => queryClient.invalidateQueries({ queryKey: artistsQueryKeys.all }) });
  return (
    <PageFrame title={t('artist:following.title')}>
      <FollowingArtistsManager
        followed={{ items: following.data?.items, isPending: following.isPending, error: following.error, retry: () => void following.refetch() }}
        onToggle={(artistId, isNowFollowed) =>
          follow.mutate({ artistId, follow: isNowFollowed }, { onError: (error) => showToast({ message: apiErrorMessage(t, error) }) })
        }
      />
    </PageFrame>
  );
}

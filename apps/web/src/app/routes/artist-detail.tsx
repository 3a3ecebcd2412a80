import type { Artist } from '@orchard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, Spinner, Tabs } from '../../components/ui/primitives.tsx';
import { RetryNotice } from '../../components/ui/retry-notice.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { isArtistId, useArtist } from '../../features/artists/api/get-artist.ts';
import { artistsQueryKeys } from '../../features/artists/api/query-keys.ts';
import { ArtistHeader } from '../../features/artists/components/artist-header.tsx';
import { FollowButton } from '../../features/artists/components/follow-button.tsx';
import { useFollowArtist } from '../../features/users/api/follow-artist.ts';
import { apiErrorMessage } from '../../lib/i18n.ts';
import { isTransientFailure } from '../../lib/http.ts';
import { useRedirectToLoginDialogStore } from '../../lib/stores/redirect-to-login-dialog.ts';
import { isSignedIn, useUserInfoStore } from '../../lib/stores/user-info.ts';
import { paths } from '../paths.ts';
import { PageFrame } from '../shell/page-frame.tsx';

const artistTabs = ['projects', 'community', 'films'] as const;
type ArtistTab = (typeof artistTabs)[number];
const sortOrders = ['point', 'latest'] as const;
type SortOrder = (typeof sortOrders)[number];

/** Follow, composed from the users feature; signed out, the button asks to log in first. */
function ArtistFollow({ artist }: { artist: Artist }) {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const signedIn = useUserInfoStore(isSignedIn);
  const openLoginPrompt = useRedirectToLoginDialogStore((state) => state.openRedirectToLoginDialog);
  const follow = useFollowArtist({ onSettled: () => queryClient.invalidateQueries({ queryKey: artistsQueryKeys.all }) });
  const press = () => {
    if (!signedIn) {
      openLoginPrompt();
      return;
    }
    follow.mutate({ artistId: artist.id, follow: !artist.following }, { onError: (error) => showToast({ message: apiErrorMessage(t, error) }) });
  };
  return <FollowButton following={signedIn && artist.following} pending={follow.isPending} onPress={press} />;
}

function ArtistSections() {
  const { t } = useTranslation('artist');
  const [tab, setTab] = useState<ArtistTab>('projects');
  const [sort, setSort] = useState<SortOrder>('point');
  return (
    <>
      <Tabs label={t('detail.tabsLabel')} idPrefix="artist" items={artistTabs.map((value) => ({ value, label: t(`detail.tabs.${value}`) }))} value={tab} onChange={setTab} />
      <div id="artist-panel" role="tabpanel" aria-labelledby={`artist-tab-${tab}`} className="stack">
        {tab !== 'community' ? (
          <div className="segmented" role="group" aria-label={t('detail.sortLabel')}>
            {sortOrders.map((order) => (
              <button key={order} type="button" className="segmented__option" aria-pressed={sort === order} onClick={() => setSort(order)}>
                {t(`detail.sort.${order}`)}
              </button>
            ))}
          </div>
        ) : null}
        <EmptyState message={t(`detail.empty.${tab}`)} />
      </div>
    </>
  );
}

function ArtistNotFound() {
  const { t } = useTranslation('artist');
  return (
    <EmptyState
      message={t('detail.notFound')}
      action={
        <Link to={paths.artistList} className="button button--secondary">
          {t('detail.backToList')}
        </Link>
      }
    />
  );
}

/**
 * An artist's page: who they are, follow, and the projects, community and films tabs. The path's
 * `{type}` must be the artist's own: `/artist/solo/1` for a group goes to `/artist/group/1`.
 */
export default function ArtistDetailPage() {
  const { t } = useTranslation(['artist', 'common']);
  const { type, id } = useParams();
  const artistId = Number(id);
  const artist = useArtist(artistId);

  let content;
  // A 4xx is the API's answer (no such artist, an id it refuses): asking again changes nothing.
  if (!isArtistId(artistId) || (artist.isError && !isTransientFailure(artist.error))) {
    content = <ArtistNotFound />;
  } else if (artist.isError) {
    content = <RetryNotice message={apiErrorMessage(t, artist.error)} retryLabel={t('common:actions.retry')} onRetry={() => void artist.refetch()} retrying={artist.isFetching} />;
  } else if (artist.isPending) {
    content = <Spinner label={t('artist:search.loading')} />;
  } else if (artist.data.type !== type) {
    return <Navigate to={paths.artist(artist.data.type, artist.data.id)} replace />;
  } else {
    content = (
      <>
        <ArtistHeader artist={artist.data} action={<ArtistFollow artist={artist.data} />} />
        <ArtistSections />
      </>
    );
  }
  return <PageFrame title={t('artist:detail.title')}>{content}</PageFrame>;
}

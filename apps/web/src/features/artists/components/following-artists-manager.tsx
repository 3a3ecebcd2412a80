import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Spinner, Tabs } from '../../../components/ui/primitives.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useFollowingArtists, useToggleFollow } from '../api/artists.ts';
import { ArtistPicker } from './artist-picker.tsx';
import { ArtistTile } from './artist-tile.tsx';
import './artists.css';

type FollowingTab = 'all' | 'followings';

/** spec §2 Following-artists management: tabs All and Followings; tapping adds or removes. */
export function FollowingArtistsManager() {
  const { t } = useTranslation(['artist', 'common']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const [tab, setTab] = useState<FollowingTab>('all');
  const following = useFollowingArtists();
  const toggle = useToggleFollow();
  const followingIds = new Set(following.data?.items.map((artist) => artist.id));

  const onToggle = (artistId: number, follow: boolean) => {
    // spec §5: at least one followed artist; the API refuses too, this just answers sooner.
    if (!follow && followingIds.size <= 1) {
      showToast({ message: t('artist:following.atLeastOne') });
      return;
    }
    toggle.mutate(
      { artistId, follow },
      { onError: (error) => showToast({ message: apiErrorMessage(t, error) }) },
    );
  };

  return (
    <div className="stack">
      <Tabs
        label={t('artist:following.tabsLabel')}
        idPrefix="following"
        items={[
          { value: 'all', label: t('artist:following.tabs.all') },
          { value: 'followings', label: t('artist:following.tabs.followings', { count: followingIds.size }) },
        ]}
        value={tab}
        onChange={setTab}
      />
      <div id="following-panel" role="tabpanel" aria-labelledby={`following-tab-${tab}`}>
        {tab === 'all' ? (
          <ArtistPicker isSelected={(artistId) => followingIds.has(artistId)} onToggle={onToggle} />
        ) : following.isPending ? (
          <Spinner label={t('common:loading')} />
        ) : following.data && following.data.items.length > 0 ? (
          <ul className="artist-grid" aria-label={t('artist:following.tabs.followings', { count: followingIds.size })}>
            {following.data.items.map((artist) => (
              <li key={artist.id}>
                <ArtistTile artist={artist} language={language} selected onToggle={() => onToggle(artist.id, false)} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState message={t('artist:following.empty')} />
        )}
      </div>
    </div>
  );
}

import type { Artist } from '@orchard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Spinner, Tabs } from '../../../components/ui/primitives.tsx';
import { RetryNotice } from '../../../components/ui/retry-notice.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { ArtistPicker } from './artist-picker.tsx';
import { ArtistTile } from './artist-tile.tsx';
import './artists.css';

type FollowingTab = 'all' | 'followings';

/** The followed artists as the users feature serves them; composed in the route. */
export type FollowedArtists = { items: Artist[] | undefined; isPending: boolean; error: unknown; retry(): void };

/** Following-artists management: tabs All and Followings; tapping adds or removes (docs/product.md#accounts). */
export function FollowingArtistsManager({ followed, onToggle }: { followed: FollowedArtists; onToggle(artistId: number, follow: boolean): void }) {
  const { t } = useTranslation(['artist', 'common']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const [tab, setTab] = useState<FollowingTab>('all');
  const followingIds = new Set(followed.items?.map((artist) => artist.id));

  const toggle = (artistId: number, follow: boolean) => {
    // At least one followed artist: the API refuses too, this just answers sooner.
    if (!follow && followingIds.size <= 1) {
      showToast({ message: t('artist:following.atLeastOne') });
      return;
    }
    onToggle(artistId, follow);
  };

  let followings;
  if (followed.error) followings = <RetryNotice message={apiErrorMessage(t, followed.error)} retryLabel={t('common:actions.retry')} onRetry={followed.retry} />;
  else if (followed.isPending || !followed.items) followings = <Spinner label={t('common:loading')} />;
  else if (followed.items.length === 0) followings = <EmptyState message={t('artist:following.empty')} />;
  else
    followings = (
      <ul className="artist-grid" aria-label={t('artist:following.tabs.followings', { count: followingIds.size })}>
        {followed.items.map((artist) => (
          <li key={artist.id}>
            <ArtistTile artist={artist} language={language} selected onToggle={() => toggle(artist.id, false)} />
          </li>
        ))}
      </ul>
    );

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
        {tab === 'all' ? <ArtistPicker isSelected={(artistId) => followingIds.has(artistId)} onToggle={toggle} /> : followings}
      </div>
    </div>
  );
}

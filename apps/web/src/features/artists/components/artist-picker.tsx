import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, Spinner } from '../../../components/ui/primitives.tsx';
import { SearchIcon } from '../../../components/ui/icons.tsx';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useArtistSearch } from '../api/artists.ts';
import { ArtistTile } from './artist-tile.tsx';
import './artists.css';

/** Search artists and toggle them; the caller owns what "selected" means (join picks, follows). */
export function ArtistPicker({ isSelected, onToggle }: { isSelected(artistId: number): boolean; onToggle(artistId: number, selected: boolean): void }) {
  const { t } = useTranslation('artist');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const artists = useArtistSearch(deferredSearch);
  const searchId = useId();
  const items = artists.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="artist-picker">
      <label htmlFor={searchId} className="visually-hidden">
        {t('search.label')}
      </label>
      <div className="search-field">
        <SearchIcon width={20} height={20} />
        <input id={searchId} type="search" value={search} placeholder={t('search.placeholder')} onChange={(event) => setSearch(event.target.value)} autoComplete="off" />
      </div>
      {artists.isPending ? (
        <Spinner label={t('search.loading')} />
      ) : items.length === 0 ? (
        <EmptyState message={t('search.empty')} />
      ) : (
        <ul className="artist-grid" aria-label={t('search.results')}>
          {items.map((artist) => (
            <li key={artist.id}>
              <ArtistTile artist={artist} language={language} selected={isSelected(artist.id)} onToggle={() => onToggle(artist.id, !isSelected(artist.id))} />
            </li>
          ))}
        </ul>
      )}
      {artists.hasNextPage ? (
        <Button variant="secondary" block onClick={() => void artists.fetchNextPage()} disabled={artists.isFetchingNextPage}>
          {t('search.more')}
        </Button>
      ) : null}
    </div>
  );
}

import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useArtistSearch } from '../api/search-artists.ts';
import { ArtistSearchField } from './artist-search-field.tsx';
import { ArtistSearchResults } from './artist-search-results.tsx';
import { ArtistTile } from './artist-tile.tsx';
import './artists.css';

/** Search artists and toggle them; the caller owns what "selected" means (join picks, follows). */
export function ArtistPicker({ isSelected, onToggle }: { isSelected(artistId: number): boolean; onToggle(artistId: number, selected: boolean): void }) {
  const { t } = useTranslation('artist');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const [search, setSearch] = useState('');
  const artists = useArtistSearch(useDeferredValue(search.trim()));
  return (
    <div className="artist-picker">
      <ArtistSearchField value={search} onChange={setSearch} />
      <ArtistSearchResults
        artists={artists}
        renderItems={(items) => (
          <ul className="artist-grid" aria-label={t('search.results')}>
            {items.map((artist) => (
              <li key={artist.id}>
                <ArtistTile artist={artist} language={language} selected={isSelected(artist.id)} onToggle={() => onToggle(artist.id, !isSelected(artist.id))} />
              </li>
            ))}
          </ul>
        )}
      />
    </div>
  );
}

import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useArtistSearch } from '../api/search-artists.ts';
import { artistName } from '../artist-name.ts';
import { ArtistSearchField } from './artist-search-field.tsx';
import { ArtistSearchResults } from './artist-search-results.tsx';
import './artists.css';

/** The /artist page: every artist, searchable, each linking to its own page. */
export function ArtistList() {
  const { t } = useTranslation('artist');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const [search, setSearch] = useState('');
  const artists = useArtistSearch(useDeferredValue(search.trim()));
  return (
    <div className="stack">
      <ArtistSearchField value={search} onChange={setSearch} />
      <ArtistSearchResults
        artists={artists}
        renderItems={(items) => (
          <ul className="artist-rows">
            {items.map((artist) => {
              const name = artistName(artist, language);
              return (
                <li key={artist.id}>
                  <Link to={paths.artist(artist.type, artist.id)} className="artist-row">
                    <span className="artist-row__portrait">
                      {artist.imageUrl ? <img src={artist.imageUrl} alt="" width={48} height={48} loading="lazy" decoding="async" /> : <span aria-hidden="true">{[...name][0]}</span>}
                    </span>
                    <span className="artist-row__text">
                      <span className="artist-row__name">{name}</span>
                      <span className="artist-row__meta">{t(`types.${artist.type}`)}</span>
                    </span>
                    {artist.following ? <span className="badge">{t('following.badge')}</span> : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      />
    </div>
  );
}

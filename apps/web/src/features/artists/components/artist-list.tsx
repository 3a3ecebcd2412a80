import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../../components/ui/icons.tsx';
import { Button, EmptyState, Spinner } from '../../../components/ui/primitives.tsx';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { artistName, useArtistSearch } from '../api/artists.ts';
import './artists.css';

/** The /artist page: every artist, searchable, each linking to its own page. */
export function ArtistList() {
  const { t } = useTranslation('artist');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const artists = useArtistSearch(deferredSearch);
  const searchId = useId();
  const items = artists.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="stack">
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
        <ul className="artist-rows">
          {items.map((artist) => {
            const name = artistName(artist, language);
            return (
              <li key={artist.id}>
                <Link to={`/artist/${artist.type}/${artist.id}`} className="artist-row">
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
      {artists.hasNextPage ? (
        <Button variant="secondary" block onClick={() => void artists.fetchNextPage()} disabled={artists.isFetchingNextPage}>
          {t('search.more')}
        </Button>
      ) : null}
    </div>
  );
}

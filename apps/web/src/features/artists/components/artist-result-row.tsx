import type { Artist } from '@orchard/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { artistName } from '../artist-name.ts';
import './artists.css';

/** An artist in a list of results: portrait and name lead to the artist's page; `action` (follow) sits beside it. */
export function ArtistResultRow({ artist, action }: { artist: Artist; action?: ReactNode }) {
  const { t } = useTranslation('artist');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const name = artistName(artist, language);
  return (
    <div className="artist-row artist-row--with-action">
      <Link to={paths.artist(artist.type, artist.id)} className="artist-row__link">
        <span className="artist-row__portrait">
          {artist.imageUrl ? <img src={artist.imageUrl} alt="" width={48} height={48} loading="lazy" decoding="async" /> : <span aria-hidden="true">{[...name][0]}</span>}
        </span>
        <span className="artist-row__text">
          <span className="artist-row__name">{name}</span>
          <span className="artist-row__meta">{t(`types.${artist.type}`)}</span>
        </span>
      </Link>
      {action}
    </div>
  );
}

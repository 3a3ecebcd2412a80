import type { Artist } from '@orchard/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { artistName } from '../artist-name.ts';
import './artists.css';

/** The top of an individual artist page: portrait, name, type or members, and an action (follow). */
export function ArtistHeader({ artist, action }: { artist: Artist; action?: ReactNode }) {
  const { t } = useTranslation('artist');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const name = artistName(artist, language);
  return (
    <div className="artist-hero">
      <span className="artist-hero__portrait">
        {artist.imageUrl ? <img src={artist.imageUrl} alt="" width={88} height={88} /> : <span aria-hidden="true">{[...name][0]}</span>}
      </span>
      <h1 className="artist-hero__name">{name}</h1>
      <p className="artist-hero__meta">
        {artist.members.length > 0 ? t('detail.members', { names: artist.members.map((member) => member.names[language] || member.names.en).join(', ') }) : t(`types.${artist.type}`)}
      </p>
      {action}
    </div>
  );
}

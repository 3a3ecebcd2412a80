import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/primitives.tsx';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { artistName, useArtist } from '../api/artists.ts';
import './artists.css';

/** The top of an individual artist page: portrait, name, type and members. */
export function ArtistHeader({ artistId }: { artistId: number }) {
  const { t } = useTranslation('artist');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const artist = useArtist(artistId);
  if (artist.isPending) return <Spinner label={t('search.loading')} />;
  if (artist.isError) return <p className="form-message form-message--error">{t('detail.notFound')}</p>;
  const name = artistName(artist.data, language);
  return (
    <div className="artist-hero">
      <span className="artist-hero__portrait">
        {artist.data.imageUrl ? <img src={artist.data.imageUrl} alt="" width={88} height={88} /> : <span aria-hidden="true">{[...name][0]}</span>}
      </span>
      <h1 className="artist-hero__name">{name}</h1>
      <p className="artist-hero__meta">
        {artist.data.members.length > 0
          ? t('detail.members', { names: artist.data.members.map((member) => member.names[language] || member.names.en).join(', ') })
          : t(`types.${artist.data.type}`)}
      </p>
    </div>
  );
}

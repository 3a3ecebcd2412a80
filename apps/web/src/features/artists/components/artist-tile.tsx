import type { Artist, Language } from '@orchard/shared';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { artistName } from '../artist-name.ts';
import './artists.css';

/** One artist as a round portrait and a name; pressed when selected or followed. */
export function ArtistTile({ artist, language, selected, onToggle }: { artist: Artist; language: Language; selected: boolean; onToggle(): void }) {
  const name = artistName(artist, language);
  return (
    <button type="button" className={`artist-tile${selected ? ' artist-tile--selected' : ''}`} aria-pressed={selected} onClick={onToggle}>
      <span className="artist-tile__portrait">
        {artist.imageUrl ? <img src={artist.imageUrl} alt="" width={72} height={72} loading="lazy" decoding="async" /> : <span className="artist-tile__initial" aria-hidden="true">{[...name][0]}</span>}
        {selected ? (
          <span className="artist-tile__check" aria-hidden="true">
            <CheckIcon width={16} height={16} />
          </span>
        ) : null}
      </span>
      <span className="artist-tile__name">{name}</span>
    </button>
  );
}

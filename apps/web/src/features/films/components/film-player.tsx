import type { Film } from '@orchard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { artistHue } from '@orchard/shared/film-rules';
import './films.css';

/**
 * A film's player: an uploaded MP4 in the browser's own player (the poster first, the video read
 * by Range requests as the fan seeks), or a YouTube link behind a tap: nothing loads from YouTube
 * until then (no third-party cookies), and then the privacy-enhanced player, as the project page does.
 */
export function FilmPlayer({ film }: { film: Film }) {
  const { t } = useTranslation('film');
  const [playing, setPlaying] = useState(false);
  if (film.videoUrl) {
    return (
      <div className="film-player">
        <video
          className="film-player__video"
          src={film.videoUrl}
          poster={film.posterUrl ?? undefined}
          controls
          playsInline
          preload="metadata"
          width={film.width ?? 640}
          height={film.height ?? 360}
          aria-label={t('player.label', { title: film.title })}
        />
      </div>
    );
  }
  if (!film.youtubeId) return null;
  if (playing) {
    return (
      <div className="film-player">
        <iframe
          className="film-player__frame"
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(film.youtubeId)}?autoplay=1`}
          title={t('player.label', { title: film.title })}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
        />
      </div>
    );
  }
  return (
    <button
      type="button"
      className="film-player film-player--facade"
      style={{ '--film-hue': artistHue(film.artistId) } as React.CSSProperties}
      onClick={() => setPlaying(true)}
    >
      <span className="film-player__play" aria-hidden="true">
        ▶
      </span>
      <span>{t('player.playYoutube')}</span>
      <span className="film-player__note">{t('player.youtubeNote')}</span>
    </button>
  );
}

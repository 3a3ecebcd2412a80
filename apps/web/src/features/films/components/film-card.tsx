import type { Film, Language } from '@orchard/shared';
import { artistHue } from '@orchard/shared/film-rules';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { formatKstDate } from '../../../lib/format.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import './films.css';

/** "1:05" for 65 seconds; "1:02:03" past an hour. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const parts = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const [hours, minutes, secs] = parts as [number, number, number];
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${String(secs).padStart(2, '0')}` : `${minutes}:${String(secs).padStart(2, '0')}`;
}

/** A film's picture: its poster, or for a YouTube link a plain frame in the artist's colour (nothing loads from YouTube). */
export function FilmPoster({ film, eager = false }: { film: Film; eager?: boolean }) {
  const { t } = useTranslation('film');
  return (
    <span className="film-poster" style={{ '--film-hue': artistHue(film.artistId) } as React.CSSProperties}>
      {film.posterUrl ? <img src={film.posterUrl} alt="" width={640} height={360} loading={eager ? 'eager' : 'lazy'} decoding="async" /> : null}
      <span className="film-poster__badge">{film.youtubeId ? t('card.youtube') : film.durationSeconds !== null ? formatDuration(film.durationSeconds) : t('card.video')}</span>
    </span>
  );
}

export function FilmCard({ film, eager = false, language: forced }: { film: Film; eager?: boolean; language?: Language }) {
  const { t } = useTranslation('film');
  const storeLanguage = useLanguageAndCurrencyStore((state) => state.language);
  const language = forced ?? storeLanguage;
  return (
    <Link to={paths.filmDetail(film.id)} className="film-card">
      <FilmPoster film={film} eager={eager} />
      <span className="film-card__body">
        <span className="film-card__title">{film.title}</span>
        <span className="film-card__meta">
          <span>{film.author.nickname ?? t('card.deletedAuthor')}</span>
          <span aria-hidden="true">·</span>
          <span>{formatKstDate(film.createdAt, language)}</span>
        </span>
        <span className="film-card__counts">
          <span>{t('card.likes', { count: film.likes })}</span>
          <span>{t('card.comments', { count: film.comments })}</span>
          {film.hidden ? <span className="badge">{t('card.hidden')}</span> : null}
        </span>
      </span>
    </Link>
  );
}

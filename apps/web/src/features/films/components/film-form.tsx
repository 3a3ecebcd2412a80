import { filmTitleMax, youtubeIdOf } from '@orchard/shared/film-rules';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { Button, Spinner } from '../../../components/ui/primitives.tsx';
import { ApiError, uploadCancelled } from '../../../lib/http.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useCreateYoutubeFilm } from '../api/create-film.ts';
import { useFilmLimits } from '../api/get-films.ts';
import { useUploadFilm } from '../api/upload-film.ts';
import './films.css';

type Source = 'upload' | 'youtube';

/** "200 MB" in the interface language's digits. */
const megabytes = (bytes: number, language: string) => `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))} MB`;

export type FilmFormChoices = {
  /** The artists the fan follows (null while loading); the route brings them. */
  artists: { id: number; name: string }[] | null;
  artistId: number | null;
  onArtistChange(artistId: number): void;
  /** The chosen artist's projects the fan took part in. */
  projects: { id: number; title: string }[];
};

/**
 * Post a film (docs/product.md#films): a title, one of the fan's artists, optionally a project of
 * that artist they took part in, and an MP4 (the limit shown before picking; a progress bar and
 * cancel while it is sent) or a YouTube link. The route composes the artists and projects.
 */
export function FilmForm({ artists, artistId: chosenArtist, onArtistChange, projects: joinedProjects }: FilmFormChoices) {
  const { t } = useTranslation(['film', 'common']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const navigate = useNavigate();
  const ids = { title: useId(), artist: useId(), project: useId(), file: useId(), youtube: useId(), error: useId() };
  const limits = useFilmLimits();
  const [title, setTitle] = useState('');
  const [projectId, setProjectId] = useState<number | null>(null);
  const [source, setSource] = useState<Source>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [youtubeUrl, setYoutubeUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const createYoutube = useCreateYoutubeFilm();
  const upload = useUploadFilm();
  useEffect(() => () => abort.current?.abort(), []);

  const maxBytes = limits.data?.maxBytes ?? null;
  const busy = createYoutube.isPending || upload.isPending;

  const messageOf = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'uploads.too_large') return t('film:form.tooLarge', { limit: maxBytes ? megabytes(maxBytes, language) : '' });
    if (error instanceof ApiError && (error.code === 'uploads.unsupported_type' || error.code === 'films.video_invalid')) return t('film:form.notMp4');
    return apiErrorMessage(t, error);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const trimmed = title.trim();
    if (!trimmed) return setProblem(t('film:form.titleRequired'));
    if (chosenArtist === null) return setProblem(t('film:form.artistRequired'));
    const fields = { title: trimmed, artistId: chosenArtist, ...(projectId !== null ? { projectId } : {}) };
    const done = (filmId: number) => void navigate(paths.filmDetail(filmId), { replace: true });
    if (source === 'youtube') {
      if (!youtubeIdOf(youtubeUrl.trim())) return setProblem(t('film:form.youtubeInvalid'));
      createYoutube.mutate({ ...fields, youtubeUrl: youtubeUrl.trim() }, { onSuccess: ({ film }) => done(film.id), onError: (error) => setProblem(messageOf(error)) });
      return;
    }
    if (!file) return setProblem(t('film:form.fileRequired'));
    if (maxBytes !== null && file.size > maxBytes) return setProblem(t('film:form.tooLarge', { limit: megabytes(maxBytes, language) }));
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    upload.mutate(
      { ...fields, video: file, signal: controller.signal, onProgress: setProgress },
      {
        onSuccess: ({ film }) => done(film.id),
        onError: (error) => {
          setProgress(null);
          setProblem(error instanceof ApiError && error.code === uploadCancelled ? t('film:form.cancelled') : messageOf(error));
        },
      },
    );
  }

  if (artists === null) return <Spinner label={t('common:loading')} />;
  const followed = artists;
  return (
    <form className="stack" onSubmit={submit} noValidate aria-describedby={problem ? ids.error : undefined}>
      <div className="film-field">
        <label htmlFor={ids.title} className="field-label">
          {t('film:form.title')}
        </label>
        <input id={ids.title} className="text-field" value={title} maxLength={filmTitleMax} onChange={(event) => setTitle(event.target.value)} disabled={busy} />
      </div>
      <div className="film-field">
        <label htmlFor={ids.artist} className="field-label">
          {t('film:form.artist')}
        </label>
        {followed.length === 0 ? (
          <p className="muted">{t('film:form.noArtists')}</p>
        ) : (
          <select
            id={ids.artist}
            className="text-field"
            value={chosenArtist ?? ''}
            disabled={busy}
            onChange={(event) => {
              onArtistChange(Number(event.target.value));
              setProjectId(null);
            }}
          >
            {followed.map((artist) => (
              <option key={artist.id} value={artist.id}>
                {artist.name}
              </option>
            ))}
          </select>
        )}
      </div>
      <div className="film-field">
        <label htmlFor={ids.project} className="field-label">
          {t('film:form.project')}
        </label>
        <select id={ids.project} className="text-field" value={projectId ?? ''} disabled={busy || chosenArtist === null} onChange={(event) => setProjectId(event.target.value ? Number(event.target.value) : null)}>
          <option value="">{t('film:form.noProject')}</option>
          {joinedProjects.map((project) => (
            <option key={project.id} value={project.id}>
              {project.title}
            </option>
          ))}
        </select>
        <p className="muted">{t('film:form.projectHint')}</p>
      </div>
      <div className="segmented" role="group" aria-label={t('film:form.sourceLabel')}>
        {(['upload', 'youtube'] as const).map((value) => (
          <button key={value} type="button" className="segmented__option" aria-pressed={source === value} disabled={busy} onClick={() => setSource(value)}>
            {t(`film:form.source.${value}`)}
          </button>
        ))}
      </div>
      {source === 'upload' ? (
        <div className="film-field">
          <label htmlFor={ids.file} className="field-label">
            {t('film:form.file')}
          </label>
          <p className="muted">{maxBytes ? t('film:form.limit', { limit: megabytes(maxBytes, language) }) : null}</p>
          <input
            id={ids.file}
            type="file"
            accept="video/mp4,.mp4"
            disabled={busy}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setProblem(null);
            }}
          />
          {progress !== null ? (
            <div className="film-field">
              <progress className="film-upload__progress" max={1} value={progress} aria-label={t('film:form.progress')} />
              <p className="muted" role="status">
                {t('film:form.progressText', { percent: Math.floor(progress * 100) })}
              </p>
              <Button variant="secondary" onClick={() => abort.current?.abort()} disabled={!upload.isPending}>
                {t('film:form.cancel')}
              </Button>
            </div>
          ) : null}
        </div>
      ) : (
        <div className="film-field">
          <label htmlFor={ids.youtube} className="field-label">
            {t('film:form.youtube')}
          </label>
          <input
            id={ids.youtube}
            className="text-field"
            type="url"
            inputMode="url"
            placeholder={t('film:form.youtubePlaceholder')}
            value={youtubeUrl}
            maxLength={500}
            disabled={busy}
            onChange={(event) => setYoutubeUrl(event.target.value)}
          />
          <p className="muted">{t('film:form.youtubeHint')}</p>
        </div>
      )}
      {problem ? (
        <p id={ids.error} className="form-message form-message--error" role="alert">
          {problem}
        </p>
      ) : null}
      <Button type="submit" block disabled={busy || followed.length === 0}>
        {busy ? t('film:form.sending') : t('film:form.submit')}
      </Button>
    </form>
  );
}

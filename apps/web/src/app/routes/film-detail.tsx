import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, Spinner } from '../../components/ui/primitives.tsx';
import { RetryNotice } from '../../components/ui/retry-notice.tsx';
import { CommentList, LikeButton, ReportButton } from '../../features/community/index.ts';
import { DeleteFilmButton, FilmPlayer, useFilm } from '../../features/films/index.ts';
import { ApiError } from '../../lib/http.ts';
import { formatKstDate } from '../../lib/format.ts';
import { apiErrorMessage } from '../../lib/i18n.ts';
import { useLanguageAndCurrencyStore } from '../../lib/stores/language-and-currency.ts';
import { isSignedIn, useUserInfoStore } from '../../lib/stores/user-info.ts';
import { paths } from '../../lib/paths.ts';
import { PageFrame } from '../shell/page-frame.tsx';

/** A film (docs/product.md#films): the player, who posted it, its project, like, report, delete (the author), and its comments. */
export default function FilmDetailPage() {
  const { t } = useTranslation(['film', 'common']);
  const { id } = useParams();
  const filmId = Number(id);
  const valid = Number.isSafeInteger(filmId) && filmId > 0;
  const film = useFilm(valid ? filmId : 0);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const signedIn = useUserInfoStore(isSignedIn);
  const navigate = useNavigate();

  if (!valid || (film.error instanceof ApiError && film.error.status === 404)) {
    return (
      <PageFrame title={t('film:title')}>
        <EmptyState
          message={t('film:detail.notFound')}
          action={
            <Link to={paths.film} className="button button--secondary">
              {t('film:create.seeFilms')}
            </Link>
          }
        />
      </PageFrame>
    );
  }
  if (film.isPending) return <Spinner label={t('common:loading')} />;
  if (film.isError) {
    return (
      <PageFrame title={t('film:title')}>
        <RetryNotice message={apiErrorMessage(t, film.error)} retryLabel={t('common:actions.retry')} onRetry={() => void film.refetch()} retrying={film.isFetching} />
      </PageFrame>
    );
  }
  const { film: shown } = film.data;
  return (
    <PageFrame title={t('film:title')}>
      <article className="stack">
        <FilmPlayer film={shown} />
        <div className="film-field">
          <h2 className="film-detail__title">{shown.title}</h2>
          <p className="muted">
            {shown.author.nickname ?? t('film:card.deletedAuthor')} · {formatKstDate(shown.createdAt, language)}
          </p>
          {shown.projectId !== null ? (
            <Link className="text-link" to={paths.project(shown.projectId)}>
              {t('film:detail.fromProject')}
            </Link>
          ) : null}
        </div>
        <div className="film-detail__actions">
          <LikeButton target={{ type: 'film', id: shown.id }} likeCount={shown.likes} viewerLiked={shown.liked} />
          {signedIn && !shown.viewerIsAuthor ? <ReportButton target={{ type: 'film', id: shown.id }} /> : null}
          {shown.viewerIsAuthor ? <DeleteFilmButton film={shown} onDeleted={() => void navigate(paths.filmList, { replace: true })} /> : null}
        </div>
        <CommentList target={{ type: 'film', id: shown.id }} />
      </article>
    </PageFrame>
  );
}

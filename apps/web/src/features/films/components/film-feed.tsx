import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState } from '../../../components/ui/primitives.tsx';
import { RetryNotice } from '../../../components/ui/retry-notice.tsx';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { useFilms } from '../api/get-films.ts';
import type { FilmListParams } from '../api/query-keys.ts';
import type { Film } from '@orchard/shared';
import { FilmCard } from './film-card.tsx';
import './films.css';

/**
 * Films newest first, a page at a time (docs/product.md#films): a skeleton while the first page
 * loads, a retry when it fails, the list's own empty state, and "more" for the next page.
 * `renderActions` adds controls under a card (My page's delete).
 */
export function FilmFeed({
  params,
  emptyMessage,
  emptyAction,
  renderActions,
  labelledBy,
}: {
  params: FilmListParams;
  emptyMessage: string;
  emptyAction?: ReactNode;
  renderActions?: (film: Film) => ReactNode;
  labelledBy?: string;
}) {
  const { t } = useTranslation(['film', 'common']);
  const films = useFilms(params);
  if (films.isPending) {
    return (
      <div className="film-feed" aria-busy="true">
        <span className="visually-hidden" role="status">
          {t('film:list.loading')}
        </span>
        {[0, 1].map((index) => (
          <div key={index} className="film-card film-card--skeleton" aria-hidden="true" />
        ))}
      </div>
    );
  }
  if (films.isError && !films.data) {
    return <RetryNotice message={apiErrorMessage(t, films.error)} retryLabel={t('common:actions.retry')} onRetry={() => void films.refetch()} retrying={films.isFetching} />;
  }
  const items = films.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyState message={emptyMessage} action={emptyAction} />;
  return (
    <div className="film-feed-wrap">
      <ul className="film-feed" aria-labelledby={labelledBy}>
        {items.map((film, index) => (
          <li key={film.id} className="film-feed__item">
            <FilmCard film={film} eager={index < 2} />
            {renderActions ? <div className="film-feed__actions">{renderActions(film)}</div> : null}
          </li>
        ))}
      </ul>
      {films.isFetchNextPageError ? (
        <RetryNotice message={apiErrorMessage(t, films.error)} retryLabel={t('common:actions.retry')} onRetry={() => void films.fetchNextPage()} retrying={films.isFetchingNextPage} />
      ) : films.hasNextPage ? (
        <Button variant="secondary" block onClick={() => void films.fetchNextPage()} disabled={films.isFetchingNextPage}>
          {films.isFetchingNextPage ? t('film:list.loadingMore') : t('film:list.more')}
        </Button>
      ) : null}
    </div>
  );
}

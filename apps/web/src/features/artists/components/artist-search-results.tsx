import type { Artist } from '@orchard/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, Spinner } from '../../../components/ui/primitives.tsx';
import { RetryNotice } from '../../../components/ui/retry-notice.tsx';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import type { useArtistSearch } from '../api/search-artists.ts';

/**
 * What a search shows: loading, a failure with retry (never "no artists match": a list that did
 * not arrive says nothing about what matches), none found, or the results and "show more".
 */
export function ArtistSearchResults({ artists, renderItems }: { artists: ReturnType<typeof useArtistSearch>; renderItems(items: Artist[]): ReactNode }) {
  const { t } = useTranslation(['artist', 'common']);
  if (artists.isError) {
    return <RetryNotice message={apiErrorMessage(t, artists.error)} retryLabel={t('common:actions.retry')} onRetry={() => void artists.refetch()} retrying={artists.isFetching} />;
  }
  if (artists.isPending) return <Spinner label={t('artist:search.loading')} />;
  const items = artists.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyState message={t('artist:search.empty')} />;
  return (
    <>
      {renderItems(items)}
      {artists.hasNextPage ? (
        <Button variant="secondary" block onClick={() => void artists.fetchNextPage()} disabled={artists.isFetchingNextPage}>
          {t('artist:search.more')}
        </Button>
      ) : null}
    </>
  );
}

import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterChips } from '../../components/ui/filter-chips.tsx';
import { EmptyState, Spinner, Tabs } from '../../components/ui/primitives.tsx';
import { RetryNotice } from '../../components/ui/retry-notice.tsx';
import { isArtistId, useArtist } from '../../features/artists/api/get-artist.ts';
import { ArtistCommunity } from '../../features/community/index.ts';
import { ArtistHeader } from '../../features/artists/components/artist-header.tsx';
import {
  ArtistProjects,
  artistProjectFilters,
  artistProjectSorts,
  type ArtistProjectFilter,
  type ArtistProjectSort,
} from '../../features/projects/components/list/artist-projects.tsx';
import { apiErrorMessage } from '../../lib/i18n.ts';
import { isTransientFailure } from '../../lib/http.ts';
import { ArtistFollow } from '../artist-follow.tsx';
import { paths } from '../../lib/paths.ts';
import { PageFrame } from '../shell/page-frame.tsx';
import { FilmFeed } from '../../features/films/index.ts';

const artistTabs = ['projects', 'community', 'films'] as const;
type ArtistTab = (typeof artistTabs)[number];
/** The sort control's labels (`detail.sort.point` reads "by points"), by the order each asks for. */
const sortLabels: Record<ArtistProjectSort, string> = { raised: 'point', latest: 'latest' };

const oneOf = <Value extends string>(values: readonly Value[], value: string | null): Value => (values as readonly string[]).includes(value ?? '') ? (value as Value) : values[0]!;

/**
 * The tab, the status filter and the order live in the address (`?tab=`, `?status=`, `?sort=`,
 * each left out at its default), replaced rather than pushed, so Back from a project finds the
 * list as the fan left it.
 */
function useArtistSectionsAddress() {
  const [searchParams, setSearchParams] = useSearchParams();
  const set = (key: string, value: string, fallback: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  return {
    tab: oneOf(artistTabs, searchParams.get('tab')),
    filter: oneOf(artistProjectFilters, searchParams.get('status')),
    sort: oneOf(artistProjectSorts, searchParams.get('sort')),
    setTab: (tab: ArtistTab) => set('tab', tab, artistTabs[0]),
    setFilter: (filter: ArtistProjectFilter) => set('status', filter, artistProjectFilters[0]),
    setSort: (sort: ArtistProjectSort) => set('sort', sort, artistProjectSorts[0]),
  };
}

function ArtistSections({ artistId }: { artistId: number }) {
  const { t } = useTranslation(['artist', 'common', 'film']);
  const { tab, filter, sort, setTab, setFilter, setSort } = useArtistSectionsAddress();
  return (
    <>
      <Tabs label={t('artist:detail.tabsLabel')} idPrefix="artist" items={artistTabs.map((value) => ({ value, label: t(`artist:detail.tabs.${value}`) }))} value={tab} onChange={setTab} />
      <div id="artist-panel" role="tabpanel" aria-labelledby={`artist-tab-${tab}`} className="stack">
        {tab === 'projects' ? (
          <>
            <FilterChips
              label={t('artist:detail.projects.filterLabel')}
              items={artistProjectFilters.map((value) => ({ value, label: t(`artist:detail.projects.filters.${value}`) }))}
              value={filter}
              onChange={setFilter}
            />
            <div className="segmented" role="group" aria-label={t('artist:detail.sortLabel')}>
              {artistProjectSorts.map((order) => (
                <button key={order} type="button" className="segmented__option" aria-pressed={sort === order} onClick={() => setSort(order)}>
                  {t(`artist:detail.sort.${sortLabels[order]}`)}
                </button>
              ))}
            </div>
            <ArtistProjects artistId={artistId} filter={filter} sort={sort} />
          </>
        ) : tab === 'community' ? (
          <ArtistCommunity artistId={artistId} emptyMessage={t('artist:detail.empty.community')} />
        ) : (
          <FilmFeed
            params={{ artistId }}
            emptyMessage={t('artist:detail.empty.films')}
            emptyAction={
              <Link to={`${paths.createFilm}?artistId=${artistId}`} className="button button--secondary">
                {t('film:create.cta')}
              </Link>
            }
          />
        )}
      </div>
    </>
  );
}

function ArtistNotFound() {
  const { t } = useTranslation('artist');
  return (
    <EmptyState
      message={t('detail.notFound')}
      action={
        <Link to={paths.artistList} className="button button--secondary">
          {t('detail.backToList')}
        </Link>
      }
    />
  );
}

/**
 * An artist's page: who they are, follow, and the projects, community and films tabs. The path's
 * `{type}` must be the artist's own: `/artist/solo/1` for a group goes to `/artist/group/1`.
 */
export default function ArtistDetailPage() {
  const { t } = useTranslation(['artist', 'common']);
  const { type, id } = useParams();
  const { search } = useLocation();
  const artistId = Number(id);
  const artist = useArtist(artistId);

  let content;
  // A 4xx is the API's answer (no such artist, an id it refuses): asking again changes nothing.
  if (!isArtistId(artistId) || (artist.isError && !isTransientFailure(artist.error))) {
    content = <ArtistNotFound />;
  } else if (artist.isError) {
    content = <RetryNotice message={apiErrorMessage(t, artist.error)} retryLabel={t('common:actions.retry')} onRetry={() => void artist.refetch()} retrying={artist.isFetching} />;
  } else if (artist.isPending) {
    content = <Spinner label={t('artist:search.loading')} />;
  } else if (artist.data.type !== type) {
    // The tab in the address comes along (the reports queue links to `?tab=community` without the type).
    return <Navigate to={paths.artist(artist.data.type, artist.data.id) + search} replace />;
  } else {
    content = (
      <>
        <ArtistHeader artist={artist.data} action={<ArtistFollow artist={artist.data} />} />
        <ArtistSections artistId={artist.data.id} />
      </>
    );
  }
  return <PageFrame title={t('artist:detail.title')}>{content}</PageFrame>;
}

import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArtistResultRow } from '../../features/artists/components/artist-result-row.tsx';
import { ProjectCard } from '../../features/projects/components/list/project-card.tsx';
import { searchQueryKeys } from '../../features/search/api/query-keys.ts';
import { useSearch } from '../../features/search/api/search.ts';
import { RecentSearches } from '../../features/search/components/recent-searches.tsx';
import { SearchBox } from '../../features/search/components/search-box.tsx';
import { SearchResultGroups } from '../../features/search/components/search-results.tsx';
import { useSearchText } from '../../features/search/hooks/use-search-text.ts';
import { useRecentSearchesStore } from '../../features/search/stores/recent-searches.ts';
import { ArtistFollow } from '../artist-follow.tsx';
import { PageFrame } from '../shell/page-frame.tsx';

/**
 * docs/product.md#discovery: search artists and projects. What was searched for is the address's
 * `?q=` (replaced, not pushed, as the fan types), so Back from a result finds the same results. A
 * search is remembered on the device when the fan submits it or opens one of its results.
 */
export default function SearchPage() {
  const { t } = useTranslation('search');
  const [searchParams, setSearchParams] = useSearchParams();
  const searched = (searchParams.get('q') ?? '').trim();
  const remember = useRecentSearchesStore((state) => state.add);
  const onSearch = useCallback((text: string) => setSearchParams(text === '' ? {} : { q: text }, { replace: true }), [setSearchParams]);
  const box = useSearchText(searched, onSearch);
  const search = useSearch(searched);
  const rememberSearched = () => remember(searched);
  const showRecent = box.text.trim() === '';
  return (
    <PageFrame title={t('search:title')}>
      <SearchBox
        inputProps={box.inputProps}
        composing={box.composing}
        onSubmit={() => remember(box.searchNow(box.text))}
        onClear={() => box.searchNow('')}
      />
      {showRecent ? (
        <RecentSearches onChoose={(text) => remember(box.searchNow(text))} />
      ) : searched === '' ? null : (
        <div onClickCapture={(event) => (event.target as Element).closest('a') && rememberSearched()}>
          <SearchResultGroups
            search={search}
            renderArtists={(artists) => (
              <ul className="artist-rows">
                {artists.map((artist) => (
                  <li key={artist.id}>
                    <ArtistResultRow artist={artist} action={<ArtistFollow artist={artist} alsoRefresh={searchQueryKeys.all} />} />
                  </li>
                ))}
              </ul>
            )}
            renderProjects={(projects) => (
              <ul className="stack">
                {projects.map((project) => (
                  <li key={project.id}>
                    <ProjectCard project={project} />
                  </li>
                ))}
              </ul>
            )}
          />
        </div>
      )}
    </PageFrame>
  );
}

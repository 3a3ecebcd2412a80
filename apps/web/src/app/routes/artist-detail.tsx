import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, Tabs } from '../../components/ui/primitives.tsx';
import { ArtistHeader } from '../../features/artists/components/artist-header.tsx';
import { PageFrame } from '../shell/page-frame.tsx';

const artistTabs = ['projects', 'community', 'films'] as const;
type ArtistTab = (typeof artistTabs)[number];
const sortOrders = ['point', 'latest'] as const;
type SortOrder = (typeof sortOrders)[number];

/** spec §2 Individual artist page: tabs projects, community, films; sort by point or latest. */
export default function ArtistDetailPage() {
  const { t } = useTranslation('artist');
  const { id } = useParams();
  const [tab, setTab] = useState<ArtistTab>('projects');
  const [sort, setSort] = useState<SortOrder>('point');
  return (
    <PageFrame title={t('detail.title')}>
      <ArtistHeader artistId={Number(id)} />
      <Tabs label={t('detail.tabsLabel')} idPrefix="artist" items={artistTabs.map((value) => ({ value, label: t(`detail.tabs.${value}`) }))} value={tab} onChange={setTab} />
      <div id="artist-panel" role="tabpanel" aria-labelledby={`artist-tab-${tab}`} className="stack">
        {tab !== 'community' ? (
          <div className="segmented" role="group" aria-label={t('detail.sortLabel')}>
            {sortOrders.map((order) => (
              <button key={order} type="button" className="segmented__option" aria-pressed={sort === order} onClick={() => setSort(order)}>
                {t(`detail.sort.${order}`)}
              </button>
            ))}
          </div>
        ) : null}
        {tab === 'projects' ? <EmptyState message={t('detail.empty.projects')} /> : null}
        {tab === 'community' ? <EmptyState message={t('detail.empty.community')} /> : null}
        {tab === 'films' ? <EmptyState message={t('detail.empty.films')} /> : null}
      </div>
    </PageFrame>
  );
}

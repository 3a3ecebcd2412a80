import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Tabs } from '../../components/ui/primitives.tsx';
import { PageFrame } from '../shell/page-frame.tsx';

const mediaTabs = ['info', 'price', 'guide', 'policy'] as const;
type MediaTab = (typeof mediaTabs)[number];

/** spec §2 Media detail: tabs info, price, production guide, sales policy. */
export default function MediaDetailPage() {
  const { t } = useTranslation('mediaDetail');
  const [tab, setTab] = useState<MediaTab>('info');
  return (
    <PageFrame title={t('detail.title')}>
      <Tabs label={t('detail.tabsLabel')} idPrefix="media" items={mediaTabs.map((value) => ({ value, label: t(`detail.tabs.${value}`) }))} value={tab} onChange={setTab} />
      <div id="media-panel" role="tabpanel" aria-labelledby={`media-tab-${tab}`}>
        <EmptyState message={t('detail.empty')} />
      </div>
    </PageFrame>
  );
}

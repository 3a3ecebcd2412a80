import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/primitives.tsx';
import { PageFrame } from '../shell/page-frame.tsx';

const participantSorts = ['amount', 'latest'] as const;
type ParticipantSort = (typeof participantSorts)[number];

/** docs/product.md#screens: participants sortable by funding amount or latest. */
export default function FundingListPage() {
  const { t } = useTranslation('project');
  const [sort, setSort] = useState<ParticipantSort>('amount');
  return (
    <PageFrame title={t('participants.title')}>
      <div className="segmented" role="group" aria-label={t('participants.sortLabel')}>
        {participantSorts.map((order) => (
          <button key={order} type="button" className="segmented__option" aria-pressed={sort === order} onClick={() => setSort(order)}>
            {t(`participants.sort.${order}`)}
          </button>
        ))}
      </div>
      <EmptyState message={t('empty.participants')} />
    </PageFrame>
  );
}

import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/primitives.tsx';
import { PageFrame } from '../shell/page-frame.tsx';

export default function MediaListPage() {
  const { t } = useTranslation('mediaDetail');
  return (
    <PageFrame title={t('list.title')}>
      <EmptyState message={t('list.empty')} />
    </PageFrame>
  );
}

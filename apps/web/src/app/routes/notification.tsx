import { useTranslation } from 'react-i18next';
import { BellIcon } from '../../components/ui/icons.tsx';
import { EmptyState } from '../../components/ui/primitives.tsx';
import { PageFrame } from '../shell/page-frame.tsx';

export default function NotificationPage() {
  const { t } = useTranslation('notification');
  return (
    <PageFrame title={t('title')}>
      <EmptyState icon={<BellIcon width={32} height={32} />} message={t('empty')} />
    </PageFrame>
  );
}

import { useTranslation } from 'react-i18next';
import { BellIcon } from '../../components/ui/icons.tsx';
import { EmptyState } from '../../components/ui/primitives.tsx';
import { NotificationList } from '../../features/notifications/components/notification-list.tsx';
import { isSignedIn, useUserInfoStore } from '../../lib/stores/user-info.ts';
import { PageFrame } from './page-frame.tsx';

/** Open to everyone; a signed-out visitor has no notifications to list. */
export default function NotificationPage() {
  const { t } = useTranslation('notification');
  const signedIn = useUserInfoStore(isSignedIn);
  return (
    <PageFrame title={t('title')}>
      {signedIn ? <NotificationList /> : <EmptyState icon={<BellIcon width={32} height={32} />} message={t('signedOut')} />}
    </PageFrame>
  );
}

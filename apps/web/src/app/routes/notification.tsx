import { useTranslation } from 'react-i18next';
import { LoginRequiredPrompt } from '../../features/auth/components/login-required-prompt.tsx';
import { isSignedIn, useUserInfoStore } from '../../lib/stores/user-info.ts';
import { NotificationList } from '../../features/notifications/components/notification-list.tsx';
import { PageFrame } from '../shell/page-frame.tsx';

/** Notifications are a signed-in user's: signed out, the page asks to sign in rather than say there are none. */
export default function NotificationPage() {
  const { t } = useTranslation('notification');
  const signedIn = useUserInfoStore(isSignedIn);
  return (
    <PageFrame title={t('title')}>
      {signedIn ? <NotificationList /> : <LoginRequiredPrompt />}
    </PageFrame>
  );
}

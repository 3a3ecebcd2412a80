import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/toast.tsx';
import { useAuthProviders } from '../../../features/auth/api/get-auth-providers.ts';
import { useSignOut } from '../../../features/auth/api/logout.ts';
import { MailPreferences } from '../../../features/notifications/components/mail-preferences.tsx';
import { useBalances } from '../../../features/points/api/get-balances.ts';
import { ProfileEdit } from '../../../features/users/components/profile-edit.tsx';
import { i18next } from '../../../lib/i18n.ts';
import { useBottomBarHidden } from '../../../lib/stores/use-bottom-bar-hidden.ts';
import { useUserInfoStore } from '../../../lib/stores/user-info.ts';
import { paths } from '../../../lib/paths.ts';
import { PageFrame } from '../../shell/page-frame.tsx';

/** The profile edit screen, composed with the auth feature's sign-out and providers and the points feature's balances. */
export default function UserProfilePage() {
  useBottomBarHidden();
  const { t } = useTranslation(['myPage', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const providers = useAuthProviders();
  const balances = useBalances();
  const signOut = useSignOut('thisDevice', { onSignedOut: () => showToast({ message: t('common:signedOut') }) });
  const signOutEverywhere = useSignOut('everywhere', { onSignedOut: () => showToast({ message: t('common:signedOutEverywhere') }) });
  const resetUserInfo = useUserInfoStore((state) => state.resetUserInfo);
  const canLinkX = providers.data?.providers.some((provider) => provider.id === 'x') ?? false;
  const pointsAtStake = balances.data ? { orange: balances.data.orange.total, berry: balances.data.berry.total } : null;

  // The X link flow comes back here with ?error=<code> when it failed (e.g. already registered).
  const linkError = searchParams.get('error');
  useEffect(() => {
    if (!linkError) return;
    const key = `common:errors.${linkError}`;
    showToast({ message: i18next.exists(key) ? t(key) : t('common:errors.generic'), manualClose: true });
    setSearchParams({}, { replace: true });
  }, [linkError, setSearchParams, t]);

  const leaveAfterSignOut = (mutation: typeof signOut) => {
    mutation.mutate();
    // Leave the protected page at once; the sign-out's own 401s open no dialog wherever they land.
    navigate(paths.home, { replace: true });
  };

  return (
    <PageFrame title={t('myPage:profile.title')}>
      <ProfileEdit
        canLinkX={canLinkX}
        returnPath={paths.userProfile}
        pointsAtStake={pointsAtStake}
        onDone={() => void navigate(paths.myPage)}
        onLogout={() => leaveAfterSignOut(signOut)}
        onLogoutEverywhere={() => leaveAfterSignOut(signOutEverywhere)}
        onAccountDeleted={() => {
          resetUserInfo();
          queryClient.clear();
          showToast({ message: t('myPage:profile.deleteAccount.done') });
          navigate(paths.home, { replace: true });
        }}
      />
      <MailPreferences />
    </PageFrame>
  );
}

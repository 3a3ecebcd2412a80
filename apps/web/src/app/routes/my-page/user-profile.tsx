import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/toast.tsx';
import { useAuthProviders } from '../../../features/auth/api/get-auth-providers.ts';
import { useLogout } from '../../../features/auth/api/logout.ts';
import { ProfileEdit } from '../../../features/users/components/profile-edit.tsx';
import { i18next } from '../../../lib/i18n.ts';
import { useBottomBarHidden } from '../../../lib/stores/use-bottom-bar-hidden.ts';
import { useUserInfoStore } from '../../../lib/stores/user-info.ts';
import { PageFrame } from '../page-frame.tsx';

const profilePath = '/my-page/user-profile';

/** spec §2 Profile edit, composed with the auth feature's logout and provider list. */
export default function UserProfilePage() {
  useBottomBarHidden();
  const { t } = useTranslation(['myPage', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const providers = useAuthProviders();
  const logout = useLogout();
  const resetUserInfo = useUserInfoStore((state) => state.resetUserInfo);
  const canLinkX = providers.data?.providers.some((provider) => provider.id === 'x') ?? false;

  // The X link flow comes back here with ?error=<code> when it failed (e.g. already registered).
  const linkError = searchParams.get('error');
  useEffect(() => {
    if (!linkError) return;
    const key = `common:errors.${linkError}`;
    showToast({ message: i18next.exists(key) ? t(key) : t('common:errors.generic'), manualClose: true });
    setSearchParams({}, { replace: true });
  }, [linkError, setSearchParams, t]);

  return (
    <PageFrame title={t('myPage:profile.title')}>
      <ProfileEdit
        canLinkX={canLinkX}
        returnPath={profilePath}
        onDone={() => void navigate('/my-page')}
        onLogout={() => {
          // Leave the protected page first: the auth check that follows logout must not find it
          // still mounted and answer the expected 401 with the redirect dialog.
          logout.mutate();
          navigate('/', { replace: true });
        }}
        onAccountDeleted={() => {
          resetUserInfo();
          queryClient.clear();
          showToast({ message: t('myPage:profile.deleteAccount.done') });
          navigate('/', { replace: true });
        }}
      />
    </PageFrame>
  );
}

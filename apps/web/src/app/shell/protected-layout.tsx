import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/primitives.tsx';
import { useMe, userInfoFromMe } from '../../features/auth/api/get-me.ts';
import { isUnauthorized } from '../../lib/http.ts';
import { useRedirectToLoginDialogStore } from '../../lib/stores/redirect-to-login-dialog.ts';
import { useUserInfoStore } from '../../lib/stores/user-info.ts';

export const joinPath = '/join';

/**
 * spec §2 and §6: /my-page/*, /join, /request-project and /create-project/{id}. A spinner while
 * the auth check loads; the redirect-to-login dialog if it errors; else the page. An account
 * that has not finished joining is sent to /join first (decisions: Identity).
 */
export default function ProtectedLayout() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const me = useMe();
  const setUserInfo = useUserInfoStore((state) => state.setUserInfo);
  const openDialog = useRedirectToLoginDialogStore((state) => state.openRedirectToLoginDialog);

  useEffect(() => {
    if (me.data) setUserInfo(userInfoFromMe(me.data));
  }, [me.data, setUserInfo]);
  useEffect(() => {
    // A 401 has already opened it through the query cache; other failures open it here.
    if (me.isError && !isUnauthorized(me.error)) openDialog();
  }, [me.isError, me.error, openDialog]);

  if (me.isPending) {
    return (
      <div className="page-loading">
        <Spinner label={t('authChecking')} />
      </div>
    );
  }
  if (me.isError) return null;
  const joined = me.data.joinState === 'joined';
  if (!joined && pathname !== joinPath) return <Navigate to={joinPath} replace />;
  return <Outlet />;
}

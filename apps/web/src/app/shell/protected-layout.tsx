import { useCallback, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/primitives.tsx';
import { RetryNotice } from '../../components/ui/retry-notice.tsx';
import { useMe, userInfoFromMe } from '../../features/auth/api/get-me.ts';
import { apiErrorMessage } from '../../lib/i18n.ts';
import { isTransientFailure, isUnauthorized } from '../../lib/http.ts';
import { useUserInfoStore } from '../../lib/stores/user-info.ts';
import { paths } from '../../lib/paths.ts';
import { withNext } from '../../lib/return-path.ts';
import { ConnectionError } from './connection-error.tsx';

/**
 * The pages that need a session: /my-page/*, /join, /request-project and /create-project/{id}
 * (docs/product.md#accounts). A spinner while the auth check loads; a 401 has the query client
 * open the redirect-to-login dialog; a check that got no answer shows a connection error with
 * retry, never the dialog. An account that has not finished joining is sent to /join first.
 */
export default function ProtectedLayout() {
  const { t } = useTranslation('common');
  const { pathname, search } = useLocation();
  const me = useMe();
  const setUserInfo = useUserInfoStore((state) => state.setUserInfo);
  const { refetch } = me;
  const retry = useCallback(() => void refetch(), [refetch]);

  useEffect(() => {
    if (me.data) setUserInfo(userInfoFromMe(me.data));
  }, [me.data, setUserInfo]);

  // Offline, the check waits for the connection instead of failing: say why nothing comes.
  if (me.isPending && me.fetchStatus === 'paused') {
    return (
      <div className="page page--padded">
        <ConnectionError onRetry={retry} />
      </div>
    );
  }
  if (me.isError && !isUnauthorized(me.error)) {
    return (
      <div className="page page--padded">
        {isTransientFailure(me.error) ? (
          <ConnectionError onRetry={retry} retrying={me.isFetching} />
        ) : (
          <RetryNotice message={apiErrorMessage(t, me.error)} retryLabel={t('actions.retry')} onRetry={retry} retrying={me.isFetching} />
        )}
      </div>
    );
  }
  if (me.isPending) {
    return (
      <div className="page-loading">
        <Spinner label={t('authChecking')} />
      </div>
    );
  }
  if (me.isError) return null;
  const joined = me.data.joinState === 'joined';
  // The join ends on the page that sent the user to it (docs/product.md#accounts, ways back).
  if (!joined && pathname !== paths.join) return <Navigate to={withNext(paths.join, pathname + search)} replace />;
  return <Outlet />;
}

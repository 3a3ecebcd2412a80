import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ToastViewport } from '../components/ui/toast.tsx';
import { useMe, userInfoFromMe } from '../features/auth/api/get-me.ts';
import { useSendSignedOutChoices } from '../features/preferences/hooks/use-send-signed-out-choices.ts';
import { useShellStore } from '../lib/stores/shell.ts';
import { isSignedIn, useUserInfoStore } from '../lib/stores/user-info.ts';
import { appQueryClient } from './query-client-instance.ts';
import { PageLoading } from './shell/app-shell.tsx';
import { RedirectToLoginDialog } from './shell/redirect-to-login-dialog.tsx';

const LanguageAndCurrencySheet = lazy(() => import('./shell/language-and-currency-sheet.tsx'));

/**
 * While the client believes a session exists, the auth check keeps `userInfo` (and the unread
 * indicator) current; an expired session answers 401 and the query client handles it (docs/architecture.md#web).
 * A display setting chosen while signed out goes to the server once signed in (docs/product.md#accounts).
 */
export function SessionSync() {
  const signedIn = useUserInfoStore(isSignedIn);
  const setUserInfo = useUserInfoStore((state) => state.setUserInfo);
  const me = useMe({ enabled: signedIn });
  useEffect(() => {
    if (me.data) setUserInfo(userInfoFromMe(me.data));
  }, [me.data, setUserInfo]);
  useSendSignedOutChoices();
  return null;
}

/**
 * Everything that talks to the API (and the dialog and toasts that answer it) sits under this lazily loaded layer, so TanStack Query stays
 * out of the entry chunk (docs/quality.md#speed-web: entry ≤ 110 KB gzip); it loads in parallel with the page.
 */
export default function QueryLayer() {
  const { t } = useTranslation('common');
  const isSheetOpen = useShellStore((state) => state.isLanguageAndCurrencySheetOpen);
  return (
    <QueryClientProvider client={appQueryClient}>
      <SessionSync />
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
      {isSheetOpen ? (
        <Suspense fallback={null}>
          <LanguageAndCurrencySheet />
        </Suspense>
      ) : null}
      <RedirectToLoginDialog />
      <ToastViewport closeLabel={t('actions.close')} />
    </QueryClientProvider>
  );
}

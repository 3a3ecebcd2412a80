import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/primitives.tsx';
import { useShellStore } from '../../lib/stores/shell.ts';
import { hidesFloatingMenu } from '../tabs.ts';
import { FloatingMenu } from './floating-menu.tsx';
import { AppHeader } from './header.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { TabBar } from './tab-bar.tsx';
import './app-shell.css';

export function PageLoading() {
  const { t } = useTranslation('common');
  return (
    <div className="page-loading">
      <Spinner label={t('loading')} />
      <p className="page-loading__text" aria-hidden="true">
        {t('loading')}
      </p>
    </div>
  );
}

/** Header, the page, the bottom tab bar and the floating plus button (not on the create pages it leads to, nor on a project's page). */
export function AppShell() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const isBottomBarVisible = useShellStore((state) => state.isBottomBarVisible);
  return (
    <div className={`app-column${isBottomBarVisible ? ' app-column--with-tab-bar' : ''}`}>
      <ScrollToTop />
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <AppHeader />
      <OfflineBanner />
      <main id="main" className="app-main">
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      {isBottomBarVisible ? (
        <>
          {hidesFloatingMenu(pathname) ? null : <FloatingMenu />}
          <TabBar />
        </>
      ) : null}
    </div>
  );
}

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

/** Header, the page, the bottom tab bar and the floating plus button (not where `hidesFloatingMenu` says: forms, results, a project's page, the console). */
export function AppShell() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const isBottomBarVisible = useShellStore((state) => state.isBottomBarVisible);
  const showsFloatingMenu = isBottomBarVisible && !hidesFloatingMenu(pathname);
  return (
    <div className={`app-column${isBottomBarVisible ? ' app-column--with-tab-bar' : ''}${showsFloatingMenu ? ' app-column--with-floating-menu' : ''}`}>
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
          {showsFloatingMenu ? <FloatingMenu /> : null}
          <TabBar />
        </>
      ) : null}
    </div>
  );
}

import { Navigate, matchRoutes, type RouteObject } from 'react-router';
import { lazyPage, type PageLoader } from './lazy-page.ts';
import { paths, routePatterns } from '../lib/paths.ts';
import { AppShell } from './shell/app-shell.tsx';

type LazyPage = ReturnType<typeof lazyPage>;
type AppRoute = RouteObject & { page?: LazyPage; children?: AppRoute[] };

function page(path: string | undefined, load: PageLoader, children?: AppRoute[]): AppRoute {
  const Page = lazyPage(load);
  return path === undefined ? { index: true, element: <Page />, page: Page } : { path, element: <Page />, page: Page, ...(children ? { children } : {}) };
}

const QueryLayer = lazyPage(() => import('./query-layer.tsx'));
const ProtectedLayout = lazyPage(() => import('./shell/protected-layout.tsx'));

/**
 * docs/product.md#shell: every route and every /my-page child, each page its own lazy chunk. Paths and
 * patterns come from the paths table (docs/architecture.md#web); children under /my-page use the full path.
 */
export const appRoutes: AppRoute[] = [
  {
    element: <AppShell />,
    children: [
      {
        element: <QueryLayer />,
        page: QueryLayer,
        children: [
          page(paths.home, () => import('./routes/home.tsx')),
          // docs/product.md#shell: /home redirects to / replacing the history entry.
          { path: paths.homeAlias, element: <Navigate to={paths.home} replace /> },
          page(paths.notification, () => import('./routes/notification.tsx')),
          page(paths.film, () => import('./routes/film.tsx')),
          page(routePatterns.filmDetail, () => import('./routes/film-detail.tsx')),
          page(paths.createFilm, () => import('./routes/create-film.tsx')),
          page(paths.login, () => import('./routes/login.tsx')),
          page(paths.artistList, () => import('./routes/artist-list.tsx')),
          page(routePatterns.artist, () => import('./routes/artist-detail.tsx')),
          page(paths.search, () => import('./routes/search.tsx')),
          page(routePatterns.mediaList, () => import('./routes/media-list.tsx')),
          page(routePatterns.project, () => import('./routes/project-detail.tsx')),
          page(routePatterns.mediaDetail, () => import('./routes/media-detail.tsx')),
          page(routePatterns.commentList, () => import('./routes/comment-list.tsx')),
          page(routePatterns.fundingList, () => import('./routes/funding-list.tsx')),
          page(routePatterns.terms, () => import('./routes/terms.tsx')),
          {
            element: <ProtectedLayout />,
            page: ProtectedLayout,
            children: [
              page(paths.join, () => import('./routes/join.tsx')),
              page(paths.requestProject, () => import('./routes/request-project.tsx')),
              page(routePatterns.createProject, () => import('./routes/create-project.tsx')),
              page(paths.ops, () => import('./routes/ops.tsx')),
              page(routePatterns.opsSection, () => import('./routes/ops.tsx')),
              {
                path: paths.myPage,
                children: [
                  page(undefined, () => import('./routes/my-page/my-page-home.tsx')),
                  page(paths.userProfile, () => import('./routes/my-page/user-profile.tsx')),
                  page(paths.filmList, () => import('./routes/my-page/film-list.tsx')),
                  page(paths.projectList, () => import('./routes/my-page/project-list.tsx')),
                  page(routePatterns.projectInfoDetail, () => import('./routes/my-page/project-info-detail.tsx')),
                  page(paths.pointCharge, () => import('./routes/my-page/point-charge.tsx')),
                  page(paths.payment, () => import('./routes/my-page/payment.tsx')),
                  page(routePatterns.completedCharge, () => import('./routes/my-page/completed-charge.tsx')),
                  page(routePatterns.pointHistory, () => import('./routes/my-page/point-history.tsx')),
                  page(routePatterns.receipt, () => import('./routes/my-page/receipt.tsx')),
                  page(paths.statement, () => import('./routes/my-page/statement.tsx')),
                  page(paths.followingArtists, () => import('./routes/my-page/following-artists.tsx')),
                  {
                    path: paths.customerSupport,
                    children: [
                      page(undefined, () => import('./routes/my-page/customer-support.tsx')),
                      page(paths.inquiry, () => import('./routes/my-page/inquiry.tsx')),
                    ],
                  },
                ],
              },
            ],
          },
          page(routePatterns.notFound, () => import('./routes/not-found.tsx')),
        ],
      },
    ],
  },
];

/**
 * Starts downloading the layers and the page of a path at boot, in parallel, so none waits on
 * another; settles once all have arrived (or failed: the route's own loading handles that).
 */
export function preloadPagesFor(pathname: string): Promise<unknown> {
  const pages = (matchRoutes(appRoutes, pathname) ?? []).flatMap((match) => (match.route as AppRoute).page ?? []);
  return Promise.allSettled(pages.map((page) => page.preload()));
}

export type TabName = 'home' | 'artist' | 'film' | 'myPage';

/** spec §2: the highlighted tab follows the path; `/` and `/home` select home. */
export function activeTabFor(pathname: string): TabName | null {
  if (pathname === '/' || pathname === '/home') return 'home';
  if (pathname === '/artist' || pathname.startsWith('/artist/')) return 'artist';
  if (pathname === '/film' || pathname.startsWith('/film/')) return 'film';
  if (pathname === '/my-page' || pathname.startsWith('/my-page/')) return 'myPage';
  return null;
}

/** spec §2: my-page goes to /my-page when logged in, otherwise to /login. */
export function tabHref(tab: TabName, signedIn: boolean): string {
  switch (tab) {
    case 'home':
      return '/home';
    case 'artist':
      return '/artist';
    case 'film':
      return '/film';
    case 'myPage':
      return signedIn ? '/my-page' : '/login';
  }
}

/** spec §2: "no" in the redirect dialog sends these paths home. */
export function redirectDialogDeclineTarget(pathname: string): string | null {
  if (pathname === '/request-project' || pathname.includes('/create-project') || pathname.includes('/my-page')) return '/home';
  return null;
}

/** decisions: the create-film route the spec leaves unnamed (docs/decisions/008-web-app-shell.md). */
export const createFilmPath = '/create-film';
export const requestProjectPath = '/request-project';

import { paths } from '../lib/paths.ts';

export type TabName = 'home' | 'artist' | 'film' | 'myPage';

const isAt = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/** The highlighted tab follows the path; `/` and `/home` select home (docs/product.md#shell). */
export function activeTabFor(pathname: string): TabName | null {
  if (pathname === paths.home || pathname === paths.homeAlias) return 'home';
  if (isAt(pathname, paths.artistList)) return 'artist';
  if (isAt(pathname, paths.film)) return 'film';
  if (isAt(pathname, paths.myPage)) return 'myPage';
  return null;
}

/** My page goes to /my-page when signed in, otherwise to /login. */
export function tabHref(tab: TabName, signedIn: boolean): string {
  switch (tab) {
    case 'home':
      return paths.homeAlias;
    case 'artist':
      return paths.artistList;
    case 'film':
      return paths.film;
    case 'myPage':
      return signedIn ? paths.myPage : paths.login;
  }
}

/** Pages that exist only for a signed-in user: "no" in the redirect dialog leaves them for home. */
export function redirectDialogDeclineTarget(pathname: string): string | null {
  if (pathname === paths.requestProject || pathname.startsWith(paths.createProject('')) || isAt(pathname, paths.myPage)) return paths.homeAlias;
  return null;
}

/**
 * Where the floating create button stays away (docs/product.md#shell): the create pages (it would
 * only offer the page the user is on), the login page (its sign-in buttons are the page), a project's page, whose own main action (fundraise) sits
 * where the button would, the other forms and the charge result, whose buttons sit at the bottom,
 * and the operator console.
 */
export function hidesFloatingMenu(pathname: string): boolean {
  const forms: readonly string[] = [paths.requestProject, paths.createFilm, paths.login, paths.join, paths.userProfile, paths.inquiry, paths.pointCharge, paths.payment];
  if (forms.includes(pathname)) return true;
  return (
    pathname.startsWith(paths.createProject('')) ||
    pathname.startsWith(paths.project('')) ||
    pathname.startsWith(paths.completedCharge('')) ||
    isAt(pathname, paths.ops)
  );
}

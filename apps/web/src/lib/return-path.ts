import { isSafeReturnPath } from '@orchard/shared/return-path';
import { paths } from './paths.ts';

/**
 * Where the user goes after sign-in and the join (docs/product.md#accounts, ways back): a same-origin
 * path by the server's own rule, else Home (docs/quality.md#s5). The login and join pages hand on to
 * their own `next`, so a way back that passes through them ends where theirs does.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !isSafeReturnPath(next)) return paths.home;
  const { pathname, searchParams } = new URL(next, 'http://orchard.invalid');
  if (pathname === paths.login || pathname === paths.join) return safeNextPath(searchParams.get('next'));
  return next;
}

/** `path` carrying `next` (nothing to carry when it is Home). */
export function withNext(path: string, next: string): string {
  const destination = safeNextPath(next);
  return destination === paths.home ? path : `${path}?${new URLSearchParams({ next: destination })}`;
}

/** The login page, coming back to `here` (a path with its query) after sign-in. */
export function loginReturningTo(here: string): string {
  return withNext(paths.login, here);
}

import { matchPath } from 'react-router';
import type { Namespace } from '../lib/i18n.ts';
import { paths, routePatterns } from '../lib/paths.ts';

/**
 * The pages a shared link lands on, with every namespace their first screen renders with: each
 * section that asks for a namespace of its own suspends the whole page until it arrives, so
 * loading them one section at a time put a round trip per section before the page's picture
 * painted (issue 35; docs/quality.md#speed-web).
 */
const landingNamespaces: readonly [pattern: string, namespaces: Namespace[]][] = [
  [routePatterns.project, ['common', 'projectDetail', 'myPage', 'mediaDetail', 'requestFunding', 'proof', 'settlement', 'community', 'film']],
  [routePatterns.artist, ['common', 'artist', 'film']],
  [paths.film, ['common', 'film']],
  [routePatterns.filmDetail, ['common', 'film', 'community']],
];

/**
 * The translation namespaces the first screen of a path renders with, loaded before the first
 * render so the page appears in one commit instead of suspending on each (docs/quality.md#speed-web: LCP;
 * docs/decisions/010-web-start-up.md). Paths not listed render with `common` first and load
 * their own namespaces as before; the landing pages' ko and en files ride in their page chunk.
 */
export function firstScreenNamespaces(pathname: string): Namespace[] {
  if (pathname === paths.home || pathname === paths.homeAlias) return ['common', 'home'];
  if (pathname === paths.login) return ['common', 'auth'];
  return landingNamespaces.find(([pattern]) => matchPath(pattern, pathname) !== null)?.[1] ?? ['common'];
}

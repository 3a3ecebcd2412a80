import type { Namespace } from '../lib/i18n.ts';
import { paths } from '../lib/paths.ts';

/**
 * The translation namespaces the first screen of a path renders with, loaded before the first
 * render so the page appears in one commit instead of suspending on each (docs/quality.md#speed-web: LCP;
 * docs/decisions/010-web-start-up.md). Paths not listed render with `common` first and load
 * their own namespaces as before; the landing pages' ko and en files ride in their page chunk.
 */
export function firstScreenNamespaces(pathname: string): Namespace[] {
  if (pathname === paths.home || pathname === paths.homeAlias) return ['common', 'home'];
  if (pathname === paths.login) return ['common', 'auth'];
  return ['common'];
}

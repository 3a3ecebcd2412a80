import { matchPath } from 'react-router';
import { paths, routePatterns } from '../../../app/paths.ts';

/**
 * Set when a creation (its deposit step) or a participation (the fundraise sheet) runs short of
 * points and the user goes to charge or exchange: the charge result and the exchange read it to
 * offer the way back (docs/product.md#payments). The creation's draft is kept in sessionStorage.
 */
export const resumeAfterChargeKey = 'orchard:resume-after-charge';

export type WayBack = { to: 'creation' | 'project'; path: string };

export function rememberWayBack(path: string) {
  sessionStorage.setItem(resumeAfterChargeKey, path);
}

/** The way back saved on leaving for the charge, if it still leads to a creation or a project. */
export function savedWayBack(): WayBack | null {
  const path = sessionStorage.getItem(resumeAfterChargeKey);
  if (!path) return null;
  if (matchPath(routePatterns.createProject, path)) return { to: 'creation', path };
  if (matchPath(routePatterns.project, path)) return { to: 'project', path };
  return null;
}

/** The way back was taken (or is no longer wanted): a later charge from My page offers none. */
export function forgetWayBack() {
  sessionStorage.removeItem(resumeAfterChargeKey);
}

/** Where a fan short of points goes from a project: the payment tab for Orange, the exchange tab for Berry (an event). */
export function pointsTopUpPath(currency: 'orange' | 'berry'): string {
  return currency === 'orange' ? paths.pointCharge : `${paths.pointCharge}?${new URLSearchParams({ tab: 'exchange' })}`;
}

import { matchPath } from 'react-router';
import { paths, routePatterns } from '../../../../lib/paths.ts';

/**
 * Set when a creation (its deposit step) or a participation (the fundraise sheet) runs short of
 * points and the user goes to charge or exchange: the charge result and the exchange read it to
 * offer the way back (docs/product.md#payments). The creation's draft is kept for the account (decision 089).
 */
export const resumeAfterChargeKey = 'orchard:resume-after-charge';
/** The amount the fundraise sheet had chosen, so the way back reopens it at that amount. */
const fundraiseAmountKey = 'orchard:resume-fundraise-amount';

/** `amount`: what the fundraise sheet had chosen, for the way back to a project. */
export type WayBack = { to: 'creation' | 'project'; path: string; amount?: number };

/** The state the way back hands the project page: reopen the fundraise sheet at this amount. */
export type ResumeFundraiseState = { fundraiseAmount: number };

export function rememberWayBack(path: string, amount?: number) {
  sessionStorage.setItem(resumeAfterChargeKey, path);
  if (amount === undefined) sessionStorage.removeItem(fundraiseAmountKey);
  else sessionStorage.setItem(fundraiseAmountKey, String(amount));
}

const wholeAmount = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null);

/** The amount a way back to the project page asks the sheet to reopen at, if it came with one. */
export function resumedFundraiseAmount(state: unknown): number | null {
  return wholeAmount((state as Partial<ResumeFundraiseState> | null)?.fundraiseAmount);
}

/** The way back saved on leaving for the charge, if it still leads to a creation or a project. */
export function savedWayBack(): WayBack | null {
  const path = sessionStorage.getItem(resumeAfterChargeKey);
  if (!path) return null;
  if (matchPath(routePatterns.createProject, path)) return { to: 'creation', path };
  if (matchPath(routePatterns.project, path)) {
    const amount = wholeAmount(Number(sessionStorage.getItem(fundraiseAmountKey)));
    return amount === null ? { to: 'project', path } : { to: 'project', path, amount };
  }
  return null;
}

/** The way back was taken (or is no longer wanted): a later charge from My page offers none. */
export function forgetWayBack() {
  sessionStorage.removeItem(resumeAfterChargeKey);
  sessionStorage.removeItem(fundraiseAmountKey);
}

/** Where a fan short of points goes from a project: the payment tab for Orange, the exchange tab for Berry (an event). */
export function pointsTopUpPath(currency: 'orange' | 'berry'): string {
  return currency === 'orange' ? paths.pointCharge : `${paths.pointCharge}?${new URLSearchParams({ tab: 'exchange' })}`;
}

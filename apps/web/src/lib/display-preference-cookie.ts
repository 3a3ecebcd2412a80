import { displayPreferenceCookie, formatDisplayPreference, type DisplayPreference } from '@orchard/shared/display-preference';

/**
 * Mirrors the device's language and currency into the cookie the server reads to pick the
 * prerendered landing page (docs/decisions/012-prerendered-first-paint.md). A year, like the
 * localStorage setting it mirrors, which has no end at all.
 */
export function writeDisplayPreferenceCookie(preference: DisplayPreference, target: Pick<Document, 'cookie'> = document) {
  target.cookie = `${displayPreferenceCookie}=${formatDisplayPreference(preference)}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/**
 * The prerendered page in the root element (`data-prerendered="ko.KRW"`) may stay on screen until
 * the app renders only if it was rendered in the device's language and currency; otherwise the
 * app shows "Loading..." at once as without prerendering.
 */
export function isPrerenderedFor(root: HTMLElement, preference: DisplayPreference): boolean {
  return root.dataset.prerendered === formatDisplayPreference(preference);
}

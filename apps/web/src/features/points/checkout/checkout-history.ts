import { paths } from '../../../lib/paths.ts';

/**
 * The way to the payment gateway and back (docs/product.md#payments). Leaving, the payment page's
 * history entry becomes the charge's result page, so Back from the gateway never shows a page that
 * can pay again. Coming back, the gateway's pages sit between that entry and the result page the
 * gateway returned to: the result page steps back over them, so Back after paying never shows the
 * gateway's page either.
 */
const departureKey = 'orchard:checkout-departure';

/**
 * Which document left for the gateway. The payment page renders the result in its own entry before
 * the gateway's page replaces it; that render, or the same document restored by Back from the
 * gateway, must neither step back nor forget the departure the returning document needs.
 */
const thisDocument = crypto.randomUUID();

type Departure = { chargeId: string; historyLength: number; document?: string };

export function rememberDeparture(chargeId: string): string {
  const departure: Departure = { chargeId, historyLength: window.history.length, document: thisDocument };
  sessionStorage.setItem(departureKey, JSON.stringify(departure));
  return paths.completedCharge(chargeId);
}

/** Leaves the app for the gateway's checkout page; it comes back through the API's payment return. */
export function goToCheckout(url: string) {
  window.location.assign(url);
}

function readDeparture(): Departure | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(departureKey) ?? 'null') as Partial<Departure> | null;
    return value && typeof value.chargeId === 'string' && Number.isSafeInteger(value.historyLength) ? (value as Departure) : null;
  } catch {
    return null;
  }
}

/**
 * On the result page the gateway returned to: how many history entries the gateway added since
 * this charge left the app, or 0 when there is nothing to step over (a second visit, a reload, a
 * link). Only reads: a render may be thrown away (a suspending child), so the departure is
 * forgotten by `forgetDeparture` when the page acts on it, never while rendering.
 */
export function gatewayEntriesToSkip(chargeId: string): number {
  const departure = readDeparture();
  if (!departure || departure.chargeId !== chargeId || departure.document === thisDocument) return 0;
  return Math.max(0, window.history.length - departure.historyLength);
}

/** Forgets the departure, so a second visit to the result never steps back again; the departing document keeps it. */
export function forgetDeparture() {
  if (readDeparture()?.document === thisDocument) return;
  sessionStorage.removeItem(departureKey);
}

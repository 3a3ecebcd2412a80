import { landingReadOf } from '@orchard/shared/spa-paths';

/**
 * A landing page's own read, sent as the app starts instead of once its page has loaded, rendered
 * and asked for it (issue 35; docs/quality.md#speed-web): beside the page's chunk and translations,
 * not after them. The first GET of the same address (lib/http.ts) takes the answer; it is taken
 * once, so every later read goes to the network as before. It rides in the entry.
 */
const earlyResponses = new Map<string, Promise<Response>>();

/**
 * Takes the landing path's read from the page when the API put it there, else sends it now, as
 * lib/http.ts would send it (JSON, with the session cookie).
 */
export function startEarlyRead(pathname: string, language: string): void {
  const address = landingReadOf(pathname, language);
  if (address === null) return;
  // The API answered a signed-out visitor's read in the page itself (decision 109).
  const inPage = document.getElementById('landing-read');
  if (inPage instanceof HTMLScriptElement && inPage.dataset.address === address) {
    inPage.remove();
    earlyResponses.set(address, Promise.resolve(new Response(inPage.text, { status: 200, headers: { 'Content-Type': 'application/json' } })));
    return;
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  const response = fetch(address, { headers: { Accept: 'application/json' }, credentials: 'include' });
  // A failed early read is read again by the page, which reports it: nothing is left unhandled here.
  response.catch(() => undefined);
  earlyResponses.set(address, response);
}

/** The early answer for this address, once; undefined when none was sent (or it was taken). */
export function takeEarlyResponse(address: string): Promise<Response> | undefined {
  const response = earlyResponses.get(address);
  earlyResponses.delete(address);
  return response;
}

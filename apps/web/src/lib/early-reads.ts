import { landingReadOf } from '@orchard/shared/spa-paths';

/**
 * A landing page's own read, sent as the app starts instead of once its page has loaded, rendered
 * and asked for it (issue 35; docs/quality.md#speed-web): beside the page's chunk and translations,
 * not after them. The first GET of the same address (lib/http.ts) takes the answer; it is taken
 * once, so every later read goes to the network as before. It rides in the entry.
 */
const earlyResponses = new Map<string, Promise<Response>>();

/**
 * The answers a page's HTML held for its own read (decision 110), by address, with when they
 * arrived: a page renders from them at once (its first render, on the server and in the browser,
 * is the page, not a spinner) and counts them fresh for `inPageAnswerFreshMs`, so it does not ask
 * again for what it was handed.
 */
const inPageAnswers = new Map<string, { answer: unknown; receivedAt: number }>();
export const inPageAnswerFreshMs = 30_000;

/** The answer the page's HTML held for this address, if any (peeked: every mount may use it). */
export function inPageAnswerOf<Answer>(address: string | null): { answer: Answer; receivedAt: number } | undefined {
  return address === null ? undefined : (inPageAnswers.get(address) as { answer: Answer; receivedAt: number } | undefined);
}

/** What a server render hands the page for its reads; the render clears them after (src/landing-render.tsx). */
export function provideInPageAnswers(answers: Readonly<Record<string, unknown>>): void {
  inPageAnswers.clear();
  for (const [address, answer] of Object.entries(answers)) inPageAnswers.set(address, { answer, receivedAt: Date.now() });
}

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
    try {
      inPageAnswers.set(address, { answer: JSON.parse(inPage.text) as unknown, receivedAt: Date.now() });
      // A read that does not render from the in-page answer (lib/http.ts) takes it as its response.
      earlyResponses.set(address, Promise.resolve(new Response(inPage.text, { status: 200, headers: { 'Content-Type': 'application/json' } })));
      return;
    } catch {
      // A block cut short in transit: the read goes to the network, as for any other visitor.
    }
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

import { landingPageOf } from '@orchard/shared/spa-paths';

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

/**
 * A query's first data from the answer the page held for its address (decision 110), counted fresh
 * as `inPageAnswerOf` says; no options when the page held none.
 */
export function inPageQueryData<Answer, Data>(address: string, toData: (answer: Answer) => Data): { initialData?: Data; initialDataUpdatedAt?: number; staleTime?: number } {
  const inPage = inPageAnswerOf<Answer>(address);
  if (!inPage) return {};
  return { initialData: toData(inPage.answer), initialDataUpdatedAt: inPage.receivedAt, staleTime: Math.max(0, inPage.receivedAt + inPageAnswerFreshMs - Date.now()) };
}

/** What a server render hands the page for its reads; the render clears them after (src/landing-render.tsx). */
export function provideInPageAnswers(answers: Readonly<Record<string, unknown>>): void {
  inPageAnswers.clear();
  for (const [address, answer] of Object.entries(answers)) inPageAnswers.set(address, { answer, receivedAt: Date.now() });
}

/**
 * Takes the landing page's reads from the page where the API put them there, else sends them now,
 * as lib/http.ts would send them (JSON, with the session cookie). `search` is the address's query.
 */
export function startEarlyReads(pathname: string, search: string, language: string): void {
  const reads = landingPageOf(pathname, search, language)?.reads ?? [];
  // The API answered a signed-out visitor's reads in the page itself (decision 109), one block each.
  const blocks = new Map<string, HTMLScriptElement>();
  for (const block of document.querySelectorAll<HTMLScriptElement>('script.landing-read')) blocks.set(block.dataset.address ?? '', block);
  for (const address of reads) {
    const block = blocks.get(address);
    if (block && takeInPageAnswer(address, block)) continue;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) continue;
    const response = fetch(address, { headers: { Accept: 'application/json' }, credentials: 'include' });
    // A failed early read is read again by the page, which reports it: nothing is left unhandled here.
    response.catch(() => undefined);
    earlyResponses.set(address, response);
  }
}

/** The block's answer as the answer of `address`; false for a block cut short in transit. */
function takeInPageAnswer(address: string, block: HTMLScriptElement): boolean {
  block.remove();
  try {
    inPageAnswers.set(address, { answer: JSON.parse(block.text) as unknown, receivedAt: Date.now() });
  } catch {
    // The read goes to the network, as for any other visitor.
    return false;
  }
  // A read that does not render from the in-page answer (lib/http.ts) takes it as its response.
  earlyResponses.set(address, Promise.resolve(new Response(block.text, { status: 200, headers: { 'Content-Type': 'application/json' } })));
  return true;
}

/** The early answer for this address, once; undefined when none was sent (or it was taken). */
export function takeEarlyResponse(address: string): Promise<Response> | undefined {
  const response = earlyResponses.get(address);
  earlyResponses.delete(address);
  return response;
}

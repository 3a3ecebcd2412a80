import type { TestContext } from './harness.ts';

/** A cookie as the browser keeps it: its value and the attributes it was set with. */
type StoredCookie = { value: string; setCookie: string };

/** A small cookie jar per site: enough for the sign-in redirects (names only; paths are ignored). */
export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  /** `now` is the clock of the site that set the cookies: the app's is the test's manual clock. */
  store(setCookieHeaders: string | string[] | undefined, now: number = Date.now()) {
    for (const line of [setCookieHeaders ?? []].flat()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', attributeValue = ''] = attribute.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(attributeValue) <= 0;
        if (key.toLowerCase() === 'expires') return new Date(attributeValue).getTime() <= now;
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, { value, setCookie: line });
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  /** The Set-Cookie line a cookie was last set with, for attribute assertions. */
  setCookieLine(name: string): string | undefined {
    return this.cookies.get(name)?.setCookie;
  }

  delete(name: string) {
    this.cookies.delete(name);
  }

  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, cookie]) => `${name}=${cookie.value}`).join('; ');
  }
}

/** One browser: a jar for the app's site and one for the provider's. */
export type Browser = { app: CookieJar; provider: CookieJar };
export const newBrowser = (): Browser => ({ app: new CookieJar(), provider: new CookieJar() });

export type BrowserResponse = { status: number; location?: URL; body: string; setCookie: string[] };

/**
 * A request as the browser would send it, without following redirects: to the app through
 * inject() (it never listens), to a loopback provider over the network.
 */
export async function browse(
  t: TestContext,
  browser: Browser,
  url: URL,
  init: { method?: 'GET' | 'POST'; form?: URLSearchParams; headers?: Record<string, string> } = {},
): Promise<BrowserResponse> {
  const method = init.method ?? 'GET';
  const formHeaders: Record<string, string> = init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {};
  if (url.origin === t.config.publicUrl.origin) {
    const cookie = browser.app.header();
    const response = await t.app.inject({
      method,
      url: `${url.pathname}${url.search}`,
      headers: { ...formHeaders, ...(cookie ? { cookie } : {}), ...init.headers },
      payload: init.form?.toString(),
    });
    const setCookie = [response.headers['set-cookie'] ?? []].flat();
    browser.app.store(setCookie, t.clock.now().getTime());
    const location = response.headers.location;
    return { status: response.statusCode, location: location ? new URL(String(location), url) : undefined, body: response.body, setCookie };
  }
  const cookie = browser.provider.header();
  const headers: Record<string, string> = { ...formHeaders, ...(cookie ? { cookie } : {}), ...init.headers };
  const response = await fetch(url, {
    method,
    redirect: 'manual',
    headers,
    body: init.form?.toString(),
  });
  const setCookie = response.headers.getSetCookie();
  browser.provider.store(setCookie);
  const location = response.headers.get('location');
  return { status: response.status, location: location ? new URL(location, url) : undefined, body: await response.text(), setCookie };
}

export type Identity = { subject: string; email?: string; name?: string; username?: string };

/** What the provider sends the browser back to the app with. */
export type ProviderAnswer =
  | { responseMode: 'query'; callbackUrl: URL }
  | { responseMode: 'form_post'; callbackUrl: URL; fields: URLSearchParams };

const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_match, entity: string) =>
    ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[entity]!,
  );

function parseAutoSubmitForm(html: string, page: URL): ProviderAnswer | undefined {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) return undefined;
  const fields = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)) {
    fields.set(match[1]!, unescapeHtml(match[2]!));
  }
  return { responseMode: 'form_post', callbackUrl: new URL(unescapeHtml(action), page), fields };
}

/** Walks the provider's pages as a person would: follow redirects, type the identity on the login page. */
export async function authorizeAtProvider(t: TestContext, browser: Browser, authorizationUrl: URL, identity: Identity): Promise<ProviderAnswer> {
  let url = authorizationUrl;
  for (let step = 0; step < 8; step++) {
    const response = await browse(t, browser, url);
    if (response.status === 200) {
      const form = parseAutoSubmitForm(response.body, url);
      if (!form || form.responseMode !== 'form_post') throw new Error(`unexpected page at ${url.href}: ${response.body.slice(0, 300)}`);
      if (form.callbackUrl.pathname.startsWith('/api/auth/')) return form;
      // Another self-submitting page of the provider (ending its previous session when the identity changes).
      const submitted = await browse(t, browser, form.callbackUrl, { method: 'POST', form: form.fields, headers: { origin: form.callbackUrl.origin } });
      if (!submitted.location) throw new Error(`provider form answered ${submitted.status}: ${submitted.body.slice(0, 300)}`);
      url = submitted.location;
      continue;
    }
    if (!response.location) throw new Error(`provider answered ${response.status} at ${url.href}: ${response.body.slice(0, 300)}`);
    const next = response.location;
    if (next.pathname.endsWith('/callback') && next.pathname.startsWith('/api/auth/')) return { responseMode: 'query', callbackUrl: next };
    if (/\/interaction\/[\w-]+$/.test(next.pathname)) {
      const form = new URLSearchParams(Object.entries(identity).filter((entry): entry is [string, string] => entry[1] !== undefined));
      const submitted = await browse(t, browser, new URL(`${next.pathname}/login`, next), { method: 'POST', form, headers: { origin: next.origin } });
      if (!submitted.location) throw new Error(`login answered ${submitted.status}: ${submitted.body.slice(0, 300)}`);
      url = submitted.location;
      continue;
    }
    url = next;
  }
  throw new Error('too many redirects at the provider');
}

/** Delivers the provider's answer to the app as the browser would (Apple's: a cross-site form POST). */
export function returnToApp(t: TestContext, browser: Browser, answer: ProviderAnswer, providerOrigin?: string): Promise<BrowserResponse> {
  if (answer.responseMode === 'query') return browse(t, browser, answer.callbackUrl);
  const appUrl = new URL(`${answer.callbackUrl.pathname}${answer.callbackUrl.search}`, t.config.publicUrl);
  return browse(t, browser, appUrl, {
    method: 'POST',
    form: answer.fields,
    headers: { origin: providerOrigin ?? 'https://appleid.apple.com', 'sec-fetch-site': 'cross-site' },
  });
}

/** Opens the app's start route; the answer's Location is the provider's authorization URL. */
export async function startSignIn(t: TestContext, browser: Browser, provider: string, returnTo?: string): Promise<BrowserResponse> {
  const query = returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`;
  return browse(t, browser, new URL(`/api/auth/${provider}/start${query}`, t.config.publicUrl));
}

/** start → provider (login as `identity`) → callback; the callback's answer. */
export async function signIn(
  t: TestContext,
  browser: Browser,
  provider: string,
  identity: Identity,
  options: { returnTo?: string; providerOrigin?: string } = {},
): Promise<BrowserResponse> {
  const started = await startSignIn(t, browser, provider, options.returnTo);
  if (started.status !== 302 || !started.location) throw new Error(`start answered ${started.status}: ${started.body}`);
  const answer = await authorizeAtProvider(t, browser, started.location, identity);
  return returnToApp(t, browser, answer, options.providerOrigin);
}

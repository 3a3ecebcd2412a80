import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, testOrigin, type TestContext } from '../../../test/harness.ts';
import { browse, newBrowser, signIn, startSignIn } from '../../../test/sign-in-browser.ts';
import { ConfigError, loadConfig } from '../../config.ts';

describe('development identity provider', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { RATE_LIMIT_SIGN_IN_PER_MINUTE: '10000' } });
  });
  afterAll(() => t.close());

  const me = async (browser: ReturnType<typeof newBrowser>) =>
    JSON.parse((await browse(t, browser, new URL('/api/auth/me', testOrigin))).body) as { id: string; joinState: string };

  it('is the provider offered when no real one is configured', async () => {
    const response = await t.request({ url: '/api/auth/providers' });
    expect(response.json()).toEqual({ providers: [{ id: 'dev' }] });
  });

  it('signs in through the full OIDC code flow to a new account that must join', async () => {
    const browser = newBrowser();
    const callback = await signIn(t, browser, 'dev', { subject: 'alice', email: 'alice@example.com' });
    expect(callback.status, callback.body).toBe(302);
    expect(callback.location?.href).toBe(`${testOrigin}/join`);
    expect(await me(browser)).toMatchObject({ joinState: 'agreements' });
  });

  it('lets one browser sign in as another typed identity next time', async () => {
    const browser = newBrowser();
    await signIn(t, browser, 'dev', { subject: 'first-identity' });
    const first = await me(browser);
    await signIn(t, browser, 'dev', { subject: 'second-identity' });
    const second = await me(browser);
    expect(second.id).not.toBe(first.id);
    await signIn(t, browser, 'dev', { subject: 'first-identity' });
    expect((await me(browser)).id).toBe(first.id);
  });

  it('publishes its discovery document under /dev-idp with the public issuer, requiring PKCE S256', async () => {
    const response = await t.request({ url: '/dev-idp/.well-known/openid-configuration' });
    expect(response.statusCode).toBe(200);
    const discovery = response.json() as { issuer: string; token_endpoint: string; code_challenge_methods_supported: string[] };
    expect(discovery.issuer).toBe(`${testOrigin}/dev-idp`);
    expect(discovery.token_endpoint).toBe(`${testOrigin}/dev-idp/token`);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('shows a login page with a labelled identity field and a sign-in button, under the app\u2019s CSP', async () => {
    const browser = newBrowser();
    const started = await startSignIn(t, browser, 'dev');
    const authorization = await browse(t, browser, started.location!);
    expect(authorization.status).toBe(303);
    const page = await browse(t, browser, authorization.location!);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<label for="subject">Test identity</label>');
    expect(page.body).toMatch(/<input id="subject" name="subject" type="text" required/);
    expect(page.body).toContain('<button type="submit">Sign in</button>');
    expect(page.body).not.toMatch(/<script|style=/);
    const response = await t.app.inject({ url: authorization.location!.pathname, headers: { cookie: browser.app.header() } });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('refuses a token request without the PKCE verifier of the authorization request', async () => {
    const browser = newBrowser();
    const started = await startSignIn(t, browser, 'dev');
    const pkceless = new URL(started.location!);
    pkceless.searchParams.delete('code_challenge');
    pkceless.searchParams.delete('code_challenge_method');
    const refused = await browse(t, browser, pkceless);
    expect(refused.status).toBe(303);
    expect(refused.location?.searchParams.get('error')).toBe('invalid_request');
  });
});

describe('development identity provider configuration', () => {
  it('is refused in production unless explicitly enabled', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_IDP: 'on' })).toThrow(/DEV_IDP/);
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_DEV_IDP_IN_PRODUCTION: 'true', ALLOW_SANDBOX_GATEWAY_IN_PRODUCTION: 'true' }).providers.dev).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', ALLOW_SANDBOX_GATEWAY_IN_PRODUCTION: 'true' }).providers.dev).toBe(false);
  });

  it('is not mounted, and not offered, when turned off', async () => {
    const t = await createTestContext({ env: { DEV_IDP: 'off' } });
    try {
      expect((await t.request({ url: '/dev-idp/.well-known/openid-configuration' })).statusCode).toBe(404);
      const start = await t.request({ url: '/api/auth/dev/start' });
      expect(start.statusCode).toBe(404);
      expect(start.json()).toMatchObject({ error: { code: 'auth.provider_disabled' } });
      expect((await t.request({ url: '/api/auth/providers' })).json()).toEqual({ providers: [] });
    } finally {
      await t.close();
    }
  });
});

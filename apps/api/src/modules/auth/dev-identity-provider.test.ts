import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, testOrigin, type TestContext } from '../../../test/harness.ts';
import { browse, newBrowser, signIn, startSignIn } from '../../../test/sign-in-browser.ts';
import { buildApp } from '../../app.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { devIdentityProviderArtifacts } from './auth.table.ts';
import { createDatabaseAdapterFactory, sharedDevIdentityProviderKeys } from './oidc-database-adapter.ts';
import { createMemoryAdapterFactory } from '../../../test/oidc-memory-adapter.ts';

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

  it('returns to a path outside Latin-1 (/日本語) percent-encoded, never a 5xx', async () => {
    const browser = newBrowser();
    await signIn(t, browser, 'dev', { subject: 'returning-fan' });
    const joinedId = (await me(browser)).id;
    await t.database.db.execute(sql`update users set join_state = 'joined' where id = ${joinedId}`);
    for (const returnTo of ['/日本語', '/artist/오차드?q=ㄹㅁㄴ#전체', '/%E6%97%A5']) {
      const callback = await signIn(t, newBrowser(), 'dev', { subject: 'returning-fan' }, { returnTo });
      expect(callback.status, `${returnTo}: ${callback.body}`).toBe(302);
      expect(callback.location?.origin).toBe(testOrigin);
      expect(decodeURIComponent(`${callback.location!.pathname}${callback.location!.search}${callback.location!.hash}`)).toBe(decodeURIComponent(returnTo));
    }
  });

  it('stores the e-mail the provider gives on the account, and the newer one on a later sign-in', async () => {
    const browser = newBrowser();
    await signIn(t, browser, 'dev', { subject: 'mailer', email: 'first@example.com' });
    const { id } = await me(browser);
    const emailOf = async () => (await t.database.db.execute<{ email: string | null }>(sql`select email from users where id = ${id}`)).rows[0]?.email;
    expect(await emailOf()).toBe('first@example.com');
    await signIn(t, newBrowser(), 'dev', { subject: 'mailer', email: 'second@example.com' });
    expect(await emailOf()).toBe('second@example.com');
    // A sign-in without an e-mail keeps the one on file; the account is still found by subject.
    await signIn(t, newBrowser(), 'dev', { subject: 'mailer' });
    expect(await emailOf()).toBe('second@example.com');
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

  it('keeps its database store to live sign-ins, and one set of keys however many processes ask at once', async () => {
    const factory = createDatabaseAdapterFactory(t.database.db);
    await t.database.db.insert(devIdentityProviderArtifacts).values({ model: 'Session', id: 'stale', payload: { uid: 'stale' }, expiresAt: new Date(Date.now() - 1000) });
    expect(await factory('Session').find('stale')).toBeUndefined();
    // A sign-in starting (its Interaction stored) deletes what has expired.
    await factory('Interaction').upsert('fresh', { uid: 'fresh' } as never, 600);
    const left = await t.database.db.select().from(devIdentityProviderArtifacts).where(eq(devIdentityProviderArtifacts.id, 'stale'));
    expect(left).toEqual([]);
    expect(await factory('Interaction').findByUid('fresh')).toMatchObject({ uid: 'fresh' });
    // Three processes starting on a database without keys: the first one's keys are everyone's.
    await t.database.db.delete(devIdentityProviderArtifacts).where(eq(devIdentityProviderArtifacts.model, 'Keys'));
    const keys = await Promise.all([1, 2, 3].map(() => sharedDevIdentityProviderKeys(t.database.db)));
    expect(new Set(keys.map((key) => key.clientSecret)).size).toBe(1);
  });
});

describe('development identity provider configuration', () => {
  it('is refused on a PUBLIC_URL that is not loopback, in any NODE_ENV, unless explicitly allowed', () => {
    const deployed = { PUBLIC_URL: 'https://orchard.example', ALLOW_SANDBOX_GATEWAY: 'true' };
    expect(() => loadConfig(deployed)).toThrow(ConfigError);
    expect(() => loadConfig({ ...deployed, NODE_ENV: 'development', DEV_IDP: 'on' })).toThrow(/DEV_IDP/);
    expect(loadConfig({ ...deployed, ALLOW_DEV_IDP: 'true' }).providers.dev).toBe(true);
    expect(loadConfig({ ...deployed, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).providers.dev).toBe(false);
  });

  it('ends its sessions once it is turned off (a restart with DEV_IDP=off)', async () => {
    const on = await createTestContext({ env: { RATE_LIMIT_SIGN_IN_PER_MINUTE: '10000' } });
    const browser = newBrowser();
    try {
      const callback = await signIn(on, browser, 'dev', { subject: 'left-over' });
      expect(callback.status).toBe(302);
      expect((await browse(on, browser, new URL('/api/auth/me', testOrigin))).status).toBe(200);
      // The same database, restarted with the development provider off and Google on.
      const restarted = await buildApp(
        loadConfig({ NODE_ENV: 'test', PUBLIC_URL: testOrigin, LOG_LEVEL: 'silent', DATA_DIR: on.dataDir, DEV_IDP: 'off', GOOGLE_CLIENT_ID: 'g' }),
        { database: on.database, clock: on.clock, files: on.files, logger: false },
      );
      try {
        const me = await restarted.inject({ url: '/api/auth/me', headers: { cookie: browser.app.header() } });
        expect(me.statusCode).toBe(401);
      } finally {
        await restarted.close();
      }
    } finally {
      await on.close();
    }
  });

  it('counts its own pages against the sign-in limit, but not the app\u2019s in-process calls to it', async () => {
    const limited = await createTestContext({ env: { RATE_LIMIT_SIGN_IN_PER_MINUTE: '8' } });
    try {
      // A whole sign-in (start, authorize, login page, login, resume, callback) fits in the allowance:
      // discovery, token and key requests the app makes to the provider in-process are not counted.
      const callback = await signIn(limited, newBrowser(), 'dev', { subject: 'counted' });
      expect(callback.status).toBe(302);
      expect(callback.location?.pathname).toBe('/join');
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 10; attempt++) {
        statuses.push((await limited.request({ url: '/dev-idp/.well-known/openid-configuration' })).statusCode);
      }
      expect(statuses).toContain(429);
    } finally {
      await limited.close();
    }
  });

  it('keeps its memory store bounded however many sign-ins are started', async () => {
    const factory = createMemoryAdapterFactory(200);
    const sessions = factory('Session');
    const interactions = factory('Interaction');
    for (let index = 0; index < 5000; index++) {
      await sessions.upsert(`s${index}`, { uid: `u${index}` } as never, 3600);
      await interactions.upsert(`i${index}`, { uid: `i${index}` } as never, 600);
      expect(factory.size()).toBeLessThanOrEqual(200);
    }
    // The newest survive: a sign-in in progress is not the one dropped.
    expect(await interactions.find('i4999')).toBeDefined();
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

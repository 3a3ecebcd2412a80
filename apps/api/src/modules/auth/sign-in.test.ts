import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nicknameProblem } from '@orchard/shared';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { loopbackClient, startLoopbackOidc, type IdTokenTampering, type LoopbackOidc } from '../../../test/loopback-oidc.ts';
import {
  authorizeAtProvider,
  browse,
  newBrowser,
  returnToApp,
  signIn,
  startSignIn,
  type Browser,
  type BrowserResponse,
} from '../../../test/sign-in-browser.ts';
import { sha256 } from '../../lib/tokens.ts';
import { users } from '../users/users.table.ts';
import { sessions, signInFlows, userIdentities } from './auth.table.ts';

const publicUrl = 'https://orchard.test';
const secrets = { google: 'google-secret', apple: 'apple-secret', x: 'x-secret' };

/** docs/quality.md#s5 against a real OpenID provider on loopback playing Google, Apple and X. */
describe('sign-in with X, Google and Apple', () => {
  let op: LoopbackOidc;
  let t: TestContext;

  beforeAll(async () => {
    op = await startLoopbackOidc({
      clients: [
        loopbackClient({ clientId: 'google-client', clientSecret: secrets.google, redirectUri: `${publicUrl}/api/auth/google/callback` }),
        loopbackClient({
          clientId: 'apple-client',
          clientSecret: secrets.apple,
          redirectUri: `${publicUrl}/api/auth/apple/callback`,
          authMethod: 'client_secret_post',
        }),
        loopbackClient({ clientId: 'x-client', clientSecret: secrets.x, redirectUri: `${publicUrl}/api/auth/x/callback` }),
      ],
    });
    t = await createTestContext({
      env: {
        PUBLIC_URL: publicUrl,
        ALLOW_SANDBOX_GATEWAY: 'true',
        ALLOW_INSECURE_ISSUERS: 'true',
        RATE_LIMIT_SIGN_IN_PER_MINUTE: '10000',
        GOOGLE_CLIENT_ID: 'google-client',
        GOOGLE_CLIENT_SECRET: secrets.google,
        GOOGLE_ISSUER: op.issuer,
        APPLE_CLIENT_ID: 'apple-client',
        APPLE_CLIENT_SECRET: secrets.apple,
        APPLE_ISSUER: op.issuer,
        X_CLIENT_ID: 'x-client',
        X_CLIENT_SECRET: secrets.x,
        X_AUTHORIZATION_URL: `${op.origin}/auth`,
        X_TOKEN_URL: `${op.origin}/token`,
        X_USERINFO_URL: `${op.origin}/2/users/me`,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await op?.close();
  });

  const sessionCookieName = () => t.config.session.cookieName;
  const uniqueSubject = (label: string) => `${label}-${randomBytes(4).toString('hex')}`;

  async function me(browser: Browser) {
    const response = await browse(t, browser, new URL('/api/auth/me', publicUrl));
    return { status: response.status, body: response.status === 200 ? (JSON.parse(response.body) as { id: string; joinState: string; nickname: string | null }) : undefined };
  }

  async function sessionCount() {
    const result = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    return Number(result[0]!.n);
  }

  async function markJoined(userId: string) {
    await t.database.db.update(users).set({ joinState: 'joined', joinedAt: t.clock.now() }).where(eq(users.id, userId));
  }

  /** A refused callback: back to /login with the code, no session cookie, no session row. */
  async function expectRefused(callback: () => Promise<BrowserResponse>, code: string) {
    const before = await sessionCount();
    const response = await callback();
    expect(response.status, response.body).toBe(302);
    expect(`${response.location?.pathname}${response.location?.search}`).toBe(`/login?error=${encodeURIComponent(code)}`);
    expect(response.location?.origin).toBe(publicUrl);
    expect(response.setCookie.some((line) => line.startsWith(`${sessionCookieName()}=`))).toBe(false);
    expect(await sessionCount()).toBe(before);
  }

  /** Runs the provider part of a Google sign-in and hands back the callback before the app sees it. */
  async function googleAnswer(browser: Browser, subject = uniqueSubject('g')) {
    const started = await startSignIn(t, browser, 'google');
    const answer = await authorizeAtProvider(t, browser, started.location!, { subject });
    if (answer.responseMode !== 'query') throw new Error('google answers in the query');
    return answer.callbackUrl;
  }

  describe('the good sign-ins all work', () => {
    it('Google: a first sign-in creates an account that must join, with a Secure, HttpOnly, SameSite=Lax __Host- session cookie', async () => {
      const browser = newBrowser();
      const callback = await signIn(t, browser, 'google', { subject: uniqueSubject('google'), email: 'g@example.com' }, { returnTo: '/project/1' });
      expect(callback.status).toBe(302);
      // docs/product.md#accounts: the join carries where the sign-in was going.
      expect(callback.location?.href).toBe(`${publicUrl}/join?next=%2Fproject%2F1`);
      const fromLoginPage = await signIn(t, newBrowser(), 'google', { subject: uniqueSubject('google') }, { returnTo: '/login?next=%2Fproject%2F1' });
      expect(fromLoginPage.location?.href).toBe(`${publicUrl}/join?next=%2Flogin%3Fnext%3D%252Fproject%252F1`);
      // The login page with nothing after it leads home: no next to carry.
      const plainLogin = await signIn(t, newBrowser(), 'google', { subject: uniqueSubject('google') }, { returnTo: '/login' });
      expect(plainLogin.location?.href).toBe(`${publicUrl}/join`);
      const cookie = browser.app.setCookieLine('__Host-orchard_session')!;
      expect(cookie).toMatch(/; Path=\/(;|$)/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      const current = await me(browser);
      expect(current.status).toBe(200);
      expect(current.body).toMatchObject({ joinState: 'agreements', hasUnreadNotification: false, roles: [] });
      // A starter nickname that obeys the nickname rules, so the account never shows as nameless.
      const nickname = current.body!.nickname ?? '';
      expect(nicknameProblem(nickname)).toBeNull();
      expect(nickname).toMatch(/^fan_[0-9a-z]{10}$/);
    });

    it('X: signs in with the identity its users/me endpoint names, without an ID token', async () => {
      const browser = newBrowser();
      const subject = uniqueSubject('x');
      const callback = await signIn(t, browser, 'x', { subject, username: 'fan_of_x' });
      expect(callback.location?.pathname).toBe('/join');
      const current = await me(browser);
      expect(current.status).toBe(200);
      const [identity] = await t.database.db
        .select()
        .from(userIdentities)
        .where(and(eq(userIdentities.provider, 'x'), eq(userIdentities.subject, subject)));
      expect(identity).toMatchObject({ userId: current.body!.id, username: 'fan_of_x' });
    });

    it('Apple: the cross-site form_post callback signs in, carried by a SameSite=None; Secure binding cookie', async () => {
      const browser = newBrowser();
      const started = await startSignIn(t, browser, 'apple');
      const binding = browser.app.setCookieLine('__Host-orchard_sign_in')!;
      expect(binding).toMatch(/; SameSite=None/);
      expect(binding).toMatch(/; Secure/);
      expect(binding).toMatch(/; HttpOnly/);
      expect(started.location?.searchParams.get('response_mode')).toBe('form_post');
      const answer = await authorizeAtProvider(t, browser, started.location!, { subject: uniqueSubject('apple'), email: 'a@privaterelay.example' });
      expect(answer.responseMode).toBe('form_post');
      const callback = await returnToApp(t, browser, answer, op.origin);
      expect(callback.status, callback.body).toBe(302);
      expect(callback.location?.pathname).toBe('/join');
      expect((await me(browser)).status).toBe(200);
    });

    it('sends every request with PKCE S256, a state and (OIDC) a nonce', async () => {
      for (const provider of ['google', 'apple', 'x']) {
        const started = await startSignIn(t, newBrowser(), provider);
        const query = started.location!.searchParams;
        expect(query.get('code_challenge_method'), provider).toBe('S256');
        expect(query.get('code_challenge')?.length, provider).toBeGreaterThanOrEqual(43);
        expect(query.get('state')?.length, provider).toBeGreaterThanOrEqual(22);
        if (provider !== 'x') expect(query.get('nonce')?.length, provider).toBeGreaterThanOrEqual(22);
      }
    });

    it('finds the same account on a second sign-in even when the provider reports a new email', async () => {
      const subject = uniqueSubject('same');
      const first = newBrowser();
      await signIn(t, first, 'google', { subject, email: 'old@example.com' });
      const second = newBrowser();
      await signIn(t, second, 'google', { subject, email: 'new@example.com' });
      expect((await me(second)).body!.id).toBe((await me(first)).body!.id);
    });

    it('makes a different account for a different subject with the same email, and for the same subject at another provider', async () => {
      const email = `shared-${randomBytes(3).toString('hex')}@example.com`;
      const subject = uniqueSubject('twin');
      const alice = newBrowser();
      await signIn(t, alice, 'google', { subject, email });
      const mallory = newBrowser();
      await signIn(t, mallory, 'google', { subject: uniqueSubject('other'), email });
      const sameSubjectAtX = newBrowser();
      await signIn(t, sameSubjectAtX, 'x', { subject });
      const ids = new Set([(await me(alice)).body!.id, (await me(mallory)).body!.id, (await me(sameSubjectAtX)).body!.id]);
      expect(ids.size).toBe(3);
    });

    it('sends a joined account back to its return path', async () => {
      const subject = uniqueSubject('joined');
      const browser = newBrowser();
      await signIn(t, browser, 'google', { subject });
      await markJoined((await me(browser)).body!.id);
      const callback = await signIn(t, newBrowser(), 'google', { subject }, { returnTo: '/project/42?tab=info' });
      expect(callback.location?.href).toBe(`${publicUrl}/project/42?tab=info`);
    });
  });

  describe('no bad sign-in is accepted (docs/quality.md#s5)', () => {
    it('refuses a callback without state', async () => {
      const browser = newBrowser();
      const callbackUrl = await googleAnswer(browser);
      callbackUrl.searchParams.delete('state');
      await expectRefused(() => browse(t, browser, callbackUrl), 'auth.invalid_state');
    });

    it('refuses a callback with a state it never issued', async () => {
      const browser = newBrowser();
      const callbackUrl = await googleAnswer(browser);
      callbackUrl.searchParams.set('state', randomBytes(32).toString('base64url'));
      await expectRefused(() => browse(t, browser, callbackUrl), 'auth.invalid_state');
    });

    it('refuses a state used once already', async () => {
      const browser = newBrowser();
      const callbackUrl = await googleAnswer(browser);
      const first = await browse(t, browser, callbackUrl);
      expect(first.location?.pathname).toBe('/join');
      await expectRefused(() => browse(t, browser, callbackUrl), 'auth.invalid_state');
    });

    it('refuses a state after the sign-in has expired (10 minutes)', async () => {
      const browser = newBrowser();
      const callbackUrl = await googleAnswer(browser);
      t.clock.advance(10 * 60_000 + 1_000);
      await expectRefused(() => browse(t, browser, callbackUrl), 'auth.invalid_state');
    });

    it('refuses a code the provider already redeemed', async () => {
      const browser = newBrowser();
      const callbackUrl = await googleAnswer(browser);
      const [flow] = await t.database.db
        .select()
        .from(signInFlows)
        .where(eq(signInFlows.stateHash, sha256(callbackUrl.searchParams.get('state')!)));
      // Someone redeems the code first, even with the right verifier.
      const stolen = await fetch(`${op.origin}/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`google-client:${secrets.google}`).toString('base64')}`,
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: callbackUrl.searchParams.get('code')!,
          redirect_uri: `${publicUrl}/api/auth/google/callback`,
          code_verifier: flow!.codeVerifier,
        }),
      });
      expect(stolen.status).toBe(200);
      await expectRefused(() => browse(t, browser, callbackUrl), 'auth.provider_error');
    });

    it('refuses a code redeemed with another PKCE verifier', async () => {
      const browser = newBrowser();
      const callbackUrl = await googleAnswer(browser);
      await t.database.db
        .update(signInFlows)
        .set({ codeVerifier: randomBytes(32).toString('base64url') })
        .where(eq(signInFlows.stateHash, sha256(callbackUrl.searchParams.get('state')!)));
      await expectRefused(() => browse(t, browser, callbackUrl), 'auth.provider_error');
    });

    const tamperings: [string, IdTokenTampering][] = [
      ['a wrong nonce', ({ claims }) => ({ claims: { ...claims, nonce: randomBytes(16).toString('base64url') } })],
      ['a wrong audience', ({ claims }) => ({ claims: { ...claims, aud: 'someone-else' } })],
      ['a wrong issuer', ({ claims }) => ({ claims: { ...claims, iss: 'https://accounts.evil.example' } })],
      [
        'an expired token',
        ({ claims }) => ({ claims: { ...claims, iat: Math.floor(Date.now() / 1000) - 3600, exp: Math.floor(Date.now() / 1000) - 600 } }),
      ],
      ['an alg:none token', () => ({ signWith: 'none' })],
      ['an RS256 token with its signature removed', () => ({ signWith: 'stripped' })],
      ['a token signed by a key the provider never published', () => ({ signWith: 'foreign' })],
    ];
    for (const [name, tampering] of tamperings) {
      it(`refuses an ID token with ${name}`, async () => {
        const browser = newBrowser();
        const callbackUrl = await googleAnswer(browser);
        op.tamperNextIdToken(tampering);
        await expectRefused(() => browse(t, browser, callbackUrl), 'auth.provider_error');
      });
    }

    it('accepts an ID token the provider re-signed unchanged (the tampering harness itself is sound)', async () => {
      const browser = newBrowser();
      const callbackUrl = await googleAnswer(browser);
      op.tamperNextIdToken(() => ({}));
      const callback = await browse(t, browser, callbackUrl);
      expect(callback.location?.pathname).toBe('/join');
    });

    it('refuses an issuer parameter (RFC 9207) naming another provider', async () => {
      const browser = newBrowser();
      const callbackUrl = await googleAnswer(browser);
      callbackUrl.searchParams.set('iss', 'https://accounts.evil.example');
      await expectRefused(() => browse(t, browser, callbackUrl), 'auth.provider_error');
    });

    it('cannot be completed in another browser than the one that started it', async () => {
      const victim = newBrowser();
      const callbackUrl = await googleAnswer(victim);
      const attacker = newBrowser();
      await expectRefused(() => browse(t, attacker, callbackUrl), 'auth.invalid_state');
      const forgedBinding = newBrowser();
      forgedBinding.app.store(`__Host-orchard_sign_in=${randomBytes(32).toString('base64url')}; Path=/`);
      await expectRefused(() => browse(t, forgedBinding, callbackUrl), 'auth.invalid_state');
      // The browser that started it still completes it: the attempts did not spend the flow.
      const completed = await browse(t, victim, callbackUrl);
      expect(completed.location?.pathname).toBe('/join');
    });

    it('refuses an Apple form_post without the binding cookie, even with a genuine code and state', async () => {
      const browser = newBrowser();
      const started = await startSignIn(t, browser, 'apple');
      const answer = await authorizeAtProvider(t, browser, started.location!, { subject: uniqueSubject('apple') });
      browser.app.delete('__Host-orchard_sign_in');
      await expectRefused(() => returnToApp(t, browser, answer, op.origin), 'auth.invalid_state');
    });

    it('refuses a state started for another provider', async () => {
      const browser = newBrowser();
      const callbackUrl = await googleAnswer(browser);
      const elsewhere = new URL(`/api/auth/x/callback${callbackUrl.search}`, publicUrl);
      await expectRefused(() => browse(t, browser, elsewhere), 'auth.invalid_state');
    });

    it('reports a sign-in the person cancelled at the provider', async () => {
      const browser = newBrowser();
      const callbackUrl = await googleAnswer(browser);
      const cancelled = new URL(callbackUrl);
      cancelled.search = new URLSearchParams({ error: 'access_denied', state: callbackUrl.searchParams.get('state')! }).toString();
      await expectRefused(() => browse(t, browser, cancelled), 'auth.sign_in_cancelled');
    });

    for (const returnTo of ['//evil.com', 'https://evil.com', '/\\evil.com', 'javascript:alert(1)', '/\t/evil.com', '\\\\evil.com']) {
      it(`never redirects off-site for the return path ${JSON.stringify(returnTo)}`, async () => {
        const subject = uniqueSubject('redirect');
        const browser = newBrowser();
        await signIn(t, browser, 'google', { subject });
        await markJoined((await me(browser)).body!.id);
        const callback = await signIn(t, newBrowser(), 'google', { subject }, { returnTo });
        expect(callback.status).toBe(302);
        expect(callback.location?.href).toBe(`${publicUrl}/`);
      });

      it(`sends a new account to /join without a next for the return path ${JSON.stringify(returnTo)}`, async () => {
        const callback = await signIn(t, newBrowser(), 'google', { subject: uniqueSubject('redirect-new') }, { returnTo });
        expect(callback.location?.href).toBe(`${publicUrl}/join`);
      });
    }
  });

  it('answers 404 for an unknown provider and for one that is not configured', async () => {
    const unknown = await t.request({ url: '/api/auth/myspace/start' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'auth.provider_unknown' } });
    const disabled = await t.request({ url: '/api/auth/dev/start' });
    expect(disabled.statusCode).toBe(404);
    expect(disabled.json()).toMatchObject({ error: { code: 'auth.provider_disabled' } });
  });

  it('lists the configured providers', async () => {
    const response = await t.request({ url: '/api/auth/providers' });
    expect(response.json()).toEqual({ providers: [{ id: 'x' }, { id: 'google' }, { id: 'apple' }] });
  });
});

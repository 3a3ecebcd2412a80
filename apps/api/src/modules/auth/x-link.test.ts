import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, testOrigin, type TestContext } from '../../../test/harness.ts';
import { loopbackClient, startLoopbackOidc, type LoopbackOidc } from '../../../test/loopback-oidc.ts';
import { authorizeAtProvider, browse, CookieJar, newBrowser, returnToApp, signIn, type Browser } from '../../../test/sign-in-browser.ts';
import { users } from '../users/users.table.ts';
import { userIdentities } from './auth.table.ts';

/** docs/product.md#accounts: "X account link" attaches an X identity to a Google or Apple account. */
describe('X account link', () => {
  let op: LoopbackOidc;
  let t: TestContext;

  beforeAll(async () => {
    op = await startLoopbackOidc({
      clients: [
        loopbackClient({ clientId: 'google-client', clientSecret: 'g', redirectUri: `${testOrigin}/api/auth/google/callback` }),
        loopbackClient({ clientId: 'x-client', clientSecret: 'x', redirectUri: `${testOrigin}/api/auth/x/callback` }),
      ],
    });
    t = await createTestContext({
      env: {
        ALLOW_INSECURE_ISSUERS: 'true',
        RATE_LIMIT_SIGN_IN_PER_MINUTE: '10000',
        GOOGLE_CLIENT_ID: 'google-client',
        GOOGLE_CLIENT_SECRET: 'g',
        GOOGLE_ISSUER: op.issuer,
        X_CLIENT_ID: 'x-client',
        X_CLIENT_SECRET: 'x',
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

  /** The loopback provider plays Google and X: X gets its own cookies, as a separate site would. */
  const atX = (browser: Browser): Browser => ({ app: browser.app, provider: new CookieJar() });
  const unique = (label: string) => `${label}-${randomBytes(4).toString('hex')}`;

  async function joinedGoogleAccount(): Promise<{ browser: Browser; userId: string }> {
    const browser = newBrowser();
    await signIn(t, browser, 'google', { subject: unique('google') });
    const me = await browse(t, browser, new URL('/api/auth/me', testOrigin));
    const userId = (JSON.parse(me.body) as { id: string }).id;
    await t.database.db.update(users).set({ joinState: 'joined', joinedAt: t.clock.now() }).where(eq(users.id, userId));
    return { browser, userId };
  }

  async function linkX(browser: Browser, xSubject: string, returnTo = '/my-page/user-profile') {
    const started = await browse(t, browser, new URL(`/api/auth/x/link/start?returnTo=${encodeURIComponent(returnTo)}`, testOrigin));
    expect(started.status, started.body).toBe(302);
    const answer = await authorizeAtProvider(t, atX(browser), started.location!, { subject: xSubject, username: `${xSubject}_name` });
    return returnToApp(t, browser, answer);
  }

  const xIdentitiesOf = (userId: string) =>
    t.database.db
      .select()
      .from(userIdentities)
      .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, 'x')));

  const unlink = (browser: Browser) =>
    t.request({ method: 'DELETE', url: '/api/users/user-profile/x-link', cookie: browser.app.header() });

  it('links an X identity to the signed-in account, which can then sign in with X', async () => {
    const { browser, userId } = await joinedGoogleAccount();
    const xSubject = unique('x');
    const callback = await linkX(browser, xSubject);
    expect(callback.status).toBe(302);
    expect(`${callback.location?.pathname}${callback.location?.search}`).toBe('/my-page/user-profile');
    expect(await xIdentitiesOf(userId)).toMatchObject([{ subject: xSubject, username: `${xSubject}_name` }]);

    const viaX = newBrowser();
    const signedIn = await signIn(t, viaX, 'x', { subject: xSubject }, { returnTo: '/home' });
    expect(signedIn.location?.pathname).toBe('/home');
    const me = JSON.parse((await browse(t, viaX, new URL('/api/auth/me', testOrigin))).body) as { id: string };
    expect(me.id).toBe(userId);
  });

  it('refuses an X identity already registered to another account, back at the return path', async () => {
    const xSubject = unique('taken');
    await signIn(t, newBrowser(), 'x', { subject: xSubject });
    const { browser, userId } = await joinedGoogleAccount();
    const callback = await linkX(browser, xSubject, '/my-page/user-profile?tab=account');
    expect(callback.status).toBe(302);
    expect(callback.location?.pathname).toBe('/my-page/user-profile');
    expect(callback.location?.searchParams.get('tab')).toBe('account');
    expect(callback.location?.searchParams.get('error')).toBe('auth.x_already_registered');
    expect(await xIdentitiesOf(userId)).toEqual([]);
  });

  it('refuses to start a second link while an X account is linked', async () => {
    const { browser } = await joinedGoogleAccount();
    await linkX(browser, unique('x'));
    const again = await browse(t, browser, new URL('/api/auth/x/link/start', testOrigin));
    expect(again.status).toBe(409);
    expect(JSON.parse(again.body)).toMatchObject({ error: { code: 'auth.x_already_linked' } });
  });

  it('does not link to an account other than the one that started the link', async () => {
    const { browser, userId } = await joinedGoogleAccount();
    const started = await browse(t, browser, new URL('/api/auth/x/link/start', testOrigin));
    const answer = await authorizeAtProvider(t, atX(browser), started.location!, { subject: unique('x') });
    // The browser signs in as someone else before the provider answers.
    await signIn(t, { app: browser.app, provider: new CookieJar() }, 'google', { subject: unique('other') });
    const callback = await returnToApp(t, browser, answer);
    expect(callback.location?.searchParams.get('error')).toBe('auth.invalid_state');
    expect(await xIdentitiesOf(userId)).toEqual([]);
  });

  it('unlinks X, then reports that nothing is linked', async () => {
    const { browser, userId } = await joinedGoogleAccount();
    await linkX(browser, unique('x'));
    const response = await unlink(browser);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await xIdentitiesOf(userId)).toEqual([]);
    const again = await unlink(browser);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: { code: 'users.x_not_linked' } });
  });

  it('refuses to unlink X when it is the account\u2019s only way to sign in', async () => {
    const browser = newBrowser();
    await signIn(t, browser, 'x', { subject: unique('only-x') });
    const userId = (JSON.parse((await browse(t, browser, new URL('/api/auth/me', testOrigin))).body) as { id: string }).id;
    await t.database.db.update(users).set({ joinState: 'joined' }).where(eq(users.id, userId));
    const response = await unlink(browser);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: { code: 'users.last_identity' } });
    expect(await xIdentitiesOf(userId)).toHaveLength(1);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { browse, newBrowser, signIn, type Browser } from '../../../test/sign-in-browser.ts';
import { sha256 } from '../../lib/tokens.ts';
import { notifications } from '../notifications/notifications.table.ts';
import { users } from '../users/users.table.ts';
import { sessions } from './auth.table.ts';
import { createSessionService } from './session.service.ts';

const publicUrl = 'https://orchard.test';
const cookieName = '__Host-orchard_session';
const idleMinutes = 30;
const absoluteHours = 2;

/** docs/quality.md#s4 on an https deployment, signing in through the development provider. */
describe('sessions', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({
      env: {
        PUBLIC_URL: publicUrl,
        DEV_IDP: 'on',
        // An https origin that is not loopback: both development stand-ins must be allowed outright.
        ALLOW_DEV_IDP: 'true',
        ALLOW_SANDBOX_GATEWAY: 'true',
        RATE_LIMIT_SIGN_IN_PER_MINUTE: '10000',
        SESSION_IDLE_TIMEOUT_MINUTES: String(idleMinutes),
        SESSION_ABSOLUTE_TIMEOUT_HOURS: String(absoluteHours),
      },
    });
  });
  afterAll(() => t.close());

  let counter = 0;
  async function signedInBrowser(browser: Browser = newBrowser()) {
    counter += 1;
    const callback = await signIn(t, browser, 'dev', { subject: `session-user-${counter}` });
    expect(callback.status).toBe(302);
    return browser;
  }
  const meStatus = async (browser: Browser) => (await browse(t, browser, new URL('/api/auth/me', publicUrl))).status;
  const meWithToken = async (token: string) =>
    (await t.app.inject({ url: '/api/auth/me', headers: { cookie: `${cookieName}=${token}` } })).statusCode;

  it('sets a __Host- cookie that is Secure, HttpOnly, SameSite=Lax and Path=/', async () => {
    const browser = await signedInBrowser();
    const line = browser.app.setCookieLine(cookieName)!;
    expect(line).toMatch(/^__Host-orchard_session=[A-Za-z0-9_-]+;/);
    expect(line).toMatch(/; Path=\/(;|$)/);
    expect(line).not.toMatch(/; Domain=/i);
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=Lax']) expect(line).toContain(`; ${attribute}`);
  });

  it('uses a session id of at least 128 random bits and stores only its hash', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 3; i++) tokens.add((await signedInBrowser()).app.get(cookieName)!);
    expect(tokens.size).toBe(3);
    for (const token of tokens) {
      expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      const [row] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, sha256(token)));
      expect(row).toBeDefined();
      const stored = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, token));
      expect(stored).toHaveLength(0);
    }
  });

  it('answers many users asking for /api/auth/me at once each with their own account, read together', async () => {
    const browsers = await Promise.all(Array.from({ length: 6 }, () => signedInBrowser()));
    const answers = await Promise.all(
      browsers.flatMap((browser) => [0, 1].map(async () => JSON.parse((await browse(t, browser, new URL('/api/auth/me', publicUrl))).body) as { id: string })),
    );
    const ids = await Promise.all(browsers.map(async (browser) => (JSON.parse((await browse(t, browser, new URL('/api/auth/me', publicUrl))).body) as { id: string }).id));
    expect(new Set(ids).size).toBe(6);
    expect(answers.map((answer) => answer.id)).toEqual(ids.flatMap((id) => [id, id]));
  });

  it('rotates the session at sign-in: the token the browser held before dies', async () => {
    const browser = await signedInBrowser();
    const before = browser.app.get(cookieName)!;
    const again = await signIn(t, browser, 'dev', { subject: 'someone-else' });
    expect(again.location?.href).toBe(`${publicUrl}/join`);
    const after = browser.app.get(cookieName)!;
    expect(after).not.toBe(before);
    expect(await meWithToken(before)).toBe(401);
    expect(await meWithToken(after)).toBe(200);
  });

  it('ends every session of the account, this one included, with logout-everywhere', async () => {
    const phone = await signedInBrowser();
    const meOnPhone = JSON.parse((await browse(t, phone, new URL('/api/auth/me', publicUrl))).body) as { id: string };
    const subject = (await t.database.db.select().from(sessions).where(eq(sessions.userId, meOnPhone.id)))[0];
    expect(subject).toBeDefined();
    const laptopToken = (await createSessionService({ db: t.database.db, clock: t.clock, config: t.config }).create(meOnPhone.id, 'dev')).token;
    const bystander = await signedInBrowser();
    const answer = await browse(t, phone, new URL('/api/auth/logout-everywhere', publicUrl), { method: 'POST', headers: { origin: publicUrl } });
    expect(answer.status).toBe(204);
    expect(answer.body).toBe('');
    expect(answer.setCookie.find((line) => line.startsWith(`${cookieName}=;`))).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(await meStatus(phone)).toBe(401);
    expect(await meWithToken(laptopToken)).toBe(401);
    expect(await meStatus(bystander)).toBe(200);
    const signedOut = await t.app.inject({ method: 'POST', url: '/api/auth/logout-everywhere', headers: { origin: publicUrl } });
    expect(signedOut.statusCode).toBe(401);
  });

  it('is dead after logout, and logout clears the cookie', async () => {
    const browser = await signedInBrowser();
    const token = browser.app.get(cookieName)!;
    const logout = await browse(t, browser, new URL('/api/auth/logout', publicUrl), { method: 'POST', headers: { origin: publicUrl } });
    expect(logout.status).toBe(200);
    expect(JSON.parse(logout.body)).toEqual({ ok: true });
    expect(logout.setCookie.find((line) => line.startsWith(`${cookieName}=;`))).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(browser.app.get(cookieName)).toBeUndefined();
    expect(await meWithToken(token)).toBe(401);
  });

  it('answers logout without a session with 200', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin: publicUrl } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('dies after the idle time-out, and stays alive while used', async () => {
    const browser = await signedInBrowser();
    t.clock.advance((idleMinutes - 5) * 60_000);
    expect(await meStatus(browser)).toBe(200);
    t.clock.advance((idleMinutes - 5) * 60_000);
    expect(await meStatus(browser)).toBe(200);
    t.clock.advance(idleMinutes * 60_000 + 1_000);
    expect(await meStatus(browser)).toBe(401);
  });

  it('dies after the absolute time-out even while used', async () => {
    const browser = await signedInBrowser();
    const step = (idleMinutes - 1) * 60_000;
    let elapsed = 0;
    while (elapsed + step < absoluteHours * 3_600_000) {
      t.clock.advance(step);
      elapsed += step;
      expect(await meStatus(browser)).toBe(200);
    }
    t.clock.advance(absoluteHours * 3_600_000 - elapsed + 1_000);
    expect(await meStatus(browser)).toBe(401);
  });

  it('revokes every session of a user at once (account deletion)', async () => {
    const phone = await signedInBrowser();
    const laptop = newBrowser();
    await signIn(t, laptop, 'dev', { subject: `session-user-${counter}` });
    const me = JSON.parse((await browse(t, phone, new URL('/api/auth/me', publicUrl))).body) as { id: string };
    expect(await meStatus(laptop)).toBe(200);
    await createSessionService({ db: t.database.db, clock: t.clock, config: t.config }).revokeAllForUser(me.id);
    expect(await meStatus(phone)).toBe(401);
    expect(await meStatus(laptop)).toBe(401);
  });

  it("ends a session whose user is marked deleted, even before the session's own revocation", async () => {
    const user = await t.createUser();
    const service = createSessionService({ db: t.database.db, clock: t.clock, config: t.config });
    const { token } = await service.create(user.id, 'dev');
    expect((await service.resolve(token))?.userId).toBe(user.id);
    await t.database.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, user.id));
    expect(await service.resolve(token)).toBeNull();
  });

  it('answers me with 401 and the error shape without a session', async () => {
    const response = await t.app.inject({ url: '/api/auth/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'auth.unauthenticated' } });
  });

  it('reports unread notifications on me from the notification rows', async () => {
    const browser = await signedInBrowser();
    const me = JSON.parse((await browse(t, browser, new URL('/api/auth/me', publicUrl))).body) as { id: string; hasUnreadNotification: boolean };
    expect(me.hasUnreadNotification).toBe(false);
    const [row] = await t.database.db
      .insert(notifications)
      .values({ userId: me.id, kind: 'approved', projectId: 1, params: {}, createdAt: t.clock.now() })
      .returning();
    const after = JSON.parse((await browse(t, browser, new URL('/api/auth/me', publicUrl))).body) as { hasUnreadNotification: boolean };
    expect(after.hasUnreadNotification).toBe(true);
    await t.database.db.update(notifications).set({ readAt: t.clock.now() }).where(eq(notifications.id, row!.id));
    const read = JSON.parse((await browse(t, browser, new URL('/api/auth/me', publicUrl))).body) as { hasUnreadNotification: boolean };
    expect(read.hasUnreadNotification).toBe(false);
  });
});

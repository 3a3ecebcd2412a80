import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTermsVersion } from '@orchard/shared';
import { nicknameKey } from '@orchard/shared/nickname-key';
import { createTestContext, errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { artistFollows, artists } from '../artists/artists.table.ts';
import { createArtistsService } from '../artists/artists.service.ts';
import { userIdentities, sessions } from '../auth/auth.table.ts';
import { createSessionService } from '../auth/session.service.ts';
import { recordMarketingConsentWithin } from '../join/join.service.ts';
import { userAgreements } from '../join/join.table.ts';
import { nicknameTakenMessage } from './users.errors.ts';
import { users } from './users.table.ts';
import { createUsersService, type AccountDeletion } from './users.service.ts';

type Profile = {
  id: string;
  nickname: string | null;
  country: string | null;
  adInfoConsent: boolean;
  nightNotificationConsent: boolean;
  marketingConsent: boolean;
  identities: { provider: string; username: string | null }[];
  xAccount: { username: string | null } | null;
};

/** Nicknames that must be refused with a code, never a 5xx. */
const oddNicknames: [string, string][] = [
  ['zero-width joiner', 'ab\u200Dcd'],
  ['zero-width space', 'ab\u200Bcd'],
  ['RTL override', 'ab\u202Ecd'],
  ['combining marks only', '\u0301\u0301\u0301'],
  ['leading combining mark', '\u0301abc'],
  ['emoji', 'fan😀'],
  ['NUL', 'ab\u0000cd'],
  ['lone surrogate', 'ab\uD800cd'],
  ['space', 'ab cd'],
  ['HTML', '<b>x</b>'],
  ['one character', 'a'],
  ['seventeen characters', 'a'.repeat(17)],
  ['empty', ''],
];

describe('users', () => {
  let t: TestContext;

  const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  const patchProfile = (user: TestUser, payload: unknown) =>
    t.request({ method: 'PATCH', url: '/api/users/user-profile', cookie: user.cookie, payload: payload as object });
  const availability = (user: TestUser, nickname: string) =>
    t.request({ url: `/api/users/nickname-availability?nickname=${encodeURIComponent(nickname)}`, cookie: user.cookie });

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  describe('display info and locale', () => {
    it('answers display info to any signed-in user, joined or not', async () => {
      const newcomer = await t.createUser({ joined: false });
      const response = await t.request({ url: '/api/users/display-info', cookie: newcomer.cookie });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: newcomer.id,
        nickname: null,
        profileImageUrl: null,
        language: 'ko',
        currency: 'KRW',
        followingArtistCount: 0,
      });
      const member = await t.createUser({ nickname: 'displayme' });
      expect((await t.request({ url: '/api/users/display-info', cookie: member.cookie })).json()).toMatchObject({
        nickname: 'displayme',
        followingArtistCount: 1,
      });
    });

    it('changes exactly one of language or currency per call (docs/product.md#screens)', async () => {
      const user = await t.createUser({ joined: false });
      for (const language of ['ko', 'en', 'zh', 'ja', 'es']) {
        const response = await t.request({
          method: 'PATCH',
          url: '/api/users/user-profile/currency-and-language',
          cookie: user.cookie,
          payload: { language },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ language, currency: 'KRW' });
      }
      for (const currency of ['USD', 'JPY', 'KRW']) {
        const response = await t.request({
          method: 'PATCH',
          url: '/api/users/user-profile/currency-and-language',
          cookie: user.cookie,
          payload: { currency },
        });
        expect(response.json()).toEqual({ language: 'es', currency });
      }
      expect(await userRow(user.id)).toMatchObject({ language: 'es', currency: 'KRW' });
    });

    it.each([
      ['both', { language: 'en', currency: 'USD' }],
      ['neither', {}],
      ['an unknown language', { language: 'fr' }],
      ['a lower-case currency', { currency: 'usd' }],
      ['an extra field', { language: 'en', extra: 1 }],
      ['a number', { language: 1 }],
      ['null', { language: null }],
      ['an array', [{ language: 'en' }]],
      ['a 1 MB string', { language: 'x'.repeat(1024 * 1024) }],
    ])('refuses %s with 400 validation.invalid and changes nothing', async (_label, payload) => {
      const user = await t.createUser({ joined: false });
      const response = await t.request({
        method: 'PATCH',
        url: '/api/users/user-profile/currency-and-language',
        cookie: user.cookie,
        payload: payload as object,
      });
      expect(response.statusCode === 400 || response.statusCode === 413).toBe(true);
      expect(errorCode(response)).toMatch(/^(validation\.invalid|request\.too_large)$/);
      expect(await userRow(user.id)).toMatchObject({ language: 'ko', currency: 'KRW' });
    });
  });

  describe('profile', () => {
    it('shows the profile with identities and the linked X username', async () => {
      const user = await t.createUser({ nickname: 'profiler' });
      const before = (await t.request({ url: '/api/users/user-profile', cookie: user.cookie })).json() as Profile;
      expect(before).toMatchObject({ id: user.id, nickname: 'profiler', country: null, xAccount: null });
      expect(before.identities).toEqual([{ provider: 'dev', username: null }]);
      await t.database.db.insert(userIdentities).values({ userId: user.id, provider: 'x', subject: `x-${user.id}`, username: 'orchard_fan' });
      const after = (await t.request({ url: '/api/users/user-profile', cookie: user.cookie })).json() as Profile;
      expect(after.xAccount).toEqual({ username: 'orchard_fan' });
      expect(after.identities).toHaveLength(2);
    });

    it('saves nickname, country and consents, recording a marketing change with the terms version', async () => {
      const user = await t.createUser();
      const response = await patchProfile(user, {
        nickname: '하윤_fan.01',
        country: 'KR',
        adInfoConsent: true,
        nightNotificationConsent: true,
        marketingConsent: true,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        nickname: '하윤_fan.01',
        country: 'KR',
        adInfoConsent: true,
        nightNotificationConsent: true,
        marketingConsent: true,
      });
      const row = await userRow(user.id);
      expect(row.nicknameKey).toBe(nicknameKey('하윤_fan.01'));
      const [marketing] = await t.database.db
        .select()
        .from(userAgreements)
        .where(and(eq(userAgreements.userId, user.id), eq(userAgreements.kind, 'marketing')));
      expect(marketing).toMatchObject({ agreed: true, termsVersion: currentTermsVersion });

      expect((await patchProfile(user, { country: null })).json()).toMatchObject({ country: null, nickname: '하윤_fan.01' });
    });

    it('accepts letters of any script, including combining vowel signs', async () => {
      for (const nickname of ['अनिल', 'สมชาย', 'Zoë', 'ユナ', '李娜', 'José.M']) {
        const user = await t.createUser();
        const response = await patchProfile(user, { nickname });
        expect(response.statusCode, nickname).toBe(200);
      }
    });

    it.each(oddNicknames)('refuses a nickname with %s with 422 users.nickname_invalid', async (_label, nickname) => {
      const user = await t.createUser({ nickname: `keep${Math.random().toString(36).slice(2, 8)}` });
      const before = await userRow(user.id);
      const response = await patchProfile(user, { nickname });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ error: { code: 'users.nickname_invalid', details: { problem: expect.any(String) } } });
      expect((await userRow(user.id)).nickname).toBe(before.nickname);
    });

    it('refuses a nickname another account holds, in any letter case, with the message of docs/product.md#nicknames', async () => {
      await t.createUser({ nickname: 'TakenName' });
      const user = await t.createUser();
      const response = await patchProfile(user, { nickname: 'takenNAME' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: { code: 'users.nickname_taken', message: nicknameTakenMessage } });
    });

    it('lets a user change the letter case of their own nickname', async () => {
      const user = await t.createUser({ nickname: 'casechange' });
      const response = await patchProfile(user, { nickname: 'CaseChange' });
      expect(response.statusCode).toBe(200);
      expect((await userRow(user.id)).nickname).toBe('CaseChange');
    });

    it.each([
      ['an empty body', {}],
      ['an unknown field', { nickname: 'fine_name', bio: 'x' }],
      ['a user id', { id: '00000000-0000-0000-0000-000000000000', country: 'KR' }],
      ['an unknown country', { country: 'XX' }],
      ['a lower-case country', { country: 'kr' }],
      ['a number for a consent', { adInfoConsent: 1 }],
      ['a string for a consent', { marketingConsent: 'true' }],
      ['a 1 MB nickname', { nickname: 'x'.repeat(1024 * 1024) }],
      ['a 201-character nickname', { nickname: 'x'.repeat(201) }],
      ['a number nickname', { nickname: 12345 }],
      ['null nickname', { nickname: null }],
    ])('refuses %s with a 4xx and changes nothing', async (_label, payload) => {
      const user = await t.createUser({ nickname: `same${Math.random().toString(36).slice(2, 8)}` });
      const before = await userRow(user.id);
      const response = await patchProfile(user, payload);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toEqual({ error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }) });
      const after = await userRow(user.id);
      expect(after.updatedAt).toEqual(before.updatedAt);
      expect(after.nickname).toBe(before.nickname);
    });

    it('refuses a __proto__ key with 400', async () => {
      const user = await t.createUser();
      const response = await t.request({
        method: 'PATCH',
        url: '/api/users/user-profile',
        cookie: user.cookie,
        payload: '{"country":"KR","__proto__":{"roles":["operator"]}}',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect((await userRow(user.id)).country).toBeNull();
    });
  });

  describe('nickname availability', () => {
    it('answers available, taken (in any letter case), and a problem for invalid names', async () => {
      await t.createUser({ nickname: 'Occupied' });
      const user = await t.createUser({ nickname: 'mine_here' });
      expect((await availability(user, 'free_one')).json()).toEqual({ nickname: 'free_one', available: true, problem: null });
      expect((await availability(user, 'OCCUPIED')).json()).toEqual({ nickname: 'OCCUPIED', available: false, problem: 'taken' });
      expect((await availability(user, 'Mine_Here')).json()).toEqual({ nickname: 'Mine_Here', available: true, problem: null });
      expect((await availability(user, 'a')).json()).toMatchObject({ available: false, problem: 'too_short' });
      expect((await availability(user, 'a'.repeat(17))).json()).toMatchObject({ available: false, problem: 'too_long' });
    });

    it.each(oddNicknames.filter(([label]) => label !== 'lone surrogate'))('answers %s with a problem, never a 5xx', async (_label, nickname) => {
      const user = await t.createUser({ joined: false });
      const response = await availability(user, nickname);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ available: false, problem: expect.stringMatching(/too_short|too_long|invalid_characters/) });
    });

    it('answers malformed UTF-8 in the query with a problem, never a 5xx', async () => {
      const user = await t.createUser({ joined: false });
      for (const encoded of ['ab%ED%A0%80cd', 'ab%FFcd', 'ab%C0%AFcd']) {
        const response = await t.request({ url: `/api/users/nickname-availability?nickname=${encoded}`, cookie: user.cookie });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ available: false, problem: 'invalid_characters' });
      }
    });

    it.each([
      ['no nickname', ''],
      ['an extra parameter', '?nickname=abc&x=1'],
      ['two nicknames', '?nickname=abc&nickname=def'],
      ['a 201-character nickname', `?nickname=${'x'.repeat(201)}`],
    ])('refuses %s with 400', async (_label, query) => {
      const user = await t.createUser();
      const response = await t.request({ url: `/api/users/nickname-availability${query}`, cookie: user.cookie });
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('validation.invalid');
    });
  });

  describe('concurrent nickname saves', () => {
    it('gives one nickname to exactly one of ten users saving it at once', async () => {
      // Meaningful on PostgreSQL: the unique index on nickname_key decides, not the earlier check.
      for (let round = 0; round < 3; round++) {
        const racers = await Promise.all(Array.from({ length: 10 }, () => t.createUser()));
        const wanted = `Race${round}_${Math.random().toString(36).slice(2, 7)}`;
        for (const racer of racers) expect((await availability(racer, wanted)).json()).toMatchObject({ available: true });
        const responses = await Promise.all(racers.map((racer, index) => patchProfile(racer, { nickname: index % 2 ? wanted : wanted.toLowerCase() })));
        const statuses = responses.map((response) => response.statusCode);
        expect(statuses.filter((status) => status === 200)).toHaveLength(1);
        expect(statuses.filter((status) => status === 409)).toHaveLength(9);
        expect(responses.filter((response) => response.statusCode === 409).every((response) => errorCode(response) === 'users.nickname_taken')).toBe(true);
        const holders = await t.database.db.select({ id: users.id }).from(users).where(eq(users.nicknameKey, nicknameKey(wanted)));
        expect(holders).toHaveLength(1);
      }
    });
  });

  describe('account deletion', () => {
    const deleteMe = (user: TestUser, payload?: unknown) =>
      t.request({ method: 'DELETE', url: '/api/users/me', cookie: user.cookie, ...(payload === undefined ? {} : { payload: payload as object }) });

    it.each([
      ['no body', undefined, 'validation.invalid'],
      ['an empty body', {}, 'validation.invalid'],
      ['false', { acknowledgePointForfeit: false }, 'users.deletion_unconfirmed'],
      ['a string', { acknowledgePointForfeit: 'true' }, 'validation.invalid'],
      ['an extra field', { acknowledgePointForfeit: true, userId: 'someone-else' }, 'validation.invalid'],
    ])('refuses %s with 400 and deletes nothing', async (_label, payload, code) => {
      const user = await t.createUser();
      const response = await deleteMe(user, payload);
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe(code);
      expect((await userRow(user.id)).deletedAt).toBeNull();
      expect((await t.request({ url: '/api/users/display-info', cookie: user.cookie })).statusCode).toBe(200);
    });

    it('anonymises the account, drops identities and follows, revokes every session and clears the cookie', async () => {
      const user = await t.createUser({ nickname: 'LeavingSoon' });
      const [followed] = await t.database.db.select({ artistId: artistFollows.artistId }).from(artistFollows).where(eq(artistFollows.userId, user.id));
      await patchProfile(user, { country: 'JP', marketingConsent: true });
      const secondSession = await createSessionService({ db: t.database.db, clock: t.clock, config: t.config }).create(user.id, 'dev');
      const bystander = await t.createUser();

      const response = await deleteMe(user, { acknowledgePointForfeit: true });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      const cleared = String(response.headers['set-cookie']);
      expect(cleared).toContain(`${t.config.session.cookieName}=;`);
      expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);

      const row = await userRow(user.id);
      expect(row).toMatchObject({ nickname: null, nicknameKey: null, email: null, country: null, profileImagePath: null, marketingConsent: false });
      expect(row.deletedAt).toEqual(t.clock.now());
      expect(await t.database.db.select().from(userIdentities).where(eq(userIdentities.userId, user.id))).toEqual([]);
      expect(await t.database.db.select().from(artistFollows).where(eq(artistFollows.userId, user.id))).toEqual([]);
      const [artist] = await t.database.db.select({ n: artists.followerCount }).from(artists).where(eq(artists.id, followed!.artistId));
      expect(artist!.n).toBe(0);
      const live = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(live.every((session) => session.revokedAt !== null)).toBe(true);
      for (const cookie of [user.cookie, `${t.config.session.cookieName}=${secondSession.token}`]) {
        expect((await t.request({ url: '/api/users/display-info', cookie })).statusCode).toBe(401);
      }
      // The bystander is untouched, and the nickname is free again.
      expect((await t.request({ url: '/api/users/display-info', cookie: bystander.cookie })).statusCode).toBe(200);
      expect((await availability(bystander, 'leavingsoon')).json()).toMatchObject({ available: true });
      // The same (provider, subject) can make a fresh account: the identity is gone.
      const [fresh] = await t.database.db.insert(users).values({}).returning({ id: users.id });
      await t.database.db.insert(userIdentities).values({ userId: fresh!.id, provider: 'dev', subject: `test-${user.id}` });
    });

    it('lets a not-yet-joined account delete itself', async () => {
      const user = await t.createUser({ joined: false });
      expect((await deleteMe(user, { acknowledgePointForfeit: true })).statusCode).toBe(200);
      expect((await userRow(user.id)).deletedAt).not.toBeNull();
    });

    it('runs the registered guards and hooks inside the deletion transaction', async () => {
      const sessionService = createSessionService({ db: t.database.db, clock: t.clock, config: t.config });
      const artistsService = createArtistsService({ db: t.database.db, clock: t.clock, files: t.files });
      const creator = await t.createUser({ nickname: 'ProjectCreator' });
      const blocked = new Set([creator.id]);
      const forfeited: string[] = [];
      const accountDeletion: AccountDeletion = {
        guards: [async (userId) => (blocked.has(userId) ? 'users.deletion_blocked' : null)],
        hooks: [
          async (userId, tx) => {
            // A hook writes in the same transaction: it sees the row the deletion locked.
            const [row] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
            expect(row!.deletedAt).toBeNull();
            forfeited.push(userId);
          },
        ],
      };
      const service = createUsersService({
        db: t.database.db,
        clock: t.clock,
        files: t.files,
        sessions: sessionService,
        artists: artistsService,
        recordMarketingConsent: recordMarketingConsentWithin,
        accountDeletion,
      });

      await expect(service.deleteAccount(creator.id, true)).rejects.toMatchObject({ statusCode: 409, code: 'users.deletion_blocked' });
      expect((await userRow(creator.id)).nickname).toBe('ProjectCreator');
      expect(forfeited).toEqual([]);
      expect((await t.request({ url: '/api/users/display-info', cookie: creator.cookie })).statusCode).toBe(200);

      blocked.delete(creator.id);
      await service.deleteAccount(creator.id, true);
      expect(forfeited).toEqual([creator.id]);
      expect((await userRow(creator.id)).deletedAt).not.toBeNull();
    });

    it('rolls everything back when a hook fails', async () => {
      const sessionService = createSessionService({ db: t.database.db, clock: t.clock, config: t.config });
      const artistsService = createArtistsService({ db: t.database.db, clock: t.clock, files: t.files });
      const failingHook = async () => {
        throw new Error('ledger unavailable');
      };
      const service = createUsersService({
        db: t.database.db,
        clock: t.clock,
        files: t.files,
        sessions: sessionService,
        artists: artistsService,
        recordMarketingConsent: recordMarketingConsentWithin,
        accountDeletion: { guards: [], hooks: [failingHook] },
      });
      const user = await t.createUser({ nickname: 'StaysHere' });
      await expect(service.deleteAccount(user.id, true)).rejects.toThrow('ledger unavailable');
      expect((await userRow(user.id)).nickname).toBe('StaysHere');
      expect(await t.database.db.select().from(userIdentities).where(eq(userIdentities.userId, user.id))).toHaveLength(1);
      expect((await t.request({ url: '/api/users/display-info', cookie: user.cookie })).statusCode).toBe(200);
    });
  });

  describe('authorization (docs/quality.md#s1)', () => {
    const routes = [
      { method: 'GET' as const, url: '/api/users/display-info', access: 'session' },
      { method: 'PATCH' as const, url: '/api/users/user-profile/currency-and-language', access: 'session', payload: { language: 'en' } },
      { method: 'GET' as const, url: '/api/users/user-profile', access: 'joined' },
      { method: 'PATCH' as const, url: '/api/users/user-profile', access: 'joined', payload: { country: 'KR' } },
      { method: 'GET' as const, url: '/api/users/nickname-availability?nickname=abcd', access: 'session' },
      { method: 'PUT' as const, url: '/api/users/user-profile/picture', access: 'joined' },
      { method: 'DELETE' as const, url: '/api/users/user-profile/picture', access: 'joined' },
      { method: 'DELETE' as const, url: '/api/users/me', access: 'session', payload: { acknowledgePointForfeit: true } },
    ];

    it.each(routes)('$method $url answers 401 without a session', async ({ access: _access, ...route }) => {
      const response = await t.request(route);
      expect(response.statusCode).toBe(401);
      expect(errorCode(response)).toBe('auth.unauthenticated');
    });

    it.each(routes.filter((route) => route.access === 'joined'))(
      '$method $url answers 403 auth.join_required before the join is finished',
      async ({ access: _access, ...route }) => {
        const newcomer = await t.createUser({ joined: false });
        const response = await t.request({ ...route, cookie: newcomer.cookie });
        expect(response.statusCode).toBe(403);
        expect(errorCode(response)).toBe('auth.join_required');
      },
    );

    it('refuses unknown query parameters on routes that take none', async () => {
      const user = await t.createUser();
      for (const url of ['/api/users/display-info?x=1', '/api/users/user-profile?userId=someone', '/api/users/following-artists?__proto__=1', '/api/join?a=b']) {
        const response = await t.request({ url, cookie: user.cookie });
        expect(response.statusCode, url).toBe(400);
        expect(errorCode(response)).toBe('validation.invalid');
      }
    });

    it('refuses a garbage session cookie with 401', async () => {
      for (const cookie of [`${t.config.session.cookieName}=garbage`, `${t.config.session.cookieName}=${'x'.repeat(5000)}`]) {
        const response = await t.request({ url: '/api/users/display-info', cookie });
        expect(response.statusCode).toBe(401);
      }
    });

    it('only ever acts on the session user: A changing their profile leaves B as it was', async () => {
      const a = await t.createUser();
      const b = await t.createUser({ nickname: 'user_b_stays' });
      const before = await userRow(b.id);
      await patchProfile(a, { nickname: 'user_a_new', country: 'US', adInfoConsent: true });
      await t.request({ method: 'PATCH', url: '/api/users/user-profile/currency-and-language', cookie: a.cookie, payload: { currency: 'JPY' } });
      await t.request({ method: 'DELETE', url: '/api/users/user-profile/picture', cookie: a.cookie });
      expect(await userRow(b.id)).toEqual(before);
      const profileB = (await t.request({ url: '/api/users/user-profile', cookie: b.cookie })).json() as Profile;
      expect(profileB.id).toBe(b.id);
      expect((await userRow(a.id)).nickname).toBe('user_a_new');
    });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTermsVersion } from '@orchard/shared';
import { createTestContext, errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { artistFollows, artists } from '../artists/artists.table.ts';
import { users } from '../users/users.table.ts';
import { userAgreements } from './join.table.ts';

const allAgreed = { service: true, privacy: true, uniqueIdentification: true, marketing: false };

describe('join', () => {
  let t: TestContext;
  let artistA: number;
  let artistB: number;

  const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  const agreementsOf = async (id: string) =>
    t.database.db.select().from(userAgreements).where(eq(userAgreements.userId, id)).orderBy(userAgreements.kind);
  const followsOf = async (id: string) =>
    (await t.database.db.select({ artistId: artistFollows.artistId }).from(artistFollows).where(eq(artistFollows.userId, id)))
      .map((row) => row.artistId)
      .sort((a, b) => a - b);
  const followerCount = async (artistId: number) =>
    (await t.database.db.select({ n: artists.followerCount }).from(artists).where(eq(artists.id, artistId)))[0]!.n;

  const agree = (user: TestUser, payload: unknown = allAgreed) =>
    t.request({ method: 'POST', url: '/api/join/agreements', payload: payload as object, cookie: user.cookie });
  const complete = (user: TestUser, artistIds: unknown) =>
    t.request({ method: 'POST', url: '/api/join/complete', payload: { artistIds } as object, cookie: user.cookie });

  beforeAll(async () => {
    t = await createTestContext();
    artistA = await t.createArtist('Join A');
    artistB = await t.createArtist('Join B');
  });
  afterAll(() => t.close());

  it('walks a new account through terms then artists, and unlocks joined routes on the next request', async () => {
    const user = await t.createUser({ joined: false });
    expect((await t.request({ url: '/api/join', cookie: user.cookie })).json()).toEqual({
      joinState: 'agreements',
      termsVersion: currentTermsVersion,
    });
    const blocked = await t.request({ url: '/api/users/following-artists', cookie: user.cookie });
    expect(blocked.statusCode).toBe(403);
    expect(errorCode(blocked)).toBe('auth.join_required');

    const step1 = await agree(user, { ...allAgreed, marketing: true });
    expect(step1.statusCode).toBe(200);
    expect(step1.json()).toEqual({ joinState: 'artists', termsVersion: currentTermsVersion });
    const stored = await agreementsOf(user.id);
    expect(stored.map((row) => [row.kind, row.agreed, row.termsVersion])).toEqual([
      ['marketing', true, currentTermsVersion],
      ['privacy', true, currentTermsVersion],
      ['service', true, currentTermsVersion],
      ['uniqueIdentification', true, currentTermsVersion],
    ]);
    expect(stored.every((row) => row.decidedAt.getTime() === t.clock.now().getTime())).toBe(true);
    expect((await userRow(user.id)).marketingConsent).toBe(true);

    const countBefore = await followerCount(artistA);
    const step2 = await complete(user, [artistA, artistB, artistA]);
    expect(step2.statusCode).toBe(200);
    expect(step2.json()).toEqual({ joinState: 'joined', termsVersion: currentTermsVersion });
    expect(await followsOf(user.id)).toEqual([artistA, artistB]);
    expect(await followerCount(artistA)).toBe(countBefore + 1);
    const row = await userRow(user.id);
    expect(row.joinState).toBe('joined');
    expect(row.joinedAt).toEqual(t.clock.now());

    const unlocked = await t.request({ url: '/api/users/following-artists', cookie: user.cookie });
    expect(unlocked.statusCode).toBe(200);
    expect((await t.request({ url: '/api/join', cookie: user.cookie })).json()).toMatchObject({ joinState: 'joined' });
  });

  it('keeps marketing optional: absent means not given', async () => {
    const user = await t.createUser({ joined: false });
    const { marketing: _omitted, ...required } = allAgreed;
    expect((await agree(user, required)).statusCode).toBe(200);
    const marketing = (await agreementsOf(user.id)).find((row) => row.kind === 'marketing');
    expect(marketing?.agreed).toBe(false);
    expect((await userRow(user.id)).marketingConsent).toBe(false);
  });

  it.each(['service', 'privacy', 'uniqueIdentification'] as const)('refuses step 1 without the %s agreement (docs/product.md#accounts)', async (kind) => {
    const user = await t.createUser({ joined: false });
    const response = await agree(user, { ...allAgreed, [kind]: false });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: { code: 'join.terms_required', details: { missing: [kind] } } });
    expect(await agreementsOf(user.id)).toEqual([]);
    expect((await userRow(user.id)).joinState).toBe('agreements');
  });

  it('lets step 1 be sent again before step 2, replacing the earlier decision', async () => {
    const user = await t.createUser({ joined: false });
    await agree(user, { ...allAgreed, marketing: true });
    t.clock.advance(60_000);
    expect((await agree(user, { ...allAgreed, marketing: false })).statusCode).toBe(200);
    const marketing = (await agreementsOf(user.id)).find((row) => row.kind === 'marketing')!;
    expect(marketing.agreed).toBe(false);
    expect(marketing.decidedAt).toEqual(t.clock.now());
    expect((await userRow(user.id)).joinState).toBe('artists');
  });

  it('refuses step 2 before step 1 with join.terms_missing', async () => {
    const user = await t.createUser({ joined: false });
    const response = await complete(user, [artistA]);
    expect(response.statusCode).toBe(409);
    expect(errorCode(response)).toBe('join.terms_missing');
    expect(await followsOf(user.id)).toEqual([]);
  });

  it.each([
    ['no artist', []],
    ['only unknown artists', [2_147_483_000, 2_147_483_001]],
  ])('refuses step 2 with %s: at least one following artist (docs/product.md#accounts)', async (_label, artistIds) => {
    const user = await t.createUser({ joined: false });
    await agree(user);
    const response = await complete(user, artistIds);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: { code: 'artists.following_required', message: 'At least 1 following artist is required.' },
    });
    expect(await followsOf(user.id)).toEqual([]);
    expect((await userRow(user.id)).joinState).toBe('artists');
  });

  it('skips artist ids that do not exist when at least one does', async () => {
    const user = await t.createUser({ joined: false });
    await agree(user);
    expect((await complete(user, [2_147_483_000, artistB])).statusCode).toBe(200);
    expect(await followsOf(user.id)).toEqual([artistB]);
  });

  it('answers auth.already_joined to a joined account on both steps', async () => {
    const user = await t.createUser();
    const follows = await followsOf(user.id);
    for (const response of [await agree(user), await complete(user, [artistA])]) {
      expect(response.statusCode).toBe(409);
      expect(errorCode(response)).toBe('auth.already_joined');
    }
    expect(await followsOf(user.id)).toEqual(follows);
  });

  it('refuses hostile bodies with a 4xx error shape and writes nothing', async () => {
    const user = await t.createUser({ joined: false });
    const agreementBodies: unknown[] = [
      undefined,
      {},
      { ...allAgreed, extra: true },
      { ...allAgreed, service: 'true' },
      { ...allAgreed, service: 1 },
      { ...allAgreed, service: null },
      [],
      'x'.repeat(1024 * 1024),
    ];
    for (const payload of agreementBodies) {
      const response = await t.request({
        method: 'POST',
        url: '/api/join/agreements',
        cookie: user.cookie,
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
      });
      expect(response.statusCode, JSON.stringify(payload)?.slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(errorCode(response)).toEqual(expect.any(String));
    }
    const proto = await t.request({
      method: 'POST',
      url: '/api/join/agreements',
      cookie: user.cookie,
      payload: '{"service":true,"privacy":true,"uniqueIdentification":true,"__proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(proto.statusCode).toBe(400);
    expect(await agreementsOf(user.id)).toEqual([]);

    await agree(user);
    const completeBodies: unknown[] = [
      {},
      { artistIds: [artistA], extra: 1 },
      { artistIds: [1.5] },
      { artistIds: [-1] },
      { artistIds: [0] },
      { artistIds: [2 ** 53] },
      { artistIds: ['1e3'] },
      { artistIds: [String(artistA)] },
      { artistIds: artistA },
      { artistIds: Array.from({ length: 101 }, (_, index) => index + 1) },
      { artistIds: null },
    ];
    for (const payload of completeBodies) {
      const response = await t.request({ method: 'POST', url: '/api/join/complete', cookie: user.cookie, payload: payload as object });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(errorCode(response)).toEqual(expect.any(String));
    }
    expect(await followsOf(user.id)).toEqual([]);
    expect((await userRow(user.id)).joinState).toBe('artists');
  });

  it('requires a session for every join route and needs no finished join (docs/quality.md#s1)', async () => {
    for (const route of [
      { method: 'GET' as const, url: '/api/join' },
      { method: 'POST' as const, url: '/api/join/agreements', payload: allAgreed },
      { method: 'POST' as const, url: '/api/join/complete', payload: { artistIds: [artistA] } },
    ]) {
      const response = await t.request(route);
      expect(response.statusCode).toBe(401);
      expect(errorCode(response)).toBe('auth.unauthenticated');
    }
  });

  describe('the nickname chosen at join (docs/product.md#accounts)', () => {
    const completeWith = (user: TestUser, body: object) => t.request({ method: 'POST', url: '/api/join/complete', payload: body, cookie: user.cookie });

    it('stores the chosen nickname with the join, keyed like a profile save so its look-alikes are taken', async () => {
      const user = await t.createUser({ joined: false });
      await agree(user);
      const response = await completeWith(user, { artistIds: [artistA], nickname: 'Berry.Fan' });
      expect(response.statusCode).toBe(200);
      const row = await userRow(user.id);
      expect(row.nickname).toBe('Berry.Fan');
      expect(row.joinState).toBe('joined');
      const taken = await t.request({ url: `/api/users/nickname-availability?nickname=${encodeURIComponent('berry.fan')}`, cookie: (await t.createUser()).cookie });
      expect(taken.json()).toMatchObject({ available: false, problem: 'taken' });
    });

    it('keeps the account nickname when none is sent (older clients)', async () => {
      const user = await t.createUser({ joined: false });
      const before = (await userRow(user.id)).nickname;
      await agree(user);
      expect((await complete(user, [artistA])).statusCode).toBe(200);
      expect((await userRow(user.id)).nickname).toBe(before);
    });

    it('refuses an invalid, a taken or a staff-like nickname and leaves the account unjoined', async () => {
      const other = await t.createUser();
      const otherNickname = (await userRow(other.id)).nickname!;
      for (const [nickname, status, code] of [
        ['x', 422, 'users.nickname_invalid'],
        ['a b', 422, 'users.nickname_invalid'],
        [otherNickname.toUpperCase(), 409, 'users.nickname_taken'],
        ['운영자', 409, 'users.nickname_taken'],
        ['y'.repeat(201), 400, 'validation.invalid_body'],
      ] as const) {
        const user = await t.createUser({ joined: false });
        const before = await userRow(user.id);
        await agree(user);
        const response = await completeWith(user, { artistIds: [artistA], nickname });
        expect(response.statusCode, nickname).toBe(status);
        if (status !== 400) expect(errorCode(response), nickname).toBe(code);
        const after = await userRow(user.id);
        expect(after.joinState).toBe('artists');
        expect(after.nickname).toBe(before.nickname);
        expect(await followsOf(user.id)).toEqual([]);
      }
    });
  });

  it('acts only on the session user: joining A leaves B untouched', async () => {
    const a = await t.createUser({ joined: false });
    const b = await t.createUser({ joined: false });
    await agree(a);
    await complete(a, [artistA]);
    expect((await userRow(b.id)).joinState).toBe('agreements');
    expect(await agreementsOf(b.id)).toEqual([]);
    expect(await followsOf(b.id)).toEqual([]);
  });
});

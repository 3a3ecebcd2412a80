import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistSearchKey, type Artist, type LocalizedName } from '@orchard/shared';
import { refreshArtistSearchKeys } from './search-keys.ts';
import { createTestContext, errorCode, type TestContext } from '../../../test/harness.ts';
import { artistFollows, artistMembers, artists } from './artists.table.ts';

type Page = { items: Artist[]; nextCursor: string | null };

const same = (name: string): LocalizedName => ({ ko: name, en: name, zh: name, ja: name, es: name });

describe('artists and following', () => {
  let t: TestContext;
  let lumina: number;
  let joel: number;
  let percent: number;
  let underscore: number;
  let backslash: number;

  async function insertArtist(names: LocalizedName, members: LocalizedName[] = [], type: 'solo' | 'group' = 'group') {
    const all = [names, ...members].flatMap((entry) => Object.values(entry));
    const [row] = await t.database.db
      .insert(artists)
      .values({ type, names, searchText: artistSearchKey(all), imagePath: 'artists/sample.webp' })
      .returning({ id: artists.id });
    if (members.length > 0) {
      await t.database.db.insert(artistMembers).values(members.map((member, position) => ({ artistId: row!.id, names: member, position })));
    }
    return row!.id;
  }

  async function followerCount(artistId: number) {
    const [row] = await t.database.db.select({ count: artists.followerCount }).from(artists).where(eq(artists.id, artistId));
    return row!.count;
  }

  async function followsOf(userId: string) {
    const rows = await t.database.db.select({ artistId: artistFollows.artistId }).from(artistFollows).where(eq(artistFollows.userId, userId));
    return rows.map((row) => row.artistId).sort((a, b) => a - b);
  }

  beforeAll(async () => {
    t = await createTestContext();
    lumina = await insertArtist({ ko: '루미나', en: 'LUMINA', zh: '流明娜', ja: 'ルミナ', es: 'LUMINA' }, [
      { ko: '하린', en: 'Harin', zh: '夏琳', ja: 'ハリン', es: 'Harin' },
      { ko: '소율', en: 'Soyul', zh: '素律', ja: 'ソユル', es: 'Soyul' },
    ]);
    joel = await insertArtist({ ko: '조엘 베가', en: 'Joël Vega', zh: '乔尔·维加', ja: 'ジョエル・ベガ', es: 'Joël Vega' }, [], 'solo');
    percent = await insertArtist(same('100% Pure'), [], 'solo');
    underscore = await insertArtist(same('Snake_Case'), [], 'solo');
    backslash = await insertArtist(same('Back\\Slash'), [], 'solo');
  });
  afterAll(() => t.close());

  describe('GET /api/artists', () => {
    it('walks every artist once through keyset pages with an opaque cursor', async () => {
      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const url: string = `/api/artists?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const response = await t.request({ url });
        expect(response.statusCode).toBe(200);
        const page = response.json() as Page;
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items.map((artist) => artist.id));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 20);
      const total = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(artists);
      expect(seen).toHaveLength(total[0]!.n);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
    });

    it('returns members, the image URL from the file store, and following=false when signed out', async () => {
      const page = (await t.request({ url: '/api/artists?q=lumina' })).json() as Page;
      expect(page.items).toHaveLength(1);
      const artist = page.items[0]!;
      expect(artist.id).toBe(lumina);
      expect(artist.imageUrl).toBe('/api/files/artists/sample.webp');
      expect(artist.members.map((member) => member.names.en)).toEqual(['Harin', 'Soyul']);
      expect(artist.following).toBe(false);
      expect(page.nextCursor).toBeNull();
    });

    it('searches every name of the artist and its members, partially, ignoring case and accents', async () => {
      const search = async (q: string) =>
        ((await t.request({ url: `/api/artists?q=${encodeURIComponent(q)}` })).json() as Page).items.map((artist) => artist.id);
      expect(await search('lum')).toEqual([lumina]);
      expect(await search('ハリン')).toEqual([lumina]); // a member's Japanese name
      expect(await search('soy')).toEqual([lumina]); // a member's name, partial
      expect(await search('루미')).toEqual([lumina]);
      expect(await search('joel')).toEqual([joel]);
      expect(await search('JOËL VE')).toEqual([joel]);
      expect(await search('  vega ')).toEqual([joel]);
    });

    it('matches hiragana for katakana names and Korean initial consonants (chosung)', async () => {
      const search = async (q: string) =>
        ((await t.request({ url: `/api/artists?q=${encodeURIComponent(q)}` })).json() as Page).items.map((artist) => artist.id);
      expect(await search('はりん')).toEqual([lumina]); // ハリン in hiragana
      expect(await search('るみな')).toEqual([lumina]);
      expect(await search('ㄹㅁㄴ')).toEqual([lumina]); // 루미나
      expect(await search('ㅈㅇ ㅂㄱ')).toEqual([joel]); // 조엘 베가
      expect(await search('ㅎㄹ')).toEqual([lumina]); // a member, 하린
    });

    it('rewrites search keys an older rule made, once', async () => {
      await refreshArtistSearchKeys(t.database.db);
      await t.database.db.update(artists).set({ searchText: 'lumina' }).where(eq(artists.id, lumina));
      expect(await refreshArtistSearchKeys(t.database.db)).toBe(1);
      expect(((await t.request({ url: `/api/artists?q=${encodeURIComponent('ㄹㅁㄴ')}` })).json() as Page).items.map((a) => a.id)).toEqual([lumina]);
      expect(await refreshArtistSearchKeys(t.database.db)).toBe(0);
    });

    it('matches LIKE wildcards literally', async () => {
      const search = async (q: string) =>
        ((await t.request({ url: `/api/artists?q=${encodeURIComponent(q)}` })).json() as Page).items.map((artist) => artist.id);
      expect(await search('%')).toEqual([percent]);
      expect(await search('_')).toEqual([underscore]);
      expect(await search('\\')).toEqual([backslash]);
      expect(await search('k\\s')).toEqual([backslash]);
      expect(await search('e_c')).toEqual([underscore]);
      expect(await search('%%')).toEqual([]);
    });

    it('marks the artists the signed-in user follows', async () => {
      const user = await t.createUser();
      await t.request({ method: 'PUT', url: `/api/users/following-artists/${joel}`, cookie: user.cookie });
      const page = (await t.request({ url: '/api/artists?limit=50', cookie: user.cookie })).json() as Page;
      const flags = Object.fromEntries(page.items.map((artist) => [artist.id, artist.following]));
      expect(flags[joel]).toBe(true);
      expect(flags[lumina]).toBe(false);
    });

    it.each([
      ['limit=0'],
      ['limit=51'],
      ['limit=1.5'],
      ['limit=-1'],
      ['limit=1e1'],
      ['limit=9007199254740992'],
      ['limit=abc'],
      ['cursor=not-a-cursor'],
      [`cursor=${Buffer.from('{"after":-5}').toString('base64url')}`],
      [`cursor=${Buffer.from('{"after":1.5}').toString('base64url')}`],
      [`cursor=${Buffer.from('{"__proto__":{"after":1}}').toString('base64url')}`],
      ['cursor=a×101', `cursor=${'a'.repeat(101)}`],
      ['q=%00'],
      ['q=a%00b'],
      ['q=x×101', `q=${'x'.repeat(101)}`],
      ['q=x×1MB', `q=${'x'.repeat(1024 * 1024)}`],
      ['q=a&q=b'],
      ['unknown=1'],
      ['__proto__=1'],
    ])('refuses the query %s with 400 and the error shape', async (label, query = label) => {
      const response = await t.request({ url: `/api/artists?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.objectContaining({ code: 'validation.invalid', message: expect.any(String) }) });
    });

    it('treats hostile search text as text', async () => {
      for (const q of ["' or 1=1 --", '<script>alert(1)</script>', '\u202Eevil', '\u200D', '😀', '\uFFFD']) {
        const response = await t.request({ url: `/api/artists?q=${encodeURIComponent(q)}` });
        expect(response.statusCode).toBe(200);
        expect((response.json() as Page).items).toEqual([]);
      }
    });
  });

  describe('GET /api/artists/:artistId', () => {
    it('answers one artist with its members', async () => {
      const response = await t.request({ url: `/api/artists/${lumina}` });
      expect(response.statusCode).toBe(200);
      expect((response.json() as Artist).members).toHaveLength(2);
    });

    it('answers 404 artists.not_found for an unknown id', async () => {
      const response = await t.request({ url: '/api/artists/2147483647' });
      expect(response.statusCode).toBe(404);
      expect(errorCode(response)).toBe('artists.not_found');
    });

    it.each(['0', '-1', '1.5', '1e3', '0x10', '%201', '9007199254740992', '2147483648', 'abc', '__proto__', '9'.repeat(150)])(
      'refuses the id %s with 400',
      async (id) => {
        const response = await t.request({ url: `/api/artists/${id}` });
        expect(response.statusCode).toBe(400);
        expect(errorCode(response)).toBe('validation.invalid');
      },
    );
  });

  describe('following', () => {
    it('lists the followed artists of the signed-in user only', async () => {
      const a = await t.createUser();
      const b = await t.createUser();
      await t.request({ method: 'PUT', url: `/api/users/following-artists/${lumina}`, cookie: a.cookie });
      const listA = (await t.request({ url: '/api/users/following-artists', cookie: a.cookie })).json() as { items: Artist[] };
      const listB = (await t.request({ url: '/api/users/following-artists', cookie: b.cookie })).json() as { items: Artist[] };
      expect(listA.items.map((artist) => artist.id)).toEqual(await followsOf(a.id));
      expect(listA.items.every((artist) => artist.following)).toBe(true);
      expect(listA.items.some((artist) => artist.id === lumina)).toBe(true);
      expect(listB.items.some((artist) => artist.id === lumina)).toBe(false);
    });

    it('follows idempotently and counts each follower once', async () => {
      const user = await t.createUser();
      const before = await followerCount(percent);
      const first = await t.request({ method: 'PUT', url: `/api/users/following-artists/${percent}`, cookie: user.cookie });
      const second = await t.request({ method: 'PUT', url: `/api/users/following-artists/${percent}`, cookie: user.cookie });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ artistId: percent, following: true, followingCount: 2 });
      expect(second.json()).toEqual({ artistId: percent, following: true, followingCount: 2 });
      expect(await followerCount(percent)).toBe(before + 1);
    });

    it('unfollows idempotently and keeps the follower count in step', async () => {
      const user = await t.createUser();
      await t.request({ method: 'PUT', url: `/api/users/following-artists/${underscore}`, cookie: user.cookie });
      const before = await followerCount(underscore);
      const first = await t.request({ method: 'DELETE', url: `/api/users/following-artists/${underscore}`, cookie: user.cookie });
      const second = await t.request({ method: 'DELETE', url: `/api/users/following-artists/${underscore}`, cookie: user.cookie });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ artistId: underscore, following: false, followingCount: 1 });
      expect(second.json()).toEqual({ artistId: underscore, following: false, followingCount: 1 });
      expect(await followerCount(underscore)).toBe(before - 1);
    });

    it('refuses to unfollow the last followed artist (docs/product.md#screens)', async () => {
      const user = await t.createUser();
      const [only] = await followsOf(user.id);
      const response = await t.request({ method: 'DELETE', url: `/api/users/following-artists/${only}`, cookie: user.cookie });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        error: { code: 'artists.following_required', message: 'At least 1 following artist is required.' },
      });
      expect(await followsOf(user.id)).toEqual([only]);
      expect(await followerCount(only!)).toBe(1);
    });

    it('answers 404 for following or unfollowing an unknown artist, writing nothing', async () => {
      const user = await t.createUser();
      const before = await followsOf(user.id);
      for (const method of ['PUT', 'DELETE'] as const) {
        const response = await t.request({ method, url: '/api/users/following-artists/2147483647', cookie: user.cookie });
        expect(response.statusCode).toBe(404);
        expect(errorCode(response)).toBe('artists.not_found');
      }
      expect(await followsOf(user.id)).toEqual(before);
    });

    it('refuses hostile ids and bodies with a 4xx and writes nothing', async () => {
      const user = await t.createUser();
      const before = await followsOf(user.id);
      const attempts = [
        { url: '/api/users/following-artists/1.5' },
        { url: '/api/users/following-artists/-1' },
        { url: '/api/users/following-artists/1e3' },
        { url: '/api/users/following-artists/9007199254740992' },
        { url: `/api/users/following-artists/${lumina}`, payload: { extra: true } },
        { url: `/api/users/following-artists/${lumina}`, payload: '{"__proto__":{"x":1}}', headers: { 'content-type': 'application/json' } },
        { url: `/api/users/following-artists/${lumina}`, payload: 'x'.repeat(1024 * 1024), headers: { 'content-type': 'application/json' } },
        { url: `/api/users/following-artists/${lumina}`, payload: 'artistId=1', headers: { 'content-type': 'text/plain' } },
      ];
      for (const attempt of attempts) {
        for (const method of ['PUT', 'DELETE'] as const) {
          const response = await t.request({ method, cookie: user.cookie, ...attempt });
          expect(response.statusCode, `${method} ${attempt.url}`).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, `${method} ${attempt.url}`).toBeLessThan(500);
          expect(response.json()).toEqual({ error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }) });
        }
      }
      expect(await followsOf(user.id)).toEqual(before);
    });

    it('requires a joined session for the following routes (docs/quality.md#s1)', async () => {
      const newcomer = await t.createUser({ joined: false });
      const routes = [
        { method: 'GET' as const, url: '/api/users/following-artists' },
        { method: 'PUT' as const, url: `/api/users/following-artists/${lumina}` },
        { method: 'DELETE' as const, url: `/api/users/following-artists/${lumina}` },
      ];
      for (const route of routes) {
        const anonymous = await t.request(route);
        expect(anonymous.statusCode).toBe(401);
        expect(errorCode(anonymous)).toBe('auth.unauthenticated');
        const notJoined = await t.request({ ...route, cookie: newcomer.cookie });
        expect(notJoined.statusCode).toBe(403);
        expect(errorCode(notJoined)).toBe('auth.join_required');
      }
      expect(await followsOf(newcomer.id)).toEqual([]);
      // The artist list and detail are open to everyone.
      expect((await t.request({ url: '/api/artists' })).statusCode).toBe(200);
      expect((await t.request({ url: `/api/artists/${lumina}` })).statusCode).toBe(200);
    });

    it('lets only one of two concurrent unfollows of the last two artists through', async () => {
      // Meaningful on PostgreSQL (PGlite runs one transaction at a time): without the user-row
      // lock both transactions count two follows and both delete.
      for (let round = 0; round < 10; round++) {
        const user = await t.createUser();
        await t.request({ method: 'PUT', url: `/api/users/following-artists/${joel}`, cookie: user.cookie });
        const follows = await followsOf(user.id);
        expect(follows).toHaveLength(2);
        const responses = await Promise.all(
          follows.map((artistId) => t.request({ method: 'DELETE', url: `/api/users/following-artists/${artistId}`, cookie: user.cookie })),
        );
        const statuses = responses.map((response) => response.statusCode).sort();
        expect(statuses).toEqual([200, 422]);
        expect(await followsOf(user.id)).toHaveLength(1);
      }
    });
  });
});

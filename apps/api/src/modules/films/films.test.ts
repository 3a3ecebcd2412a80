import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Film, FilmsResponse } from '@orchard/shared';
import { createdProject } from '../../../test/community-kit.ts';
import { createTestContext, errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { fakeExe, minimalMp4, mp4OfSize } from '../../../test/mp4-kit.ts';
import { multipart, type Part } from '../../../test/uploads-kit.ts';
import { posterSvg } from './films.poster.ts';

const fixture = fs.readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/film.mp4'));
/** The limit these tests run with: small, so "one byte over" is cheap to send. */
const maxBytes = 64 * 1024;

const leftoverUploads = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('orchard-film-'));

describe('films', () => {
  let t: TestContext;
  let artistId: number;
  let otherArtistId: number;
  let fan: TestUser;
  let stranger: TestUser;
  let operator: TestUser;

  beforeAll(async () => {
    t = await createTestContext({
      env: { FILM_MAX_BYTES: String(maxBytes), FILM_POSTER_DECODER: 'off', RATE_LIMIT_UPLOADS_PER_MINUTE: '100000', RATE_LIMIT_WRITES_PER_MINUTE: '100000' },
    });
    artistId = await t.createArtist('Seventeen');
    otherArtistId = await t.createArtist('aespa');
    fan = await t.createUser();
    stranger = await t.createUser();
    operator = await t.createUser({ roles: ['operator'] });
  });
  afterAll(() => t.close());

  const postYoutube = (user: TestUser | null, payload: object) => t.request({ method: 'POST', url: '/api/films', cookie: user?.cookie, payload });
  const upload = (user: TestUser | null, fields: Record<string, string>, video: Buffer | null, extra: Part[] = []) =>
    t.request({
      method: 'POST',
      url: '/api/films/uploads',
      cookie: user?.cookie,
      ...multipart([
        ...Object.entries(fields).map(([name, content]) => ({ name, content })),
        ...(video ? [{ name: 'video', filename: 'clip.mp4', contentType: 'video/mp4', content: video }] : []),
        ...extra,
      ]),
    });
  const list = async (query = '', user: TestUser | null = null) => {
    const response = await t.request({ method: 'GET', url: `/api/films${query}`, cookie: user?.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as FilmsResponse;
  };
  const youtubeFilm = async (user: TestUser, title = 'Fancam', artist = artistId) => {
    const response = await postYoutube(user, { title, artistId: artist, youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { film: Film }).film;
  };

  describe('YouTube links', () => {
    it.each([
      ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'dQw4w9WgXcQ'],
      ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
      ['https://youtube.com/shorts/abcDEF_-123', 'abcDEF_-123'],
      ['https://m.youtube.com/watch?v=abcDEF_-123', 'abcDEF_-123'],
    ])('stores %s as the video id %s', async (youtubeUrl, youtubeId) => {
      const response = await postYoutube(fan, { title: ' A fancam ', artistId, youtubeUrl });
      expect(response.statusCode, response.body).toBe(201);
      const { film } = response.json() as { film: Film };
      expect(film).toMatchObject({ title: 'A fancam', artistId, projectId: null, youtubeId, videoUrl: null, likes: 0, comments: 0, viewerIsAuthor: true });
      const read = await t.request({ method: 'GET', url: `/api/films/${film.id}` });
      expect((read.json() as { film: Film }).film).toMatchObject({ id: film.id, youtubeId, viewerIsAuthor: false });
    });

    it.each([
      ['http (not https)', 'http://www.youtube.com/watch?v=dQw4w9WgXcQ'],
      ['another host', 'https://vimeo.com/123456'],
      ['a look-alike host', 'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ'],
      ['a watch link without v', 'https://www.youtube.com/watch?list=abc'],
      ['an id too short', 'https://youtu.be/abc'],
      ['an id with other characters', 'https://youtu.be/dQw4w9WgX<Q'],
      ['a channel', 'https://www.youtube.com/@seventeen'],
      ['credentials in the link', 'https://user:pw@www.youtube.com/watch?v=dQw4w9WgXcQ'],
      ['javascript:', 'javascript:alert(1)//youtu.be/dQw4w9WgXcQ'],
      ['an oversized link', `https://www.youtube.com/watch?v=dQw4w9WgXcQ&x=${'a'.repeat(600)}`],
    ])('refuses %s', async (_name, youtubeUrl) => {
      const response = await postYoutube(fan, { title: 'x', artistId, youtubeUrl });
      expect(response.statusCode, response.body).toBe(400);
      expect(errorCode(response)).toBe('validation.invalid');
    });

    it.each([
      ['no title', { artistId: 1, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }],
      ['an empty title', { title: '   ', artistId: 1, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }],
      ['a title of 101 characters', { title: 'a'.repeat(101), artistId: 1, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }],
      ['a control character in the title', { title: 'a\u0000b', artistId: 1, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }],
      ['a line break in the title', { title: 'a\nb', artistId: 1, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }],
      ['no artist', { title: 'x', youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }],
      ['artist 0', { title: 'x', artistId: 0, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }],
      ['artist -1', { title: 'x', artistId: -1, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }],
      ['artist 1.5', { title: 'x', artistId: 1.5, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }],
      ['artist 2^53', { title: 'x', artistId: 2 ** 53, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }],
      ['artist "1e3"', { title: 'x', artistId: '1e3', youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }],
      ['no link', { title: 'x', artistId: 1 }],
      ['an unknown key', { title: 'x', artistId: 1, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', videoPath: '/etc/passwd' }],
      ['a project id that is not a number', { title: 'x', artistId: 1, projectId: 'one', youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }],
    ])('refuses %s with 400', async (_name, payload) => {
      const response = await postYoutube(fan, payload);
      expect(response.statusCode, response.body).toBe(400);
    });

    it('refuses a __proto__ key, an unknown artist, a form body, and a signed-out fan', async () => {
      const proto = await t.request({
        method: 'POST',
        url: '/api/films',
        cookie: fan.cookie,
        headers: { 'content-type': 'application/json' },
        payload: `{"title":"x","artistId":${artistId},"youtubeUrl":"https://youtu.be/dQw4w9WgXcQ","__proto__":{"authorId":"x"}}`,
      });
      expect(proto.statusCode).toBe(400);
      const unknown = await postYoutube(fan, { title: 'x', artistId: 2_000_000_000, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' });
      expect([unknown.statusCode, errorCode(unknown)]).toEqual([404, 'artists.not_found']);
      const huge = await postYoutube(fan, { title: 'a'.repeat(1_000_000), artistId, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' });
      expect([huge.statusCode, errorCode(huge)]).toEqual([413, 'request.too_large']);
      const form = await t.request({ method: 'POST', url: '/api/films', cookie: fan.cookie, ...multipart([{ name: 'title', content: 'x' }]) });
      expect(form.statusCode).toBe(415);
      const signedOut = await postYoutube(null, { title: 'x', artistId, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' });
      expect(signedOut.statusCode).toBe(401);
    });
  });

  describe('a linked project', () => {
    let projectId: number;
    beforeAll(async () => {
      projectId = (await createdProject(t, fan, operator, artistId)).id;
    });

    it('links a project the fan took part in, and the project lists it', async () => {
      const response = await postYoutube(fan, { title: 'From the ad', artistId, projectId, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' });
      expect(response.statusCode, response.body).toBe(201);
      const { film } = response.json() as { film: Film };
      expect(film.projectId).toBe(projectId);
      expect((await list(`?projectId=${projectId}`)).items.map((item) => item.id)).toEqual([film.id]);
    });

    it('refuses a project the fan did not take part in, another artist\u2019s, and one that does not exist', async () => {
      for (const [user, payload] of [
        [stranger, { title: 'x', artistId, projectId, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }],
        [fan, { title: 'x', artistId: otherArtistId, projectId, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }],
        [fan, { title: 'x', artistId, projectId: 2_000_000_000, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }],
      ] as const) {
        const response = await postYoutube(user, payload);
        expect([response.statusCode, errorCode(response)], response.body).toEqual([422, 'films.project_not_joined']);
      }
    });
  });

  describe('uploads', () => {
    it('stores a real MP4 under a generated name with its duration, dimensions and a generated poster, and serves it with ranges', async () => {
      const response = await upload(fan, { title: 'Stage <b>cam</b>', artistId: String(artistId) }, fixture);
      expect(response.statusCode, response.body).toBe(201);
      const { film } = response.json() as { film: Film };
      expect(film).toMatchObject({ title: 'Stage <b>cam</b>', youtubeId: null, durationSeconds: 1, width: 160, height: 90 });
      expect(film.videoUrl).toMatch(/^\/api\/files\/films\/[0-9a-f]{32}\.mp4$/);
      expect(film.posterUrl).toMatch(/^\/api\/files\/film-posters\/[0-9a-f]{32}\.webp$/);

      const poster = await t.request({ method: 'GET', url: film.posterUrl! });
      expect(poster.statusCode).toBe(200);
      expect(poster.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');

      const whole = await t.request({ method: 'GET', url: film.videoUrl! });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(whole.rawPayload, fixture)).toBe(0);

      const middle = Math.floor(fixture.length / 2);
      const seek = await t.request({ method: 'GET', url: film.videoUrl!, headers: { range: `bytes=${middle}-${middle + 99}` } });
      expect(seek.statusCode).toBe(206);
      expect(seek.headers['content-range']).toBe(`bytes ${middle}-${middle + 99}/${fixture.length}`);
      expect(Buffer.compare(seek.rawPayload, fixture.subarray(middle, middle + 100))).toBe(0);
      const tail = await t.request({ method: 'GET', url: film.videoUrl!, headers: { range: `bytes=${middle}-` } });
      expect([tail.statusCode, tail.rawPayload.length]).toEqual([206, fixture.length - middle]);

      for (const range of [`bytes=${fixture.length + 10}-${fixture.length + 20}`, `bytes=${fixture.length}-`]) {
        const bad = await t.request({ method: 'GET', url: film.videoUrl!, headers: { range } });
        expect(bad.statusCode, range).toBe(416);
      }
      expect(leftoverUploads()).toEqual([]);
    });

    it('takes a file of exactly the limit and refuses one byte over it (413), keeping nothing', async () => {
      const atLimit = await upload(fan, { title: 'Exactly', artistId: String(artistId) }, mp4OfSize(maxBytes));
      expect(atLimit.statusCode, atLimit.body).toBe(201);
      const before = await filmCount();
      const over = await upload(fan, { title: 'Over', artistId: String(artistId) }, mp4OfSize(maxBytes + 1));
      expect([over.statusCode, errorCode(over)]).toEqual([413, 'uploads.too_large']);
      const declaredHuge = await t.request({
        method: 'POST',
        url: '/api/films/uploads',
        cookie: fan.cookie,
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(10 * maxBytes) },
        payload: Buffer.alloc(10 * maxBytes),
      });
      expect(declaredHuge.statusCode).toBe(413);
      expect(await filmCount()).toBe(before);
      expect(leftoverUploads()).toEqual([]);
    });

    it.each([
      ['a renamed .exe', fakeExe(), 415, 'uploads.unsupported_type'],
      ['a PNG named .mp4', Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex'), 415, 'uploads.unsupported_type'],
      ['a truncated MP4', fixture.subarray(0, fixture.length - 100), 422, 'films.video_invalid'],
      ['an MP4 cut inside its header', fixture.subarray(0, 40), 422, 'films.video_invalid'],
      ['an audio-only MP4', minimalMp4({ handler: 'soun' }), 422, 'films.video_invalid'],
      ['an empty file', Buffer.alloc(0), 422, 'uploads.empty_file'],
    ])('refuses %s and stores nothing', async (_name, bytes, status, code) => {
      const before = await filmCount();
      const stored = storedFiles();
      const response = await upload(fan, { title: 'x', artistId: String(artistId) }, bytes);
      expect([response.statusCode, errorCode(response)], response.body).toEqual([status, code]);
      expect(await filmCount()).toBe(before);
      expect(storedFiles()).toEqual(stored);
      expect(leftoverUploads()).toEqual([]);
    });

    it('refuses bad fields, a missing or second file, a wrong field, JSON, and a signed-out fan', async () => {
      const cases: [string, Awaited<ReturnType<typeof upload>>, number][] = [
        ['no title', await upload(fan, { artistId: String(artistId) }, fixture), 400],
        ['a title of 101 characters', await upload(fan, { title: 'a'.repeat(101), artistId: String(artistId) }, fixture), 400],
        ['an artist id "1e3"', await upload(fan, { title: 'x', artistId: '1e3' }, fixture), 400],
        ['an unknown field', await upload(fan, { title: 'x', artistId: String(artistId), authorId: fan.id }, fixture), 400],
        ['a __proto__ field', await upload(fan, { title: 'x', artistId: String(artistId) }, fixture, [{ name: '__proto__', content: 'x' }]), 400],
        ['a field sent twice', await upload(fan, { title: 'x', artistId: String(artistId) }, fixture, [{ name: 'title', content: 'y' }]), 400],
        ['no file', await upload(fan, { title: 'x', artistId: String(artistId) }, null), 400],
        ['a file in another field', await upload(fan, { title: 'x', artistId: String(artistId) }, null, [{ name: 'file', filename: 'a.mp4', content: fixture }]), 400],
        ['two files', await upload(fan, { title: 'x', artistId: String(artistId) }, fixture, [{ name: 'video', filename: 'b.mp4', content: fixture }]), 413],
        ['an unknown artist', await upload(fan, { title: 'x', artistId: '2000000000' }, fixture), 404],
        ['signed out', await upload(null, { title: 'x', artistId: String(artistId) }, fixture), 401],
        ['JSON', await t.request({ method: 'POST', url: '/api/films/uploads', cookie: fan.cookie, payload: { title: 'x', artistId } }), 415],
        ['a malformed body', await t.request({ method: 'POST', url: '/api/films/uploads', cookie: fan.cookie, headers: { 'content-type': 'multipart/form-data; boundary=zz' }, payload: '--zz\r\nbroken' }), 400],
      ];
      for (const [name, response, status] of cases) {
        expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
        expect(errorCode(response), name).toBeTruthy();
      }
      expect(leftoverUploads()).toEqual([]);
    });

    it('builds the generated poster from escaped text only', () => {
      const svg = posterSvg('</text><script>alert(1)</script><text>', '"><img src=x onerror=alert(1)>', 7);
      expect(svg).not.toMatch(/<script|<img/);
      expect(svg).toContain('&lt;/text&gt;&lt;script&gt;');
    });
  });

  describe('lists', () => {
    let listArtist: number;
    let ids: number[];
    beforeAll(async () => {
      listArtist = await t.createArtist('List artist');
      ids = [];
      for (let index = 0; index < 45; index += 1) ids.push((await youtubeFilm(index % 2 ? fan : stranger, `Film ${index}`, listArtist)).id);
    });

    it('pages an artist\u2019s films newest first by keyset, without repeats or gaps', async () => {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page: FilmsResponse = await list(`?artistId=${listArtist}&limit=20${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual([...ids].reverse());
    });

    it('lists my films and the films of the artists I follow, and asks a signed-out viewer to sign in for them', async () => {
      const mine = await list(`?mine=true&artistId=${listArtist}&limit=50`, fan);
      expect(mine.items.every((item) => item.viewerIsAuthor)).toBe(true);
      expect(mine.items).toHaveLength(22);
      const follower = await t.createUser();
      expect((await list('?following=true', follower)).items).toEqual([]);
      await t.request({ method: 'PUT', url: `/api/users/following-artists/${listArtist}`, cookie: follower.cookie });
      const following = await list('?following=true&limit=50', follower);
      expect(following.items).toHaveLength(45);
      expect(following.items.every((item) => item.artistId === listArtist)).toBe(true);
      for (const query of ['?following=true', '?mine=true']) {
        const response = await t.request({ method: 'GET', url: `/api/films${query}` });
        expect(response.statusCode, query).toBe(401);
      }
    });

    it.each([
      ['?limit=0'],
      ['?limit=51'],
      ['?limit=1.5'],
      ['?artistId=-1'],
      ['?artistId=abc'],
      ['?following=yes'],
      ['?unknown=1'],
      [`?cursor=${'a'.repeat(101)}`],
    ])('refuses %s with 400', async (query) => {
      const response = await t.request({ method: 'GET', url: `/api/films${query}` });
      expect(response.statusCode, response.body).toBe(400);
    });

    it.each([['garbage'], [Buffer.from('{"id":-5}').toString('base64url')], [Buffer.from('{"__proto__":{"id":3}}').toString('base64url')], [Buffer.from('[1]').toString('base64url')]])(
      'refuses the cursor %s with films.cursor_invalid',
      async (cursor) => {
        const response = await t.request({ method: 'GET', url: `/api/films?cursor=${cursor}` });
        expect([response.statusCode, errorCode(response)]).toEqual([400, 'films.cursor_invalid']);
      },
    );

    it('counts likes and visible comments from the community tables', async () => {
      const film = await youtubeFilm(fan, 'Counted');
      const now = t.clock.now();
      await t.database.db.execute(sql`insert into likes (film_id, user_id, created_at) values (${film.id}, ${fan.id}, ${now}), (${film.id}, ${stranger.id}, ${now})`);
      await t.database.db.execute(
        sql`insert into comments (film_id, author_id, body, created_at, hidden_at) values (${film.id}, ${fan.id}, 'one', ${now}, null), (${film.id}, ${fan.id}, 'hidden', ${now}, ${now})`,
      );
      const read = await t.request({ method: 'GET', url: `/api/films/${film.id}`, cookie: stranger.cookie });
      expect((read.json() as { film: Film }).film).toMatchObject({ likes: 2, comments: 1, liked: true });
      const listed = (await list(`?artistId=${artistId}&limit=1`)).items[0]!;
      expect(listed).toMatchObject({ id: film.id, likes: 2, comments: 1, liked: false });
    });
  });

  describe('who may delete, and hidden films (docs/quality.md#s1)', () => {
    it('refuses another fan\u2019s delete and changes nothing; the author and an operator may delete', async () => {
      const film = await youtubeFilm(fan, 'Mine');
      const refused = await t.request({ method: 'DELETE', url: `/api/films/${film.id}`, cookie: stranger.cookie });
      expect([refused.statusCode, errorCode(refused)]).toEqual([403, 'films.not_author']);
      expect((await t.request({ method: 'GET', url: `/api/films/${film.id}` })).statusCode).toBe(200);

      const deleted = await t.request({ method: 'DELETE', url: `/api/films/${film.id}`, cookie: fan.cookie });
      expect(deleted.statusCode).toBe(204);
      expect((await t.request({ method: 'GET', url: `/api/films/${film.id}` })).statusCode).toBe(404);
      expect((await t.request({ method: 'DELETE', url: `/api/films/${film.id}`, cookie: fan.cookie })).statusCode).toBe(404);

      const other = await youtubeFilm(stranger, 'Reported');
      expect((await t.request({ method: 'DELETE', url: `/api/films/${other.id}`, cookie: operator.cookie })).statusCode).toBe(204);
      for (const id of ['0', '-1', 'abc', '99999999999999999999']) {
        expect((await t.request({ method: 'DELETE', url: `/api/films/${id}`, cookie: fan.cookie })).statusCode, id).toBe(400);
      }
    });

    it('removes an uploaded film\u2019s files on delete', async () => {
      const created = await upload(fan, { title: 'Gone', artistId: String(artistId) }, fixture);
      const { film } = created.json() as { film: Film };
      expect((await t.request({ method: 'GET', url: film.videoUrl! })).statusCode).toBe(200);
      await t.request({ method: 'DELETE', url: `/api/films/${film.id}`, cookie: fan.cookie });
      expect((await t.request({ method: 'GET', url: film.videoUrl! })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: film.posterUrl! })).statusCode).toBe(404);
    });

    it('withholds a hidden film from everyone but operators', async () => {
      const film = await youtubeFilm(fan, 'Hidden soon');
      await t.database.db.execute(sql`update films set hidden_at = now() where id = ${film.id}`);
      for (const user of [null, fan, stranger]) {
        expect((await t.request({ method: 'GET', url: `/api/films/${film.id}`, cookie: user?.cookie })).statusCode).toBe(404);
        expect((await list(`?artistId=${artistId}&limit=50`, user)).items.map((item) => item.id)).not.toContain(film.id);
      }
      const seen = await t.request({ method: 'GET', url: `/api/films/${film.id}`, cookie: operator.cookie });
      expect((seen.json() as { film: Film }).film.hidden).toBe(true);
      expect((await list(`?artistId=${artistId}&limit=50`, operator)).items.map((item) => item.id)).toContain(film.id);
    });
  });

  async function filmCount() {
    const { rows } = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from films`);
    return Number(rows[0]!.n);
  }
  function storedFiles() {
    const root = path.join(t.dataDir, 'uploads');
    return ['films', 'film-posters'].flatMap((folder) => (fs.existsSync(path.join(root, folder)) ? fs.readdirSync(path.join(root, folder)) : [])).sort();
  }
});

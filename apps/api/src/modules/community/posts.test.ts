import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Comment, OperatorReport, Post } from '@orchard/shared';
import { report } from '../../../test/community-kit.ts';
import { createTestContext, errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { blankPng, multipart, pixelFloodPng, type Part } from '../../../test/uploads-kit.ts';
import { encodingPipelineOf } from '../../../test/sharp-spy.ts';

vi.mock('sharp', async (original) => (await import('../../../test/sharp-spy.ts')).spiedSharp(await original()));

type Page = { items: Post[]; nextCursor: string | null };

const photo = (width = 1600, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: '#ff7a45' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'secret-owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 33/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '126/1 58/1 0/1' },
    })
    .toBuffer();

describe('community posts, and comments, likes and reports on posts and films (docs/product.md#community)', () => {
  let t: TestContext;
  let operator: TestUser;
  let fan: TestUser;
  let other: TestUser;
  let artistId: number;

  const send = (user: TestUser | undefined, parts: Part[], artist = artistId) => {
    const form = multipart(parts);
    return t.request({ method: 'POST', url: `/api/artists/${artist}/posts`, cookie: user?.cookie, headers: form.headers, payload: form.payload });
  };
  const createPost = async (user: TestUser, text: string, images: Buffer[] = [], artist = artistId) => {
    const response = await send(user, [{ name: 'text', content: text }, ...images.map((content, i) => ({ name: 'images', filename: `p${i}.jpg`, contentType: 'image/jpeg', content }))], artist);
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { post: Post }).post;
  };
  const list = async (viewer?: TestUser, query = '', artist = artistId) => {
    const response = await t.request({ url: `/api/artists/${artist}/posts${query}`, cookie: viewer?.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };
  const postFiles = () => {
    const folder = path.join(t.files.root, 'post-images');
    return fs.existsSync(folder) ? fs.readdirSync(folder).length : 0;
  };
  const postCount = async () => Number((await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from posts`)).rows[0]!.n);
  const decide = (reportId: number, action: string) =>
    t.request({ method: 'POST', url: `/api/operator/reports/${reportId}/decision`, cookie: operator.cookie, payload: { action } });

  beforeAll(async () => {
    t = await createTestContext({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000', RATE_LIMIT_UPLOADS_PER_MINUTE: '100000', RATE_LIMIT_COMMENTS_PER_MINUTE: '100000', RATE_LIMIT_REPORTS_PER_MINUTE: '100000' } });
    operator = await t.createUser({ roles: ['operator'] });
    fan = await t.createUser();
    other = await t.createUser();
    artistId = await t.createArtist();
  });
  afterAll(() => t.close());

  describe('posting and listing', () => {
    it('posts trimmed text with two images re-encoded as WebP within 1,280 px, EXIF and GPS stripped', async () => {
      const posted = await createPost(fan, '  hello fandom\nsecond line  ', [await photo(), await photo(600, 900)]);
      expect(posted).toMatchObject({ artistId, text: 'hello fandom\nsecond line', hidden: false, likeCount: 0, viewerLiked: false, commentCount: 0, viewerIsAuthor: true, editedAt: null });
      expect(posted.imageUrls).toHaveLength(2);
      const sizes = [];
      for (const url of posted.imageUrls) {
        expect(url).toMatch(/^\/api\/files\/post-images\/[0-9a-f]{32}\.webp$/);
        const stored = fs.readFileSync(path.join(t.files.root, url.replace('/api/files/', '')));
        const metadata = await sharp(stored).metadata();
        expect(metadata.format).toBe('webp');
        expect(metadata.exif).toBeUndefined();
        expect(stored.includes(Buffer.from('secret-owner'))).toBe(false);
        sizes.push([metadata.width, metadata.height]);
      }
      // The whole picture, shrunk to fit (not cropped), never enlarged.
      expect(sizes).toEqual([
        [1280, 960],
        [600, 900],
      ]);
      const served = await t.request({ url: posted.imageUrls[0]! });
      expect(served.statusCode).toBe(200);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    });

    it('lists an artist’s posts newest first in keyset pages, for everyone, with counts', async () => {
      const artist = await t.createArtist();
      for (let i = 1; i <= 25; i += 1) await createPost(fan, `post ${i}`, [], artist);
      const first = await list(undefined, '?limit=10', artist);
      expect(first.items.map((p) => p.text)).toEqual(Array.from({ length: 10 }, (_, i) => `post ${25 - i}`));
      expect(first.items[0]!.viewerIsAuthor).toBe(false);
      const seen = [...first.items];
      let cursor = first.nextCursor;
      while (cursor) {
        const page = await list(fan, `?limit=10&cursor=${cursor}`, artist);
        seen.push(...page.items);
        cursor = page.nextCursor;
      }
      expect(seen).toHaveLength(25);
      expect(new Set(seen.map((p) => p.id)).size).toBe(25);
      expect((await list(undefined, '', await t.createArtist())).items).toEqual([]);
    });

    it('refuses bad text, bad forms and unknown artists, leaving no post and no file', async () => {
      const before = { posts: await postCount(), files: postFiles() };
      const image = { name: 'images', filename: 'a.jpg', content: await photo(200, 200) };
      const cases: [Part[], number, string][] = [
        [[{ name: 'text', content: '' }], 400, 'validation.invalid'],
        [[{ name: 'text', content: '   \n ' }], 400, 'validation.invalid'],
        [[{ name: 'text', content: 'x'.repeat(2001) }], 400, 'validation.invalid'],
        [[{ name: 'text', content: 'a\u0000b' }], 400, 'validation.invalid'],
        [[{ name: 'text', content: 'a\u0007b' }], 400, 'validation.invalid'],
        [[{ name: 'text', content: 'x'.repeat(9000) }], 400, 'validation.invalid'],
        [[image], 400, 'validation.invalid'],
        [[{ name: 'text', content: 'a' }, { name: 'text', content: 'b' }], 400, 'validation.invalid'],
        [[{ name: 'text', content: 'a' }, { name: 'title', content: 'b' }], 400, 'validation.invalid'],
        [[{ name: 'text', content: 'a' }, { ...image, name: 'file' }], 400, 'validation.invalid'],
        [[{ name: 'text', content: 'a' }, image, image, image, image, image], 413, 'uploads.too_many_files'],
        [[{ name: 'text', content: 'a' }, { ...image, content: Buffer.alloc(0) }], 422, 'uploads.empty_file'],
      ];
      for (const [parts, status, code] of cases) {
        const response = await send(fan, parts);
        expect(response.statusCode, `${parts.map((p) => p.name).join(',')} ${response.body}`).toBe(status);
        expect(errorCode(response)).toBe(code);
      }
      expect((await createPost(fan, 'x'.repeat(2000))).text).toHaveLength(2000);
      // A browser's form sends line breaks as CRLF; a lone CR is still a control character.
      expect((await createPost(fan, 'line one\r\nline two')).text).toBe('line one\nline two');
      expect(errorCode(await send(fan, [{ name: 'text', content: 'a\rb' }]))).toBe('validation.invalid');
      const json = await t.request({ method: 'POST', url: `/api/artists/${artistId}/posts`, cookie: fan.cookie, payload: { text: 'json' } });
      expect(json.statusCode).toBe(415);
      expect(errorCode(await send(fan, [{ name: 'text', content: 'a' }], 999_999))).toBe('artists.not_found');
      expect(errorCode(await t.request({ url: '/api/artists/999999/posts' }))).toBe('artists.not_found');
      for (const bad of ['0', '-1', 'abc', '1.5', '99999999999']) expect((await t.request({ url: `/api/artists/${bad}/posts` })).statusCode).toBe(400);
      for (const cursor of ['not-base64!', Buffer.from('-1').toString('base64url'), 'x'.repeat(101)]) {
        expect((await t.request({ url: `/api/artists/${artistId}/posts?cursor=${encodeURIComponent(cursor)}` })).statusCode).toBe(400);
      }
      expect(errorCode(await t.request({ url: `/api/artists/${artistId}/posts?cursor=zzz` }))).toBe('posts.cursor_invalid');
      for (const limit of ['0', '51', 'abc']) expect((await t.request({ url: `/api/artists/${artistId}/posts?limit=${limit}` })).statusCode).toBe(400);
      expect(await postCount()).toBe(before.posts + 2);
      expect(postFiles()).toBe(before.files);
    });

    it('re-encodes or refuses hostile images: pixel flood, SVG, wrong magic bytes, an extreme shape (docs/quality.md#s6)', async () => {
      const before = { posts: await postCount(), files: postFiles() };
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');
      const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);
      const hostile: [Buffer, string, number, string][] = [
        [pixelFloodPng(), 'flood.png', 422, 'uploads.dimensions_too_large'],
        [svg, 'x.svg', 415, 'uploads.unsupported_type'],
        [exe, 'photo.jpg', 415, 'uploads.unsupported_type'],
        [Buffer.from('<?php echo 1; ?>'), 'a.jpg.php', 415, 'uploads.unsupported_type'],
        [(await photo(300, 300)).subarray(0, 400), 'cut.jpg', 422, 'uploads.invalid_image'],
      ];
      for (const [content, filename, status, code] of hostile) {
        // A good image beside the hostile one: the whole post is refused, the good one not kept.
        const response = await send(fan, [
          { name: 'text', content: 'hostile' },
          { name: 'images', filename: 'ok.jpg', content: await photo(100, 100) },
          { name: 'images', filename, content },
        ]);
        expect(response.statusCode, `${filename} ${response.body}`).toBe(status);
        expect(errorCode(response)).toBe(code);
      }
      expect(await postCount()).toBe(before.posts);
      expect(postFiles()).toBe(before.files);
      const strip = blankPng(1, 4000);
      const thin = await createPost(fan, 'thin', [strip]);
      expect(thin.imageUrls).toHaveLength(1);
      // Shrunk to fit, never enlarged: the strip costs its own 4,000 pixels, not a blow-up to the photo side.
      expect(encodingPipelineOf(strip)).toMatchObject({ withoutEnlargement: true });
    });
  });

  describe('the author’s edit and delete (docs/quality.md#s1)', () => {
    it('lets the author edit the text; anyone else, operators included, is refused and nothing changes', async () => {
      const posted = await createPost(fan, 'original');
      for (const user of [other, operator]) {
        const patch = await t.request({ method: 'PATCH', url: `/api/posts/${posted.id}`, cookie: user.cookie, payload: { text: 'taken over' } });
        expect(patch.statusCode).toBe(403);
        expect(errorCode(patch)).toBe('posts.not_author');
      }
      expect((await t.request({ method: 'PATCH', url: `/api/posts/${posted.id}`, payload: { text: 'anon' } })).statusCode).toBe(401);
      for (const payload of [{}, { text: '' }, { text: 'x'.repeat(2001) }, { text: 'a\u0000' }, { text: 1 }, { text: 'a', extra: 1 }, []]) {
        const response = await t.request({ method: 'PATCH', url: `/api/posts/${posted.id}`, cookie: fan.cookie, payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect(errorCode(await t.request({ method: 'PATCH', url: '/api/posts/999999999', cookie: fan.cookie, payload: { text: 'x' } }))).toBe('posts.not_found');
      expect((await list(fan)).items.find((p) => p.id === posted.id)).toMatchObject({ text: 'original', editedAt: null });
      const edited = await t.request({ method: 'PATCH', url: `/api/posts/${posted.id}`, cookie: fan.cookie, payload: { text: ' edited ' } });
      expect(edited.statusCode, edited.body).toBe(200);
      expect((edited.json() as { post: Post }).post).toMatchObject({ text: 'edited', editedAt: expect.any(String) });
    });

    it('lets the author delete their own post with its comments, likes and images; anyone else is refused', async () => {
      const filesBefore = postFiles();
      const posted = await createPost(fan, 'to delete', [await photo(300, 300)]);
      expect(postFiles()).toBe(filesBefore + 1);
      await t.request({ method: 'POST', url: `/api/posts/${posted.id}/comments`, cookie: other.cookie, payload: { body: 'nice' } });
      await t.request({ method: 'PUT', url: `/api/posts/${posted.id}/like`, cookie: other.cookie });
      for (const user of [other, operator]) expect(errorCode(await t.request({ method: 'DELETE', url: `/api/posts/${posted.id}`, cookie: user.cookie }))).toBe('posts.not_author');
      expect((await list()).items.some((p) => p.id === posted.id)).toBe(true);
      expect((await t.request({ method: 'DELETE', url: `/api/posts/${posted.id}`, cookie: fan.cookie })).statusCode).toBe(204);
      expect(errorCode(await t.request({ method: 'DELETE', url: `/api/posts/${posted.id}`, cookie: fan.cookie }))).toBe('posts.not_found');
      expect((await list()).items.some((p) => p.id === posted.id)).toBe(false);
      expect(postFiles()).toBe(filesBefore);
      const left = await t.database.db.execute<{ n: number }>(
        sql`select (select count(*) from comments where post_id = ${posted.id}) + (select count(*) from likes where post_id = ${posted.id}) as n`,
      );
      expect(Number(left.rows[0]!.n)).toBe(0);
      expect(errorCode(await t.request({ url: `/api/posts/${posted.id}/comments` }))).toBe('posts.not_found');
    });
  });

  describe('comments and likes on a post, through the one community module', () => {
    it('comments, counts them on the post, likes idempotently', async () => {
      const posted = await createPost(fan, 'comment me');
      const comment = await t.request({ method: 'POST', url: `/api/posts/${posted.id}/comments`, cookie: other.cookie, payload: { body: '  first!  ' } });
      expect(comment.statusCode, comment.body).toBe(201);
      expect((comment.json() as { comment: Comment }).comment).toMatchObject({ body: 'first!', viewerIsAuthor: true });
      const comments = (await t.request({ url: `/api/posts/${posted.id}/comments` })).json() as { items: Comment[] };
      expect(comments.items.map((c) => c.body)).toEqual(['first!']);
      const like = (user: TestUser, method: 'PUT' | 'DELETE') => t.request({ method, url: `/api/posts/${posted.id}/like`, cookie: user.cookie });
      expect((await like(other, 'PUT')).json()).toEqual({ liked: true, likeCount: 1 });
      expect((await like(other, 'PUT')).json()).toEqual({ liked: true, likeCount: 1 });
      expect((await like(fan, 'PUT')).json()).toEqual({ liked: true, likeCount: 2 });
      expect((await list(other)).items.find((p) => p.id === posted.id)).toMatchObject({ likeCount: 2, viewerLiked: true, commentCount: 1 });
      expect((await list()).items.find((p) => p.id === posted.id)).toMatchObject({ likeCount: 2, viewerLiked: false });
      expect((await like(other, 'DELETE')).json()).toEqual({ liked: false, likeCount: 1 });
      expect((await like(other, 'DELETE')).json()).toEqual({ liked: false, likeCount: 1 });
    });

    it('keeps each post’s and film’s likes and visible comments on its row, whatever writes them (decision 077)', async () => {
      const posted = await createPost(fan, 'count me');
      const { rows: filmRows } = await t.database.db.execute<{ id: number }>(
        sql`insert into films (author_id, artist_id, title, source, youtube_id, created_at) values (${fan.id}, ${artistId}, 'Counted film', 'youtube', 'dQw4w9WgXcQ', now()) returning id`,
      );
      const filmId = Number(filmRows[0]!.id);
      const comment = async (path: string, user: TestUser) =>
        ((await t.request({ method: 'POST', url: `${path}/comments`, cookie: user.cookie, payload: { body: 'hi' } })).json() as { comment: Comment }).comment.id;
      for (const path of [`/api/posts/${posted.id}`, `/api/films/${filmId}`]) {
        for (const user of [fan, other, operator]) await t.request({ method: 'PUT', url: `${path}/like`, cookie: user.cookie });
        await t.request({ method: 'PUT', url: `${path}/like`, cookie: fan.cookie });
        await t.request({ method: 'DELETE', url: `${path}/like`, cookie: operator.cookie });
        const [kept, hidden, deleted] = [await comment(path, fan), await comment(path, other), await comment(path, other)];
        await t.request({ method: 'DELETE', url: `/api/comments/${deleted}`, cookie: other.cookie });
        await t.database.db.execute(sql`update comments set hidden_at = now() where id = ${hidden}`);
        await t.database.db.execute(sql`update comments set body = 'edited' where id = ${kept}`);
      }
      const counted = async () =>
        (
          await t.database.db.execute<{ stored: string; actual: string }>(sql`
            select like_count || '/' || comment_count as stored,
                   (select count(*) from likes where post_id = ${posted.id}) || '/' || (select count(*) from comments where post_id = ${posted.id} and hidden_at is null) as actual
            from posts where id = ${posted.id}
            union all
            select like_count || '/' || comment_count,
                   (select count(*) from likes where film_id = ${filmId}) || '/' || (select count(*) from comments where film_id = ${filmId} and hidden_at is null)
            from films where id = ${filmId}`)
        ).rows;
      expect(await counted()).toEqual([
        { stored: '2/1', actual: '2/1' },
        { stored: '2/1', actual: '2/1' },
      ]);
      expect((await list(fan)).items.find((p) => p.id === posted.id)).toMatchObject({ likeCount: 2, viewerLiked: true, commentCount: 1 });
      expect((await list(operator)).items.find((p) => p.id === posted.id)).toMatchObject({ viewerLiked: false });
      const film = (await t.request({ url: `/api/films/${filmId}`, cookie: other.cookie })).json() as { film: { likes: number; comments: number } };
      expect(film.film).toMatchObject({ likes: 2, comments: 1 });
      // Unhiding counts the comment again; deleting the post takes its likes and comments with it (cascade) without an error.
      await t.database.db.execute(sql`update comments set hidden_at = null where film_id = ${filmId}`);
      expect((await counted())[1]).toEqual({ stored: '2/2', actual: '2/2' });
      expect((await t.request({ method: 'DELETE', url: `/api/posts/${posted.id}`, cookie: fan.cookie })).statusCode).toBe(204);
      expect(await counted()).toHaveLength(1);
    });

    it('gives each viewer their own likes when their requests for one page arrive together and share its read', async () => {
      const posted = await createPost(fan, 'shared page');
      const { rows } = await t.database.db.execute<{ id: number }>(
        sql`insert into films (author_id, artist_id, title, source, youtube_id, created_at) values (${fan.id}, ${artistId}, 'Shared film', 'youtube', 'dQw4w9WgXcQ', now()) returning id`,
      );
      const filmId = Number(rows[0]!.id);
      await t.request({ method: 'PUT', url: `/api/posts/${posted.id}/like`, cookie: other.cookie });
      await t.request({ method: 'PUT', url: `/api/films/${filmId}/like`, cookie: other.cookie });
      const viewers = [other, fan, undefined, other, fan];
      const pages = await Promise.all(viewers.map((viewer) => list(viewer)));
      expect(pages.map((page) => page.items.find((p) => p.id === posted.id)?.viewerLiked)).toEqual([true, false, false, true, false]);
      const films = await Promise.all(
        viewers.map(async (viewer) => ((await t.request({ url: `/api/films?artistId=${artistId}`, cookie: viewer?.cookie })).json() as { items: { id: number; liked: boolean }[] }).items),
      );
      expect(films.map((items) => items.find((f) => f.id === filmId)?.liked)).toEqual([true, false, false, true, false]);
    });

    it('answers 404 for a missing post and 400 for bad ids, bodies and cursors', async () => {
      const posted = await createPost(fan, 'x');
      expect(errorCode(await t.request({ url: '/api/posts/999999999/comments' }))).toBe('posts.not_found');
      expect(errorCode(await t.request({ method: 'POST', url: '/api/posts/999999999/comments', cookie: fan.cookie, payload: { body: 'hi' } }))).toBe('posts.not_found');
      expect(errorCode(await t.request({ method: 'PUT', url: '/api/posts/999999999/like', cookie: fan.cookie }))).toBe('posts.not_found');
      for (const id of ['0', '-1', 'abc', '1e3', '9007199254740993']) {
        expect((await t.request({ url: `/api/posts/${id}/comments` })).statusCode).toBe(400);
        expect((await t.request({ method: 'PUT', url: `/api/posts/${id}/like`, cookie: fan.cookie })).statusCode).toBe(400);
      }
      for (const payload of [{}, { body: '' }, { body: 'x'.repeat(1001) }, { body: 'a\u0000b' }, { body: 'ok', extra: 1 }]) {
        expect((await t.request({ method: 'POST', url: `/api/posts/${posted.id}/comments`, cookie: fan.cookie, payload })).statusCode).toBe(400);
      }
      expect(errorCode(await t.request({ url: `/api/posts/${posted.id}/comments?cursor=zzz` }))).toBe('comments.cursor_invalid');
    });
  });

  describe('reports and hiding (docs/product.md#reports)', () => {
    it('hides a reported post from everyone but operators; it takes no comment or like; restore brings it back', async () => {
      const posted = await createPost(fan, 'rude post', [await photo(200, 200)]);
      const commented = await t.request({ method: 'POST', url: `/api/posts/${posted.id}/comments`, cookie: other.cookie, payload: { body: 'under it' } });
      const made = await report(t, other, { target: { type: 'post', id: posted.id }, reason: 'REPR002' });
      expect(made.statusCode, made.body).toBe(201);
      expect((await report(t, other, { target: { type: 'post', id: posted.id }, reason: 'REPR001' })).statusCode).toBe(409);
      const reportId = (made.json() as { report: { id: number } }).report.id;
      const queued = ((await t.request({ url: '/api/operator/reports', cookie: operator.cookie })).json() as { items: OperatorReport[] }).items.find((r) => r.id === reportId)!;
      expect(queued).toMatchObject({ target: { type: 'post', id: posted.id, projectId: null, artistId }, content: 'rude post', targetHidden: false });

      const hidden = await decide(reportId, 'hide');
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect((hidden.json() as { report: OperatorReport }).report).toMatchObject({ targetHidden: true, decision: 'hide' });
      for (const viewer of [undefined, fan, other]) expect((await list(viewer)).items.some((p) => p.id === posted.id)).toBe(false);
      expect((await list(operator)).items.find((p) => p.id === posted.id)).toMatchObject({ text: 'rude post', hidden: true, imageUrls: [expect.any(String)] });
      // Its comments are its content too.
      for (const viewer of [undefined, fan, other]) {
        const items = ((await t.request({ url: `/api/posts/${posted.id}/comments`, cookie: viewer?.cookie })).json() as { items: Comment[] }).items;
        expect(items.find((c) => c.id === (commented.json() as { comment: Comment }).comment.id)).toMatchObject({ body: null, hidden: true });
      }
      expect(errorCode(await t.request({ method: 'POST', url: `/api/posts/${posted.id}/comments`, cookie: other.cookie, payload: { body: 'more' } }))).toBe('posts.hidden');
      expect(errorCode(await t.request({ method: 'PUT', url: `/api/posts/${posted.id}/like`, cookie: other.cookie }))).toBe('posts.hidden');
      expect(errorCode(await t.request({ method: 'PATCH', url: `/api/posts/${posted.id}`, cookie: fan.cookie, payload: { text: 'sneaky' } }))).toBe('posts.hidden');
      expect((await t.request({ method: 'DELETE', url: `/api/posts/${posted.id}/like`, cookie: other.cookie })).statusCode).toBe(200);

      expect((await decide(reportId, 'restore')).statusCode).toBe(200);
      expect((await list(other)).items.find((p) => p.id === posted.id)).toMatchObject({ text: 'rude post', hidden: false });
      const { rows } = await t.database.db.execute<{ action: string }>(
        sql`select action from operator_audit_log where (after->>'reportId')::bigint = ${reportId} order by id`,
      );
      expect(rows.map((row) => row.action)).toEqual(['report.hide', 'report.restore']);
    });

    it('comments on, likes, reports and hides a film through the same module', async () => {
      const author = await t.createUser();
      const { rows } = await t.database.db.execute<{ id: number }>(
        sql`insert into films (author_id, artist_id, title, source, youtube_id, created_at) values (${author.id}, ${artistId}, 'Subway film', 'youtube', 'dQw4w9WgXcQ', now()) returning id`,
      );
      const filmId = Number(rows[0]!.id);
      const comment = await t.request({ method: 'POST', url: `/api/films/${filmId}/comments`, cookie: fan.cookie, payload: { body: 'great cut' } });
      expect(comment.statusCode, comment.body).toBe(201);
      expect(((await t.request({ url: `/api/films/${filmId}/comments` })).json() as { items: Comment[] }).items.map((c) => c.body)).toEqual(['great cut']);
      expect((await t.request({ method: 'PUT', url: `/api/films/${filmId}/like`, cookie: fan.cookie })).json()).toEqual({ liked: true, likeCount: 1 });
      expect(errorCode(await t.request({ url: '/api/films/999999999/comments' }))).toBe('films.not_found');
      expect(errorCode(await report(t, fan, { target: { type: 'film', id: 999_999_999 }, reason: 'REPR001' }))).toBe('reports.target_not_found');
      const made = await report(t, fan, { target: { type: 'film', id: filmId }, reason: 'REPR006', detail: 'not the artist' });
      expect(made.statusCode, made.body).toBe(201);
      const reportId = (made.json() as { report: { id: number } }).report.id;
      const decided = await decide(reportId, 'hide');
      expect((decided.json() as { report: OperatorReport }).report).toMatchObject({ target: { type: 'film', id: filmId }, content: 'Subway film', targetHidden: true });
      expect(errorCode(await t.request({ method: 'POST', url: `/api/films/${filmId}/comments`, cookie: fan.cookie, payload: { body: 'again' } }))).toBe('films.hidden');
      expect(errorCode(await t.request({ method: 'PUT', url: `/api/films/${filmId}/like`, cookie: other.cookie }))).toBe('films.hidden');
      expect(((await t.request({ url: `/api/films/${filmId}/comments`, cookie: fan.cookie })).json() as { items: Comment[] }).items[0]).toMatchObject({ body: null, hidden: true });
      // A film its author deleted is gone as a target.
      await t.database.db.execute(sql`update films set deleted_at = now() where id = ${filmId}`);
      expect(errorCode(await t.request({ url: `/api/films/${filmId}/comments` }))).toBe('films.not_found');
    });

    it('keeps exactly one target per comment and like row (the check constraint)', async () => {
      const posted = await createPost(fan, 'constraint');
      await expect(
        t.database.db.execute(sql`insert into comments (project_id, post_id, author_id, body, created_at) values (null, null, ${fan.id}, 'orphan', now())`),
      ).rejects.toThrow();
      await expect(t.database.db.execute(sql`insert into likes (post_id, film_id, user_id, created_at) values (${posted.id}, ${posted.id}, ${fan.id}, now())`)).rejects.toThrow();
    });
  });
});

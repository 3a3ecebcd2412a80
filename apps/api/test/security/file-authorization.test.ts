import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Film, Post, ProofsPostedResponse } from '@orchard/shared';
import { uploadedFileMaxAgeSeconds } from '../../src/plugins/static-files.ts';
import { hideItem } from '../community-kit.ts';
import { createTestContext, type TestContext, type TestUser } from '../harness.ts';
import { minimalMp4 } from '../mp4-kit.ts';
import { photoJpeg, postProof, runningProject } from '../projects-kit.ts';
import { multipart } from '../uploads-kit.ts';

/**
 * docs/quality.md#s1 over /api/files/: the files of a hidden item answer only operators, privately;
 * those of a deleted item answer no one; a shown item's are cached by a shared cache for minutes,
 * not a year (docs/architecture.md#uploads).
 */
type Actor = 'anonymous' | 'userA' | 'userB' | 'author' | 'operator';
const actors: Actor[] = ['anonymous', 'userA', 'userB', 'author', 'operator'];
const shown = { status: 200, cache: `public, max-age=${uploadedFileMaxAgeSeconds}` };
const withheld = { status: 404, cache: 'no-store' };

describe('authorization matrix of uploaded files (docs/quality.md#s1)', () => {
  let t: TestContext;
  let artistId: number;
  let userA: TestUser;
  let userB: TestUser;
  let operator: TestUser;

  beforeAll(async () => {
    t = await createTestContext({
      env: {
        FILM_POSTER_DECODER: 'off',
        RATE_LIMIT_UPLOADS_PER_MINUTE: '100000',
        RATE_LIMIT_WRITES_PER_MINUTE: '100000',
        RATE_LIMIT_COMMENTS_PER_MINUTE: '100000',
        RATE_LIMIT_REPORTS_PER_MINUTE: '100000',
        // The project's ad starts weeks ahead: the clock moves there.
        SESSION_IDLE_TIMEOUT_MINUTES: '10000000',
        SESSION_ABSOLUTE_TIMEOUT_HOURS: '1000000',
      },
    });
    artistId = await t.createArtist();
    [userA, userB] = [await t.createUser(), await t.createUser()];
    operator = await t.createUser({ roles: ['operator'] });
  });
  afterAll(() => t.close());

  /** What each actor gets for each of `urls`: the status and the Cache-Control. */
  async function matrix(urls: string[], author: TestUser) {
    const cookies: Record<Actor, string | undefined> = { anonymous: undefined, userA: userA.cookie, userB: userB.cookie, author: author.cookie, operator: operator.cookie };
    const cells: Record<string, { status: number; cache: string | undefined }> = {};
    for (const url of urls) {
      for (const actor of actors) {
        const response = await t.request({ url, cookie: cookies[actor] });
        cells[`${actor} ${url}`] = { status: response.statusCode, cache: response.headers['cache-control'] as string | undefined };
      }
    }
    return cells;
  }

  /** The matrix expected when only operators may see the item (`hidden`), everyone may (`shown`), or no one may (`deleted`). */
  function expected(urls: string[], state: 'shown' | 'hidden' | 'deleted') {
    const cells: Record<string, { status: number; cache: string }> = {};
    for (const url of urls) {
      for (const actor of actors) {
        cells[`${actor} ${url}`] =
          state === 'shown' ? shown : state === 'deleted' ? withheld : actor === 'operator' ? { status: 200, cache: 'private, no-store' } : withheld;
      }
    }
    return cells;
  }

  /** The files follow their item: everyone's while shown, operators' only once hidden (a ranged read too), everyone's again once restored. */
  async function expectFollowsHiding(urls: string[], author: TestUser, target: { type: 'post' | 'film' | 'project'; id: number }) {
    expect(await matrix(urls, author)).toEqual(expected(urls, 'shown'));
    await hideItem(t, userA, operator, target);
    expect(await matrix(urls, author)).toEqual(expected(urls, 'hidden'));
    expect((await t.request({ url: urls[0]!, headers: { range: 'bytes=0-9' } })).statusCode).toBe(404);
    await hideItem(t, userA, operator, target, 'restore');
    expect(await matrix(urls, author)).toEqual(expected(urls, 'shown'));
  }

  it('a post’s images: everyone’s while shown, operators’ only while hidden, no one’s once deleted', async () => {
    const author = await t.createUser();
    const form = multipart([
      { name: 'text', content: 'from the front row' },
      { name: 'images', filename: 'p.jpg', contentType: 'image/jpeg', content: await photoJpeg(800, 600) },
    ]);
    const created = await t.request({ method: 'POST', url: `/api/artists/${artistId}/posts`, cookie: author.cookie, ...form });
    expect(created.statusCode, created.body).toBe(201);
    const post = (created.json() as { post: Post }).post;
    const urls = post.imageUrls;
    expect(urls).toHaveLength(1);
    await expectFollowsHiding(urls, author, { type: 'post', id: post.id });
    const deleted = await t.request({ method: 'DELETE', url: `/api/posts/${post.id}`, cookie: author.cookie });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await matrix(urls, author)).toEqual(expected(urls, 'deleted'));
  });

  it('a film’s video and poster: everyone’s while shown, operators’ only while hidden, no one’s once deleted', async () => {
    const author = await t.createUser();
    const uploaded = await t.request({
      method: 'POST',
      url: '/api/films/uploads',
      cookie: author.cookie,
      ...multipart([
        { name: 'title', content: 'Encore' },
        { name: 'artistId', content: String(artistId) },
        { name: 'video', filename: 'clip.mp4', contentType: 'video/mp4', content: minimalMp4() },
      ]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const film = (uploaded.json() as { film: Film }).film;
    const urls = [film.videoUrl!, film.posterUrl!];
    await expectFollowsHiding(urls, author, { type: 'film', id: film.id });
    const deleted = await t.request({ method: 'DELETE', url: `/api/films/${film.id}`, cookie: author.cookie });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await matrix(urls, author)).toEqual(expected(urls, 'deleted'));
  });

  it('a project’s thumbnail and proof photos: everyone’s while shown, operators’ only while the project is hidden', async () => {
    const { creator, project } = await runningProject(t, operator, artistId);
    const posted = await postProof(t, operator, project.id, { mediaId: project.media[0]!.mediaId, capturedAt: t.clock.now().toISOString() }, [{ content: await photoJpeg(800, 600) }]);
    expect(posted.statusCode, posted.body).toBe(201);
    const proof = (posted.json() as ProofsPostedResponse).proofs[0]!;
    const urls = [project.thumbnailUrl!, project.thumbnailSmallUrl!, proof.url!];
    await expectFollowsHiding(urls, creator, { type: 'project', id: project.id });
  });

  it('a withdrawn proof’s file answers no one, operators included', async () => {
    const { project } = await runningProject(t, operator, artistId);
    const posted = await postProof(t, operator, project.id, { mediaId: project.media[0]!.mediaId, capturedAt: t.clock.now().toISOString() }, [{ content: await photoJpeg(800, 600) }]);
    const proof = (posted.json() as ProofsPostedResponse).proofs[0]!;
    expect((await t.request({ url: proof.url!, cookie: operator.cookie })).statusCode).toBe(200);
    const withdrawn = await t.request({ method: 'POST', url: `/api/operator/proofs/${proof.id}/withdrawal`, cookie: operator.cookie, payload: { reason: 'wrong face' } });
    expect(withdrawn.statusCode, withdrawn.body).toBe(201);
    expect(await matrix([proof.url!], operator)).toEqual(expected([proof.url!], 'deleted'));
  });

  it('a stored file no item holds any more (a removal that failed) answers no one', async () => {
    const orphan = t.files.urlFor(await t.files.save('post-images', 'webp', await photoJpeg(64, 64)));
    expect(await matrix([orphan], userB)).toEqual(expected([orphan], 'deleted'));
  });

  it('answers a key no store could have written with a 404, never a failed lookup', async () => {
    for (const url of ['/api/files/post-images/a%00b.webp', '/api/files/films/x/y.mp4', '/api/files/project-proofs/%E2%80%AE.webp']) {
      const response = await t.request({ url, cookie: operator.cookie });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

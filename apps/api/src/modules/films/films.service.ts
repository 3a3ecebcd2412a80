import fs from 'node:fs/promises';
import { youtubeIdOf, type Film, type FilmFields, type FilmsQuery, type FilmsResponse, type YoutubeFilmBody } from '@orchard/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { coalesceReads } from '../../db/coalesce.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { unauthenticated } from '../../lib/errors.ts';
import { standingOf, type FileOwners, type FileStore } from '../../lib/storage.ts';
import { artistNamesOf } from '../artists/artists.service.ts';
import { likedAmong } from '../community/community.service.ts';
import { participationOf } from '../projects/projects.service.ts';
import { artistUnknown, filmNotFound, filmsCursorInvalid, notFilmAuthor, projectNotJoined, videoInvalid, videoNotMp4 } from './films.errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { Mp4Error, readMp4File, type Mp4Info } from '../../lib/mp4.ts';
import { firstFramePoster, generatedPoster, hasDecoder } from './films.poster.ts';
import { createFilmsRepository, type FilmFilter, type FilmView } from './films.repository.ts';


export type FilmsDependencies = { db: Db; clock: Clock; files: FileStore; posterDecoder: 'auto' | 'off' };

const defaultPageSize = 20;

/**
 * Films (docs/product.md#films): a YouTube link or an uploaded MP4 from a fan, about an artist and
 * optionally a project they took part in. Uploads arrive as a file on disk (streamed there by the
 * route); this service checks its boxes, stores it under a generated name, makes its poster, and
 * records the film. Deleting keeps the row (comments and likes point at it) and removes the files.
 */
export function createFilmsService({ db, clock, files, posterDecoder }: FilmsDependencies) {
  const repository = createFilmsRepository({ db });
  const sharedPage = coalesceReads((key) => {
    const { filter, beforeId, limit } = JSON.parse(key) as { filter: FilmFilter; beforeId?: number; limit: number };
    return repository.listFilms(filter, beforeId, limit);
  });

  const present = (view: FilmView, viewer: Viewer): Film => ({
    id: view.id,
    title: view.title,
    artistId: view.artistId,
    projectId: view.projectId,
    posterUrl: view.posterPath ? files.urlFor(view.posterPath) : null,
    youtubeId: view.youtubeId,
    videoUrl: view.videoPath ? files.urlFor(view.videoPath) : null,
    durationSeconds: view.durationMs === null ? null : Math.round(view.durationMs / 100) / 10,
    width: view.width,
    height: view.height,
    likes: view.likes,
    comments: view.comments,
    liked: view.liked,
    author: { nickname: view.authorDeletedAt ? null : view.authorNickname },
    viewerIsAuthor: viewer !== null && viewer.userId === view.authorId,
    hidden: view.hiddenAt !== null,
    createdAt: view.createdAt.toISOString(),
  });

  /** The artist's names, and the project checked: the fan took part in it, and it is the film's artist's. */
  async function checkFields(viewer: NonNullable<Viewer>, fields: FilmFields) {
    const artistNames = await artistNamesOf(db, fields.artistId);
    if (!artistNames) throw artistUnknown();
    if (fields.projectId !== undefined) {
      const participation = await participationOf(db, fields.projectId, viewer.userId);
      if (!participation?.tookPart || participation.artistId !== fields.artistId) throw projectNotJoined();
    }
    return artistNames;
  }

  async function read(filmId: number, viewer: Viewer): Promise<Film> {
    const view = await repository.findFilm(filmId, viewer?.userId ?? null);
    if (!view || (view.hiddenAt !== null && !viewer?.isOperator)) throw filmNotFound();
    return present(view, viewer);
  }

  return {
    get: read,

    /** What the community module needs of a film target (docs/decisions/074-films.md): one its author has not deleted, or null. */
    targetOf: (filmId: number) => repository.target(filmId),
    /** The report queue's films (title, hidden), read within the caller's transaction where it passes one. */
    reportedAmong: (source: DbOrTx, filmIds: readonly number[]) => createFilmsRepository({ db: source }).reportedAmong(filmIds),
    /** An operator's report decision hides or restores the film, in the decision's transaction (with its audit entry). */
    setHiddenWithin: (tx: DbOrTx, filmId: number, hiddenAt: Date | null) => createFilmsRepository({ db: tx }).setHidden(filmId, hiddenAt),

    /** A film's video and poster are served as the film is shown: to operators only while hidden, to no one once deleted (docs/product.md#films). */
    fileOwners: {
      films: async (key) => standingOf(await repository.fileHolder('video', key)),
      'film-posters': async (key) => standingOf(await repository.fileHolder('poster', key)),
    } satisfies FileOwners,

    /**
     * A page of films. The rows are one read shared by every request for the same page that
     * arrives while it runs (decision 057's public lists); the viewer's likes are a keyed read of
     * their own.
     */
    async list(query: FilmsQuery, viewer: Viewer): Promise<FilmsResponse> {
      const limit = query.limit ?? defaultPageSize;
      const beforeId = query.cursor === undefined ? undefined : decodeCursor(query.cursor, 'id', { min: 1, max: Number.MAX_SAFE_INTEGER }, filmsCursorInvalid);
      if ((query.following === 'true' || query.mine === 'true') && !viewer) throw unauthenticated();
      const filter: FilmFilter = {
        artistId: query.artistId,
        projectId: query.projectId,
        authorId: query.mine === 'true' ? viewer!.userId : undefined,
        followerId: query.following === 'true' ? viewer!.userId : undefined,
        includeHidden: viewer?.isOperator ?? false,
      };
      const rows = await sharedPage(JSON.stringify({ filter, beforeId, limit: limit + 1 }));
      const page = rows.slice(0, limit);
      const liked = viewer ? await likedAmong(db, 'film', viewer.userId, page.map((row) => row.id)) : new Set<number>();
      return {
        items: page.map((row) => present({ ...row, liked: liked.has(row.id) }, viewer)),
        nextCursor: rows.length > limit ? encodeCursor('id', page.at(-1)!.id) : null,
      };
    },

    async createYoutubeFilm(viewer: NonNullable<Viewer>, body: YoutubeFilmBody): Promise<Film> {
      await checkFields(viewer, body);
      const youtubeId = youtubeIdOf(body.youtubeUrl);
      if (!youtubeId) throw videoInvalid('not a YouTube link');
      const id = await repository.insertFilm({
        authorId: viewer.userId,
        artistId: body.artistId,
        projectId: body.projectId ?? null,
        title: body.title,
        source: 'youtube',
        youtubeId,
        createdAt: clock.now(),
      });
      return read(id, viewer);
    },

    /**
     * An upload already streamed to `tempPath` (the route counted its bytes against the limit).
     * The file is removed from there whatever happens: stored under a generated name, or deleted.
     */
    async createUploadedFilm(viewer: NonNullable<Viewer>, fields: FilmFields, tempPath: string): Promise<Film> {
      const stored: string[] = [];
      try {
        const artistNames = await checkFields(viewer, fields);
        const info = await inspect(tempPath);
        const frame = posterDecoder === 'auto' && (await hasDecoder()) ? await firstFramePoster(tempPath) : null;
        const poster = frame ?? (await generatedPoster(fields.title, artistNames.ko, fields.artistId));
        const posterPath = await files.save('film-posters', 'webp', poster);
        stored.push(posterPath);
        const { size: sizeBytes } = await fs.stat(tempPath);
        const videoPath = await files.adopt('films', 'mp4', tempPath);
        stored.push(videoPath);
        const id = await repository.insertFilm({
          authorId: viewer.userId,
          artistId: fields.artistId,
          projectId: fields.projectId ?? null,
          title: fields.title,
          source: 'upload',
          videoPath,
          posterPath,
          durationMs: info.durationMs,
          width: info.width,
          height: info.height,
          codec: info.codec,
          sizeBytes,
          createdAt: clock.now(),
        });
        stored.length = 0;
        return await read(id, viewer);
      } finally {
        await fs.rm(tempPath, { force: true });
        for (const key of stored) await files.remove(key);
      }
    },

    async remove(filmId: number, viewer: NonNullable<Viewer>): Promise<void> {
      const target = await repository.findFilm(filmId, null);
      if (!target || (target.hiddenAt !== null && !viewer.isOperator && target.authorId !== viewer.userId)) throw filmNotFound();
      if (target.authorId !== viewer.userId && !viewer.isOperator) throw notFilmAuthor();
      const deleted = await repository.markDeleted(filmId, clock.now());
      if (!deleted) throw filmNotFound();
      for (const key of [deleted.videoPath, deleted.posterPath]) if (key) await files.remove(key);
    },
  };
}

/** The upload's boxes read: an MP4 (magic bytes: an `ftyp` box first) with a playable video track. */
async function inspect(tempPath: string): Promise<Mp4Info> {
  const handle = await fs.open(tempPath, 'r');
  const head = Buffer.alloc(12);
  try {
    await handle.read(head, 0, 12, 0);
  } finally {
    await handle.close();
  }
  if (head.toString('latin1', 4, 8) !== 'ftyp') throw videoNotMp4();
  try {
    return await readMp4File(tempPath);
  } catch (error) {
    if (error instanceof Mp4Error) throw videoInvalid(error.reason);
    throw error;
  }
}

export type FilmsService = ReturnType<typeof createFilmsService>;

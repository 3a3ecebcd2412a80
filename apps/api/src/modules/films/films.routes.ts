import { z } from 'zod';
import {
  filmFieldsSchema,
  filmIdParamsSchema,
  filmLimitsResponseSchema,
  filmResponseSchema,
  filmsQuerySchema,
  filmsResponseSchema,
  youtubeFilmBodySchema,
} from '@orchard/shared';
import { errorResponses } from '../../lib/schemas.ts';
import { acceptUploads, mp4Files, readUpload, uploadForm } from '../../lib/uploads.ts';
import { requireViewer, viewerOf } from '../../plugins/session.ts';
import type { App } from '../../types.ts';
import type { FilmsService } from './films.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415, 422);

/** A film's multipart body: its fields as text and one MP4 in `video`, streamed to a temporary file. */
const filmForm = (maxBytes: number) =>
  uploadForm({
    name: 'film',
    fields: filmFieldsSchema,
    files: { video: { count: { min: 1, max: 1 }, maxBytes, accepts: mp4Files, keep: 'disk' } },
    tempPrefix: 'orchard-film-',
  });

/**
 * Films (docs/product.md#films). Uploads are streamed to a temporary file as they arrive, never
 * held in memory, and cut off at the configured limit (docs/architecture.md#uploads); the stored
 * video is served by /api/files/ with Range requests.
 */
export async function registerFilmsRoutes(app: App, { films, maxBytes }: { films: FilmsService; maxBytes: number }) {
  app.get(
    '/api/films',
    { config: { access: 'public' }, schema: { tags: ['films'], querystring: filmsQuerySchema, response: { 200: filmsResponseSchema, ...errors } } },
    async (request) => films.list(request.query, viewerOf(request)),
  );

  app.get(
    '/api/films/limits',
    { config: { access: 'public' }, schema: { tags: ['films'], response: { 200: filmLimitsResponseSchema } } },
    async () => ({ maxBytes }),
  );

  app.get(
    '/api/films/:filmId',
    { config: { access: 'public' }, schema: { tags: ['films'], params: filmIdParamsSchema, response: { 200: filmResponseSchema, ...errors } } },
    async (request) => ({ film: await films.get(request.params.filmId, viewerOf(request)) }),
  );

  app.post(
    '/api/films',
    {
      config: { access: 'joined' },
      schema: { tags: ['films'], body: youtubeFilmBodySchema, response: { 201: filmResponseSchema, ...errors } },
    },
    async (request, reply) => reply.code(201).send({ film: await films.createYoutubeFilm(requireViewer(request), request.body) }),
  );

  app.delete(
    '/api/films/:filmId',
    { config: { access: 'joined' }, schema: { tags: ['films'], params: filmIdParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await films.remove(request.params.filmId, requireViewer(request));
      return reply.code(204).send(null);
    },
  );

  // Multipart is accepted by this route alone, with its own limits (docs/quality.md#s6).
  const form = filmForm(maxBytes);
  await app.register(async (uploads: App) => {
    await acceptUploads(uploads);
    uploads.post(
      '/api/films/uploads',
      {
        config: { access: 'joined', rateLimitBucket: 'uploads', upload: form },
        schema: { tags: ['films'], consumes: ['multipart/form-data'], response: { 201: filmResponseSchema, ...errors } },
      },
      async (request, reply) => {
        const viewer = requireViewer(request);
        const { fields, files } = await readUpload(request, form);
        return reply.code(201).send({ film: await films.createUploadedFilm(viewer, fields, files.video[0]!.path) });
      },
    );
  });
}

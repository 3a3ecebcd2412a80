import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  filmFieldsSchema,
  filmIdParamsSchema,
  filmLimitsResponseSchema,
  filmResponseSchema,
  filmsQuerySchema,
  filmsResponseSchema,
  youtubeFilmBodySchema,
  type FilmFields,
} from '@orchard/shared';
import { AppError, badRequest } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { requireViewer, viewerOf } from '../../plugins/session.ts';
import type { App } from '../../types.ts';
import type { FilmsService } from './films.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415, 422);



/** Room for the multipart framing and the three text fields around the video. */
const multipartOverheadBytes = 64 * 1024;

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
  await app.register(async (uploads: App) => {
    await uploads.register(fastifyMultipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: maxBytes, files: 1, fields: 3, parts: 4, fieldNameSize: 100, fieldSize: 1024, headerPairs: 20 },
    });
    uploads.post(
      '/api/films/uploads',
      {
        config: { access: 'joined', rateLimitBucket: 'uploads' },
        schema: { tags: ['films'], consumes: ['multipart/form-data'], response: { 201: filmResponseSchema, ...errors } },
      },
      async (request, reply) => {
        const viewer = requireViewer(request);
        // A body declared far past the limit is refused before a byte of it is read.
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes + multipartOverheadBytes) {
          throw new AppError(413, 'uploads.too_large', 'The file is too large.', { maxBytes });
        }
        const { fields, tempPath } = await receiveUpload(request);
        return reply.code(201).send({ film: await films.createUploadedFilm(viewer, fields, tempPath) });
      },
    );
  });
}

/**
 * Reads the multipart body: the text fields (title, artistId, projectId) and one file `video`,
 * piped to a temporary file as it arrives. The client's file name and type are never used.
 */
async function receiveUpload(request: FastifyRequest): Promise<{ fields: FilmFields; tempPath: string }> {
  if (!request.isMultipart()) throw new AppError(415, 'request.unsupported_media_type', 'Send the film as multipart/form-data.');
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'orchard-film-'));
  const tempPath = path.join(folder, `${randomBytes(8).toString('hex')}.upload`);
  const values: Record<string, string> = Object.create(null) as Record<string, string>;
  let received = false;
  let bytes = 0;
  try {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'video' || received) throw badRequest('validation.invalid', 'Send one file, in the field "video".');
          received = true;
          part.file.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
          });
          await pipeline(part.file, createWriteStream(tempPath, { flags: 'wx' }));
        } else {
          if (!['title', 'artistId', 'projectId'].includes(part.fieldname) || Object.hasOwn(values, part.fieldname) || typeof part.value !== 'string') {
            throw badRequest('validation.invalid', 'Send only the fields title, artistId, projectId and the file video.');
          }
          values[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      // The plugin's limit errors carry an FST_ code the error handler maps; busboy's parse errors do not.
      if (error instanceof AppError || (error as { code?: unknown }).code) throw error;
      throw badRequest('validation.invalid', 'The multipart body is malformed.');
    }
    if (!received) throw badRequest('uploads.missing_file', 'Send the video in the field "video".');
    if (bytes === 0) throw new AppError(422, 'uploads.empty_file', 'The file is empty.');
    const parsed = filmFieldsSchema.safeParse({ ...values });
    if (!parsed.success) {
      throw badRequest(
        'validation.invalid',
        'The film\u2019s fields are not valid.',
        parsed.error.issues.map((issue) => ({ in: 'body', path: `/${issue.path.join('/')}`, message: issue.message })),
      );
    }
    const moved = path.join(os.tmpdir(), `orchard-film-${randomBytes(12).toString('hex')}.upload`);
    await fs.rename(tempPath, moved);
    return { fields: parsed.data, tempPath: moved };
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

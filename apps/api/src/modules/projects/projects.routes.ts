import {
  creationBodySchema,
  eventBodySchema,
  idempotencyKeyHeaderSchema,
  myProjectArtistsResponseSchema,
  myProjectsQuerySchema,
  myProjectsResponseSchema,
  operatorRequestsQuerySchema,
  operatorRequestsResponseSchema,
  projectDecisionBodySchema,
  projectIdParamsSchema,
  projectQuerySchema,
  projectRequestBodySchema,
  projectResponseSchema,
  projectThumbnailMaxBytes,
  publicProjectsQuerySchema,
} from '@orchard/shared';
import { errorResponses } from '../../lib/schemas.ts';
import { sendJsonText } from '../../lib/shared-json.ts';
import { acceptUploads, imagesForm, readUpload } from '../../lib/uploads.ts';
import { languageOf, requireSession, viewerOf } from '../../plugins/session.ts';
import type { App } from '../../types.ts';
import { keyScopeOf } from '../idempotency/idempotency.service.ts';
import type { ProjectsService } from './projects.service.ts';

export const errors = errorResponses(400, 401, 403, 404, 409, 413, 415, 422);

/** A project's thumbnail: one image in `file`. */
const thumbnailForm = imagesForm(projectThumbnailMaxBytes);

/** Thin routes over the projects service (docs/architecture.md#api-conventions). */
export async function registerProjectsRoutes(app: App, { projects }: { projects: ProjectsService }) {
  app.post(
    '/api/project-requests',
    {
      config: { access: 'joined' },
      schema: {
        tags: ['projects'],
        headers: idempotencyKeyHeaderSchema,
        querystring: projectQuerySchema,
        body: projectRequestBodySchema,
        response: { 201: projectResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const language = languageOf(request, request.query.lang);
      return reply.code(201).send({ project: await projects.request(keyScopeOf(request, userId), request.body, language) });
    },
  );

  app.get(
    '/api/projects/:projectId',
    {
      config: { access: 'public' },
      schema: { tags: ['projects'], params: projectIdParamsSchema, querystring: projectQuerySchema, response: { 200: projectResponseSchema, ...errors } },
    },
    async (request) => ({
      project: await projects.get(request.params.projectId, viewerOf(request), languageOf(request, request.query.lang)),
    }),
  );

  app.get(
    '/api/projects',
    {
      config: { access: 'public' },
      schema: { tags: ['projects'], querystring: publicProjectsQuerySchema, response: { 200: myProjectsResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const language = languageOf(request, request.query.lang);
      // A signed-out visitor's list is everyone's: its text is shared (decision 112).
      if (viewer === null && !request.query.following) return sendJsonText(reply, await projects.listPublicJson(request.query, language));
      // The followed artists' projects are the signed-in fan's own list: 401 signed out.
      return projects.listPublic(request.query, viewer, language, request.query.following ? requireSession(request).userId : null);
    },
  );

  app.get(
    '/api/operator/project-requests',
    {
      config: { access: 'operator' },
      schema: { tags: ['operator'], querystring: operatorRequestsQuerySchema, response: { 200: operatorRequestsResponseSchema, ...errors } },
    },
    async (request) =>
      projects.requestQueue(viewerOf(request)!, { cursor: request.query.cursor, language: languageOf(request, request.query.lang) }),
  );

  app.post(
    '/api/operator/projects/:projectId/decision',
    {
      config: { access: 'operator' },
      schema: {
        tags: ['operator'],
        params: projectIdParamsSchema,
        querystring: projectQuerySchema,
        body: projectDecisionBodySchema,
        response: { 200: projectResponseSchema, ...errors },
      },
    },
    async (request) => ({
      project: await projects.decide(requireSession(request).userId, request.params.projectId, request.body, languageOf(request, request.query.lang)),
    }),
  );

  app.post(
    '/api/operator/events',
    {
      config: { access: 'operator' },
      schema: {
        tags: ['operator'],
        headers: idempotencyKeyHeaderSchema,
        querystring: projectQuerySchema,
        body: eventBodySchema,
        response: { 201: projectResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = requireSession(request);
      return reply.code(201).send({ project: await projects.createEvent(keyScopeOf(request, userId), request.body, languageOf(request, request.query.lang)) });
    },
  );

  // Multipart is accepted by this route alone, with its own limits (docs/quality.md#s6).
  await app.register(async (uploads: App) => {
    await acceptUploads(uploads);
    uploads.put(
      '/api/projects/:projectId/thumbnail',
      {
        config: { access: 'joined', rateLimitBucket: 'uploads', upload: thumbnailForm },
        schema: {
          tags: ['projects'],
          consumes: ['multipart/form-data'],
          params: projectIdParamsSchema,
          querystring: projectQuerySchema,
          response: { 200: projectResponseSchema, ...errors },
        },
      },
      async (request) => ({
        project: await projects.replaceThumbnail(
          requireSession(request).userId,
          request.params.projectId,
          (await readUpload(request, thumbnailForm)).files.file[0]!,
          languageOf(request, request.query.lang),
        ),
      }),
    );
  });

  app.post(
    '/api/projects/:projectId/creation',
    {
      config: { access: 'joined' },
      schema: {
        tags: ['projects'],
        headers: idempotencyKeyHeaderSchema,
        params: projectIdParamsSchema,
        querystring: projectQuerySchema,
        body: creationBodySchema,
        response: { 201: projectResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const { projectId } = request.params;
      const language = languageOf(request, request.query.lang);
      return reply.code(201).send({ project: await projects.create(keyScopeOf(request, userId), projectId, request.body, language) });
    },
  );

  app.get(
    '/api/my/projects/artists',
    { config: { access: 'joined' }, schema: { tags: ['projects'], response: { 200: myProjectArtistsResponseSchema, ...errors } } },
    async (request) => projects.listMyArtists(requireSession(request).userId),
  );

  app.get(
    '/api/my/projects',
    {
      config: { access: 'joined' },
      schema: { tags: ['projects'], querystring: myProjectsQuerySchema, response: { 200: myProjectsResponseSchema, ...errors } },
    },
    async (request) =>
      projects.listMine(requireSession(request).userId, {
        tab: request.query.tab,
        artistId: request.query.artistId,
        cursor: request.query.cursor,
        language: languageOf(request, request.query.lang),
      }),
  );
}

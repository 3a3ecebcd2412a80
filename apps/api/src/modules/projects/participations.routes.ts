import {
  cancellationBodySchema,
  cancellationPreviewResponseSchema,
  idempotencyKeyHeaderSchema,
  participantsQuerySchema,
  participantsResponseSchema,
  participationBodySchema,
  participationResponseSchema,
  projectIdParamsSchema,
  projectQuerySchema,
  projectResponseSchema,
} from '@orchard/shared';
import { keyScopeOf } from '../idempotency/idempotency.service.ts';
import { languageOf, requireSession, viewerOf } from '../../plugins/session.ts';
import { emptyQuerySchema, errorResponses } from '../../lib/schemas.ts';
import type { App } from '../../types.ts';
import type { ParticipationsService } from './participations.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415, 422);

/** Participation, the funders list and the operator's cancellation: thin routes over the service. */
export async function registerParticipationsRoutes(app: App, { participations }: { participations: ParticipationsService }) {
  app.post(
    '/api/projects/:projectId/participations',
    {
      config: { access: 'joined' },
      schema: {
        tags: ['projects'],
        headers: idempotencyKeyHeaderSchema,
        params: projectIdParamsSchema,
        querystring: projectQuerySchema,
        body: participationBodySchema,
        response: { 201: participationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const { projectId } = request.params;
      return reply.code(201).send(await participations.participate(keyScopeOf(request, userId), projectId, request.body.amount, languageOf(request, request.query.lang)));
    },
  );

  app.get(
    '/api/projects/:projectId/participations',
    {
      config: { access: 'public' },
      schema: { tags: ['projects'], params: projectIdParamsSchema, querystring: participantsQuerySchema, response: { 200: participantsResponseSchema, ...errors } },
    },
    async (request) => participations.participants(request.params.projectId, request.query),
  );

  app.get(
    '/api/operator/projects/:projectId/cancellation-preview',
    {
      config: { access: 'operator' },
      schema: { tags: ['operator'], params: projectIdParamsSchema, querystring: emptyQuerySchema, response: { 200: cancellationPreviewResponseSchema, ...errors } },
    },
    async (request) => participations.cancellationPreview(request.params.projectId),
  );

  app.post(
    '/api/operator/projects/:projectId/cancellation',
    {
      config: { access: 'operator' },
      schema: {
        tags: ['operator'],
        params: projectIdParamsSchema,
        querystring: projectQuerySchema,
        body: cancellationBodySchema,
        response: { 200: projectResponseSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = viewerOf(request)!;
      const project = await participations.cancel(viewer.userId, request.params.projectId, request.body.reason, viewer, languageOf(request, request.query.lang));
      return { project };
    },
  );
}

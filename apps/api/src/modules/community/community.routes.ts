import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  commentBodySchema,
  commentIdParamsSchema,
  commentResponseSchema,
  commentsQuerySchema,
  commentsResponseSchema,
  likeResponseSchema,
  operatorReportsQuerySchema,
  operatorReportsResponseSchema,
  projectIdParamsSchema,
  reportBodySchema,
  reportDecisionBodySchema,
  reportDecisionResponseSchema,
  reportIdParamsSchema,
  reportResponseSchema,
} from '@orchard/shared';
import { errorResponses } from '../../lib/schemas.ts';
import { requireSession } from '../../plugins/session.ts';
import type { App } from '../../types.ts';
import type { Viewer } from '../projects/projects.service.ts';
import type { CommunityService } from './community.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 422);

const viewerOf = (request: FastifyRequest): Viewer =>
  request.session?.joined ? { userId: request.session.userId, isOperator: request.session.roles.includes('operator') } : null;

const joinedViewer = (request: FastifyRequest) => {
  const session = requireSession(request);
  return { userId: session.userId, isOperator: session.roles.includes('operator') };
};

/**
 * Comments, likes and reports (docs/product.md#comments, docs/product.md#reports). Posting and
 * deleting comments share the `comments` rate-limit bucket, reports have the `reports` bucket, and
 * likes count against `writes` (docs/quality.md#s8).
 */
export function registerCommunityRoutes(app: App, { community }: { community: CommunityService }) {
  app.get(
    '/api/projects/:projectId/comments',
    {
      config: { access: 'public' },
      schema: { tags: ['community'], params: projectIdParamsSchema, querystring: commentsQuerySchema, response: { 200: commentsResponseSchema, ...errors } },
    },
    async (request) => community.listComments(request.params.projectId, viewerOf(request), request.query),
  );

  app.post(
    '/api/projects/:projectId/comments',
    {
      config: { access: 'joined', rateLimitBucket: 'comments' },
      schema: { tags: ['community'], params: projectIdParamsSchema, body: commentBodySchema, response: { 201: commentResponseSchema, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send({ comment: await community.postComment(request.params.projectId, joinedViewer(request), request.body.body) }),
  );

  app.delete(
    '/api/comments/:commentId',
    { config: { access: 'joined', rateLimitBucket: 'comments' }, schema: { tags: ['community'], params: commentIdParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await community.deleteComment(request.params.commentId, requireSession(request).userId);
      return reply.code(204).send(null);
    },
  );

  for (const method of ['PUT', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/projects/:projectId/like',
      config: { access: 'joined' },
      schema: { tags: ['community'], params: projectIdParamsSchema, response: { 200: likeResponseSchema, ...errors } },
      handler: async (request) => community.setLike(request.params.projectId, requireSession(request).userId, method === 'PUT'),
    });
  }

  app.post(
    '/api/reports',
    { config: { access: 'joined', rateLimitBucket: 'reports' }, schema: { tags: ['community'], body: reportBodySchema, response: { 201: reportResponseSchema, ...errors } } },
    async (request, reply) => reply.code(201).send({ report: await community.report(requireSession(request).userId, request.body) }),
  );

  app.get(
    '/api/operator/reports',
    {
      config: { access: 'operator' },
      schema: { tags: ['operator'], querystring: operatorReportsQuerySchema, response: { 200: operatorReportsResponseSchema, ...errors } },
    },
    async (request) => community.reportQueue(request.query),
  );

  app.post(
    '/api/operator/reports/:reportId/decision',
    {
      config: { access: 'operator' },
      schema: {
        tags: ['operator'],
        params: reportIdParamsSchema,
        body: reportDecisionBodySchema,
        response: { 200: reportDecisionResponseSchema, ...errors },
      },
    },
    async (request) => ({ report: await community.decide(requireSession(request).userId, request.params.reportId, request.body.action) }),
  );
}

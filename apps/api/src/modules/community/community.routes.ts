import { z } from 'zod';
import {
  artistParamsSchema,
  commentBodySchema,
  filmIdParamsSchema,
  postIdParamsSchema,
  postImageMaxBytes,
  postImagesMax,
  postResponseSchema,
  postsQuerySchema,
  postsResponseSchema,
  postTextBodySchema,
  postTextMax,
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
import { acceptUploads, imageFiles, readUpload, uploadForm } from '../../lib/uploads.ts';
import { requireSession, requireViewer, viewerOf } from '../../plugins/session.ts';
import type { App } from '../../types.ts';
import type { CommunityService } from './community.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const uploadErrors = errorResponses(400, 401, 403, 404, 409, 413, 415, 422);

/** The comment and like routes of films and posts: the same handlers as a project's, keyed by the target's own id. */
const otherTargets = [
  { type: 'film', path: '/api/films/:filmId', params: filmIdParamsSchema, idOf: (params: { filmId: number }) => params.filmId },
  { type: 'post', path: '/api/posts/:postId', params: postIdParamsSchema, idOf: (params: { postId: number }) => params.postId },
] as const;

/** A post's multipart body (docs/product.md#community): the field `text` and 0–4 files in `images`. */
const postForm = uploadForm({
  name: 'post',
  fields: postTextBodySchema,
  files: { images: { count: { min: 0, max: postImagesMax }, maxBytes: postImageMaxBytes, accepts: imageFiles, keep: 'memory' } },
  fieldBytes: postTextMax * 4,
});

/**
 * Posts, comments, likes and reports (docs/product.md#community, docs/product.md#comments,
 * docs/product.md#reports). Posting, editing and deleting posts and comments share the `comments`
 * rate-limit bucket, reports have the `reports` bucket, and likes count against `writes`
 * (docs/quality.md#s8).
 */
export async function registerCommunityRoutes(app: App, { community }: { community: CommunityService }) {
  app.get(
    '/api/artists/:artistId/posts',
    {
      config: { access: 'public' },
      schema: { tags: ['community'], params: artistParamsSchema, querystring: postsQuerySchema, response: { 200: postsResponseSchema, ...errors } },
    },
    async (request) => community.listPosts(request.params.artistId, viewerOf(request), request.query),
  );

  // A post: multipart, the only route of its scope to accept it (docs/quality.md#s6).
  await app.register(async (scope: App) => {
    await acceptUploads(scope);
    scope.post(
      '/api/artists/:artistId/posts',
      {
        config: { access: 'joined', rateLimitBucket: 'comments', upload: postForm },
        schema: { tags: ['community'], consumes: ['multipart/form-data'], params: artistParamsSchema, response: { 201: postResponseSchema, ...uploadErrors } },
      },
      async (request, reply) => {
        const { fields, files } = await readUpload(request, postForm);
        return reply.code(201).send({ post: await community.createPost(request.params.artistId, requireViewer(request), fields.text, files.images) });
      },
    );
  });

  app.patch(
    '/api/posts/:postId',
    {
      config: { access: 'joined', rateLimitBucket: 'comments' },
      schema: { tags: ['community'], params: postIdParamsSchema, body: postTextBodySchema, response: { 200: postResponseSchema, ...errors } },
    },
    async (request) => ({ post: await community.editPost(request.params.postId, requireViewer(request), request.body.text) }),
  );

  app.delete(
    '/api/posts/:postId',
    { config: { access: 'joined', rateLimitBucket: 'comments' }, schema: { tags: ['community'], params: postIdParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await community.deletePost(request.params.postId, requireViewer(request));
      return reply.code(204).send(null);
    },
  );

  for (const target of otherTargets) {
    const targetOf = (params: unknown) => ({ type: target.type, id: target.idOf(params as never) });
    app.get(
      `${target.path}/comments`,
      {
        config: { access: 'public' },
        schema: { tags: ['community'], params: target.params, querystring: commentsQuerySchema, response: { 200: commentsResponseSchema, ...errors } },
      },
      async (request) => community.listComments(targetOf(request.params), viewerOf(request), request.query),
    );
    app.post(
      `${target.path}/comments`,
      {
        config: { access: 'joined', rateLimitBucket: 'comments' },
        schema: { tags: ['community'], params: target.params, body: commentBodySchema, response: { 201: commentResponseSchema, ...errors } },
      },
      async (request, reply) => reply.code(201).send({ comment: await community.postComment(targetOf(request.params), requireViewer(request), request.body.body) }),
    );
    for (const method of ['PUT', 'DELETE'] as const) {
      app.route({
        method,
        url: `${target.path}/like`,
        config: { access: 'joined' },
        schema: { tags: ['community'], params: target.params, response: { 200: likeResponseSchema, ...errors } },
        handler: async (request) => community.setLike(targetOf(request.params), requireSession(request).userId, method === 'PUT'),
      });
    }
  }

  app.get(
    '/api/projects/:projectId/comments',
    {
      config: { access: 'public' },
      schema: { tags: ['community'], params: projectIdParamsSchema, querystring: commentsQuerySchema, response: { 200: commentsResponseSchema, ...errors } },
    },
    async (request) => community.listComments({ type: 'project', id: request.params.projectId }, viewerOf(request), request.query),
  );

  app.post(
    '/api/projects/:projectId/comments',
    {
      config: { access: 'joined', rateLimitBucket: 'comments' },
      schema: { tags: ['community'], params: projectIdParamsSchema, body: commentBodySchema, response: { 201: commentResponseSchema, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send({ comment: await community.postComment({ type: 'project', id: request.params.projectId }, requireViewer(request), request.body.body) }),
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
      handler: async (request) => community.setLike({ type: 'project', id: request.params.projectId }, requireSession(request).userId, method === 'PUT'),
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

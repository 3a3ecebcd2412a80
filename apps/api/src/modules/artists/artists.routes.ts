import {
  artistListQuerySchema,
  artistListResponseSchema,
  artistParamsSchema,
  artistSchema,
  followingArtistsResponseSchema,
  followResponseSchema,
} from '@orchard/shared';
import { emptyBodySchema, emptyQuerySchema, errorResponses } from '../../lib/schemas.ts';
import { requireSession } from '../../plugins/session.ts';
import type { App } from '../../types.ts';
import type { ArtistsService } from './artists.service.ts';

const errors = errorResponses(400, 401, 403, 404);

export function registerArtistsRoutes(app: App, { artists }: { artists: ArtistsService }) {
  app.get(
    '/api/artists',
    {
      config: { access: 'public' },
      schema: { tags: ['artists'], querystring: artistListQuerySchema, response: { 200: artistListResponseSchema, ...errors } },
    },
    async (request) => artists.list({ ...request.query, viewerId: request.session?.userId ?? null }),
  );

  app.get(
    '/api/artists/:artistId',
    {
      config: { access: 'public' },
      schema: { tags: ['artists'], params: artistParamsSchema, response: { 200: artistSchema, ...errors } },
    },
    async (request) => artists.get(request.params.artistId, request.session?.userId ?? null),
  );

  app.get(
    '/api/users/following-artists',
    {
      config: { access: 'joined' },
      schema: { tags: ['artists'], querystring: emptyQuerySchema, response: { 200: followingArtistsResponseSchema, ...errors } },
    },
    async (request) => artists.listFollowing(requireSession(request).userId),
  );

  app.put(
    '/api/users/following-artists/:artistId',
    {
      config: { access: 'joined' },
      schema: {
        tags: ['artists'],
        params: artistParamsSchema,
        body: emptyBodySchema,
        response: { 200: followResponseSchema, ...errors },
      },
    },
    async (request) => artists.follow(requireSession(request).userId, request.params.artistId),
  );

  app.delete(
    '/api/users/following-artists/:artistId',
    {
      config: { access: 'joined' },
      schema: {
        tags: ['artists'],
        params: artistParamsSchema,
        body: emptyBodySchema,
        response: { 200: followResponseSchema, ...errors, ...errorResponses(422) },
      },
    },
    async (request) => artists.unfollow(requireSession(request).userId, request.params.artistId),
  );
}

import type { FastifyRequest } from 'fastify';
import {
  adPackageListResponseSchema,
  mediaLanguageQuerySchema,
  mediaListQuerySchema,
  mediaListResponseSchema,
  mediumDetailSchema,
  mediumParamsSchema,
  type Language,
} from '@orchard/shared';
import { errorResponses } from '../../lib/schemas.ts';
import type { App } from '../../types.ts';
import type { MediaService } from './media.service.ts';

const errors = errorResponses(400, 404);

export function registerMediaRoutes(app: App, { media }: { media: MediaService }) {
  const languageOf = (request: FastifyRequest, lang: Language | undefined) =>
    media.languageFor({ lang, userId: request.session?.userId, acceptLanguage: request.headers['accept-language'] });

  app.get(
    '/api/media',
    {
      config: { access: 'public' },
      schema: { tags: ['media'], querystring: mediaListQuerySchema, response: { 200: mediaListResponseSchema, ...errors } },
    },
    async (request) => {
      const { lang, ...query } = request.query;
      return media.list(query, await languageOf(request, lang));
    },
  );

  app.get(
    '/api/media/:mediaId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['media'],
        params: mediumParamsSchema,
        querystring: mediaLanguageQuerySchema,
        response: { 200: mediumDetailSchema, ...errors },
      },
    },
    async (request) => media.get(request.params.mediaId, await languageOf(request, request.query.lang)),
  );

  app.get(
    '/api/ad-packages',
    {
      config: { access: 'public' },
      schema: { tags: ['media'], querystring: mediaLanguageQuerySchema, response: { 200: adPackageListResponseSchema, ...errors } },
    },
    async (request) => media.listPackages(await languageOf(request, request.query.lang)),
  );
}

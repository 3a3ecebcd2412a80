import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  adPackageListResponseSchema,
  errorResponseSchema,
  mediaLanguageQuerySchema,
  mediaListQuerySchema,
  mediaListResponseSchema,
  mediumDetailSchema,
  mediumParamsSchema,
  type Language,
} from '@orchard/shared';
import type { Db } from '../../db/client.ts';
import { resolveLanguage } from '../../lib/language.ts';
import type { App } from '../../types.ts';
import { users } from '../users/users.table.ts';
import type { MediaService } from './media.service.ts';

const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

export function registerMediaRoutes(app: App, { db, media }: { db: Db; media: MediaService }) {
  /** `lang`, else the signed-in user's setting, else Accept-Language (docs/product.md#languages). */
  async function languageOf(request: FastifyRequest, lang: Language | undefined): Promise<Language> {
    if (lang) return lang;
    let userLanguage: string | undefined;
    if (request.session) {
      const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, request.session.userId));
      userLanguage = row?.language;
    }
    return resolveLanguage({ userLanguage, acceptLanguage: request.headers['accept-language'] });
  }

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

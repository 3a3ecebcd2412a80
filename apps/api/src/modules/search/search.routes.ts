import type { FastifyRequest } from 'fastify';
import { searchQuerySchema, searchResponseSchema } from '@orchard/shared';
import { languageFromAcceptLanguage } from '../../lib/accept-language.ts';
import { errorResponses } from '../../lib/schemas.ts';
import type { App } from '../../types.ts';
import type { Viewer } from '../projects/projects.service.ts';
import type { SearchService } from './search.service.ts';

const errors = errorResponses(400);

/** Who is searching: a joined user sees their own follows and figures; an operator sees hidden projects too. */
const viewerOf = (request: FastifyRequest): Viewer =>
  request.session?.joined ? { userId: request.session.userId, isOperator: request.session.roles.includes('operator') } : null;

/** GET /api/search: artists and projects by a name or a title (docs/product.md#discovery). */
export function registerSearchRoutes(app: App, { search }: { search: SearchService }) {
  app.get(
    '/api/search',
    {
      config: { access: 'public' },
      schema: { tags: ['search'], querystring: searchQuerySchema, response: { 200: searchResponseSchema, ...errors } },
    },
    async (request) =>
      search.search(
        request.query.q,
        viewerOf(request),
        request.session?.userId ?? null,
        request.query.lang ?? languageFromAcceptLanguage(request.headers['accept-language']) ?? 'ko',
      ),
  );
}

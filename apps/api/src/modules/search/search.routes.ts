import { searchQuerySchema, searchResponseSchema } from '@orchard/shared';
import { errorResponses } from '../../lib/schemas.ts';
import { languageOf, viewerOf } from '../../plugins/session.ts';
import type { App } from '../../types.ts';
import type { SearchService } from './search.service.ts';

const errors = errorResponses(400);


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
        languageOf(request, request.query.lang),
      ),
  );
}

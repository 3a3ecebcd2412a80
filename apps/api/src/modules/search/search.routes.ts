import { searchQuerySchema, searchResponseSchema } from '@orchard/shared';
import { errorResponses } from '../../lib/schemas.ts';
import { sendJsonText } from '../../lib/shared-json.ts';
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
    async (request, reply) => {
      const viewer = viewerOf(request);
      const sessionUserId = request.session?.userId ?? null;
      const language = languageOf(request, request.query.lang);
      if (viewer === null && sessionUserId === null) return sendJsonText(reply, await search.searchJson(request.query.q, language));
      return search.search(request.query.q, viewer, sessionUserId, language);
    },
  );
}

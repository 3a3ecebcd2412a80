import { artistRankingsQuerySchema, artistRankingsResponseSchema } from '@orchard/shared';
import { errorResponses } from '../../lib/schemas.ts';
import { sendJsonText } from '../../lib/shared-json.ts';
import type { App } from '../../types.ts';
import type { RankingsService } from './rankings.service.ts';

export function registerRankingsRoutes(app: App, { rankings }: { rankings: RankingsService }) {
  // docs/product.md#discovery: artists by Orange funded or by distinct backers in a KST month.
  app.get(
    '/api/rankings/artists',
    {
      config: { access: 'public' },
      schema: { tags: ['rankings'], querystring: artistRankingsQuerySchema, response: { 200: artistRankingsResponseSchema, ...errorResponses(400) } },
    },
    async (request, reply) => sendJsonText(reply, await rankings.artistsJson(request.query)),
  );
}

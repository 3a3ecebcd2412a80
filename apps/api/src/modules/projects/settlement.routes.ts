import { projectIdParamsSchema, projectSettlementResponseSchema, settlementQuerySchema } from '@orchard/shared';
import { attachmentNamed } from '../../lib/csv.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { languageOf, viewerOf } from '../../plugins/session.ts';
import type { App } from '../../types.ts';
import { settlementCsvOf } from './projects.settlement.ts';
import type { ProjectsService } from './projects.service.ts';

const errors = errorResponses(400, 404, 409);

/** A closed project's settlement (docs/product.md#funding-close, decision 107): JSON, or with `format=csv` a download. */
export function registerSettlementRoutes(app: App, { projects }: { projects: Pick<ProjectsService, 'settlementOf'> }) {
  app.get(
    '/api/projects/:projectId/settlement',
    {
      config: { access: 'public' },
      schema: { tags: ['projects'], params: projectIdParamsSchema, querystring: settlementQuerySchema, response: { 200: projectSettlementResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const { projectId } = request.params;
      const settlement = await projects.settlementOf(projectId, viewerOf(request), languageOf(request, request.query.lang));
      if (request.query.format !== 'csv') return settlement;
      // A string under its own content type: Fastify sends it as it is, past the JSON schema above.
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachmentNamed(`settlement-${projectId}.csv`))
        .send(settlementCsvOf(settlement) as never);
    },
  );
}

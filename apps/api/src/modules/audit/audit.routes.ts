import { operatorAuditLogQuerySchema, operatorAuditLogResponseSchema } from '@orchard/shared';
import { errorResponses } from '../../lib/schemas.ts';
import type { App } from '../../types.ts';
import type { AuditService } from './audit.service.ts';

// The responses the route declared when the projects module served it, kept so the OpenAPI document is unchanged.
const errors = errorResponses(400, 401, 403, 404, 409, 413, 415, 422);

export function registerAuditRoutes(app: App, { audit }: { audit: AuditService }) {
  // docs/product.md#operators: operators read what operators did.
  app.get(
    '/api/operator/audit-log',
    {
      config: { access: 'operator' },
      schema: { tags: ['operator'], querystring: operatorAuditLogQuerySchema, response: { 200: operatorAuditLogResponseSchema, ...errors } },
    },
    async (request) => audit.page({ cursor: request.query.cursor }),
  );
}

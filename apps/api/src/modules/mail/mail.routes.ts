import { operatorMailsQuerySchema, operatorMailsResponseSchema } from '@orchard/shared';
import { errorResponses } from '../../lib/schemas.ts';
import type { App } from '../../types.ts';
import type { MailService } from './mail.service.ts';

const errors = errorResponses(400, 401, 403);

/** The operator console's list of the latest mails (docs/architecture.md#mail-outbox). */
export function registerMailRoutes(app: App, { mail }: { mail: Pick<MailService, 'listLatest'> }) {
  app.get(
    '/api/operator/mails',
    {
      config: { access: 'operator' },
      schema: { tags: ['operator'], querystring: operatorMailsQuerySchema, response: { 200: operatorMailsResponseSchema, ...errors } },
    },
    async (request) => mail.listLatest(request.query),
  );
}

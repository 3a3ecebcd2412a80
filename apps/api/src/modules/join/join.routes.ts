import { joinAgreementsBodySchema, joinCompleteBodySchema, joinStateResponseSchema } from '@orchard/shared';
import { emptyQuerySchema, errorResponses } from '../../lib/schemas.ts';
import { requireSession } from '../../plugins/session.ts';
import type { App } from '../../types.ts';
import type { JoinService } from './join.service.ts';

const errors = errorResponses(400, 401, 403, 409, 422);

// Access 'session': an account that has not joined yet is exactly who calls these.
export function registerJoinRoutes(app: App, { join }: { join: JoinService }) {
  app.get(
    '/api/join',
    {
      config: { access: 'session' },
      schema: { tags: ['join'], querystring: emptyQuerySchema, response: { 200: joinStateResponseSchema, ...errors } },
    },
    async (request) => join.state(requireSession(request).userId),
  );

  app.post(
    '/api/join/agreements',
    {
      config: { access: 'session' },
      schema: { tags: ['join'], body: joinAgreementsBodySchema, response: { 200: joinStateResponseSchema, ...errors } },
    },
    async (request) => join.agree(requireSession(request).userId, request.body),
  );

  app.post(
    '/api/join/complete',
    {
      config: { access: 'session' },
      schema: { tags: ['join'], body: joinCompleteBodySchema, response: { 200: joinStateResponseSchema, ...errors } },
    },
    async (request) => join.complete(requireSession(request).userId, request.body),
  );
}

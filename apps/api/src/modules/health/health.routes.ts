import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { errorResponses } from '../../lib/schemas.ts';
import type { App } from '../../types.ts';
import { notReady } from './health.errors.ts';

const healthResponseSchema = z.object({ status: z.literal('ok') });
/** Says nothing about what runs behind it: the engine and versions are no one's business outside. */
const readyResponseSchema = z.object({ status: z.literal('ready') });

export function registerHealthRoutes(app: App, database: Database) {
  // Liveness: the process answers.
  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: healthResponseSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  // Readiness: the database answers and every committed migration is applied.
  app.get(
    '/api/ready',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: readyResponseSchema, ...errorResponses(503) } } },
    async () => {
      const migrated = await database.isMigrated().catch(() => false);
      if (!migrated) throw notReady();
      return { status: 'ready' as const };
    },
  );
}

import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { errorResponses } from '../../lib/schemas.ts';
import type { App } from '../../types.ts';
import { draining, notReady } from './health.errors.ts';
import type { Readiness } from './readiness.ts';

const healthResponseSchema = z.object({ status: z.literal('ok') });
/** Says nothing about what runs behind it: the engine and versions are no one's business outside. */
const readyResponseSchema = z.object({ status: z.literal('ready') });

export function registerHealthRoutes(app: App, database: Database, readiness: Readiness) {
  // Liveness: the process answers.
  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: healthResponseSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  // Readiness: not shutting down, the database answers and every committed migration is applied.
  const readyRoute = { config: { access: 'public' as const }, schema: { tags: ['health'], response: { 200: readyResponseSchema, ...errorResponses(503) } } };
  const ready = async () => {
    if (readiness.draining) throw draining();
    const migrated = await database.isMigrated().catch(() => false);
    if (!migrated) throw notReady();
    return { status: 'ready' as const };
  };
  app.get('/api/health/ready', readyRoute, ready);
  // The first name of the route, kept for the deployments that probe it.
  app.get('/api/ready', readyRoute, ready);

  // While draining, each response closes its connection: a keep-alive client's next request then
  // opens a new one, which the load balancer sends to a process still ready (decision 084).
  app.addHook('onSend', async (_request, reply) => {
    if (readiness.draining) reply.header('Connection', 'close');
  });
}

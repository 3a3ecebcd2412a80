import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createLocalFileStore, type FileStore } from './lib/storage.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { createSessionService } from './modules/auth/session.service.ts';
import { registerAuthModule } from './modules/auth/auth.routes.ts';
import { registerArtistsRoutes } from './modules/artists/artists.routes.ts';
import { createArtistsService } from './modules/artists/artists.service.ts';
import { registerJoinRoutes } from './modules/join/join.routes.ts';
import { createJoinService } from './modules/join/join.service.ts';
import { registerUsersRoutes } from './modules/users/users.routes.ts';
import { registerExchangeRatesRoutes } from './modules/exchange-rates/exchange-rates.routes.ts';
import { createExchangeRatesService } from './modules/exchange-rates/exchange-rates.service.ts';
import { exchangeRateTable } from './modules/exchange-rates/exchange-rates.table.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createHistoryService } from './modules/points/history.ts';
import { createPaymentsService } from './modules/points/payments.service.ts';
import { registerPointsRoutes } from './modules/points/points.routes.ts';
import { createPointsService } from './modules/points/points.service.ts';
import { createPaymentGateway } from './lib/payments/create-gateway.ts';
import type { GatewayEventHandler, PaymentGateway } from './lib/payments/gateway.ts';
import { createSweeps } from './jobs/sweeps.ts';
import { createTestClock } from './lib/test-clock.ts';
import { registerMediaRoutes } from './modules/media/media.routes.ts';
import { createMediaService } from './modules/media/media.service.ts';
import { registerNotificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { registerProjectsRoutes } from './modules/projects/projects.routes.ts';
import { createProjectsService } from './modules/projects/projects.service.ts';
import { registerTestClockRoutes } from './modules/test-clock/test-clock.routes.ts';
import { registerPaymentGateway } from './modules/payment-gateway/payment-gateway.routes.ts';
import { registerCsrfProtection } from './plugins/csrf.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRateLimits } from './plugins/rate-limit.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSessions } from './plugins/session.ts';
import { registerUploadedFiles, registerWebApp } from './plugins/static-files.ts';
import type { App } from './types.ts';

export type AppDeps = {
  database: Database;
  clock?: Clock;
  files?: FileStore;
  redis?: Redis;
  /** false silences request logs (tests); otherwise pino at config.logLevel. */
  logger?: boolean;
  /** A payment gateway instead of the configured one (tests hold the sandbox to drive it). */
  paymentGateway?: PaymentGateway;
  /** Receives verified gateway webhooks instead of the payments service (gateway-layer tests). */
  onPaymentEvent?: GatewayEventHandler;
};

/** JSON bodies are small; files come as multipart with their own limits. */
export const jsonBodyLimit = 64 * 1024;

/**
 * The whole API as one Fastify instance, not listening: cross-cutting plugins first, then the
 * modules, registered explicitly and in order (ARCHITECTURE §2). Tests drive it with inject().
 */
export async function buildApp(config: Config, deps: AppDeps): Promise<App> {
  const baseClock = deps.clock ?? systemClock;
  // TEST_CLOCK=on: business time (deadlines, sweeps, expiry) follows a clock operators move forward;
  // sessions keep real time, so moving 40 days does not sign everyone out.
  const testClock = config.testClock ? createTestClock(baseClock) : null;
  const clock = testClock ?? baseClock;
  const files = deps.files ?? createLocalFileStore(config.dataDir);
  const { db } = deps.database;

  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel },
    genReqId: () => randomUUID(),
    bodyLimit: jsonBodyLimit,
    // X-Forwarded-For is believed only for the configured number of proxy hops (S8: no spoofing).
    trustProxy: config.trustProxyHops > 0 ? (_address: string, hop: number) => hop < config.trustProxyHops : false,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON (and multipart on upload routes): a text/plain body is a CSRF vector, not an API call.
  app.removeContentTypeParser('text/plain');
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    if (request.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });

  const sessions = createSessionService({ db, clock: baseClock, config });

  registerErrorHandling(app);
  registerSecurityHeaders(app, config);
  await registerSessions(app, config, sessions);
  registerCsrfProtection(app, config);
  await registerRateLimits(app, config, deps.redis);
  await registerOpenApi(app);
  await registerUploadedFiles(app, files);

  registerHealthRoutes(app, deps.database);
  const auth = await registerAuthModule(app, { db, clock, config, sessions });

  const artists = createArtistsService({ db, clock, files });
  // Other modules add their account-deletion guards and hooks to usersService (projects, points).
  const usersService = createUsersService({ db, clock, files, sessions, artists });
  await registerUsersRoutes(app, { users: usersService, config });
  registerJoinRoutes(app, { join: createJoinService({ db, clock, artists }) });
  registerArtistsRoutes(app, { artists });
  registerExchangeRatesRoutes(app, { exchangeRates: createExchangeRatesService({ table: exchangeRateTable, clock }) });

  // decisions (Points): the sandbox by default, Toss Payments by configuration. The payments
  // service takes `paymentGateway` and supplies the webhook handler in place of unhandledPaymentEvent.
  const paymentGateway = deps.paymentGateway ?? createPaymentGateway(config, clock);
  const points = createPointsService({ db, clock });
  // decisions: Identity — a deleted account forfeits its remaining points, with a ledger entry.
  usersService.onAccountDeleted.push((userId, tx) => points.forfeitAllWithin(tx, userId));
  const payments = createPaymentsService({ db, clock, gateway: paymentGateway, points, publicUrl: config.publicUrl });
  await registerPaymentGateway(app, { gateway: paymentGateway, onEvent: deps.onPaymentEvent ?? payments.handleGatewayEvent });
  registerPointsRoutes(app, { db, clock, points, payments, history: createHistoryService({ db }) });
  app.decorate('points', { points, payments, gateway: paymentGateway });
  // Media catalogue and in-app notifications (docs/product.md#media, docs/product.md#notifications).
  const media = createMediaService({ db });
  const notifications = createNotificationsService({ db, clock });
  registerMediaRoutes(app, { db, media });
  registerNotificationsRoutes(app, { notifications });

  // projects: request, decision, creation with deposit, sweeps, my-page lists, deletion guard, test clock.
  const projects = createProjectsService({ db, clock, files, points, notifications, catalogue: media });
  await registerProjectsRoutes(app, { db, clock, projects });
  usersService.accountDeletionGuards.push((userId, tx) => projects.deletionRefusal(userId, tx));
  if (testClock) {
    registerTestClockRoutes(app, {
      clock: testClock,
      database: deps.database,
      audit: (operatorId, before, after) => projects.auditOperatorAction(operatorId, 'test_clock.advance', before, after),
    });
  }

  // The scheduler is started by server.ts only; tests run these sweeps directly.
  app.decorate('sweeps', createSweeps({ points, payments, auth, sessions, projects }));

  await registerWebApp(app, config);
  return app;
}

import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { unmatchedRoute, type Metrics } from './lib/metrics.ts';
import { createFileStore } from './lib/file-store.ts';
import type { FileStore } from './lib/storage.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { createReadiness, type Readiness } from './modules/health/readiness.ts';
import { registerAuthModule } from './modules/auth/auth.routes.ts';
import { registerArtistsRoutes } from './modules/artists/artists.routes.ts';
import { registerAuditRoutes } from './modules/audit/audit.routes.ts';
import { registerJoinRoutes } from './modules/join/join.routes.ts';
import { registerUsersRoutes } from './modules/users/users.routes.ts';
import { registerExchangeRatesRoutes } from './modules/exchange-rates/exchange-rates.routes.ts';
import { registerPointsRoutes } from './modules/points/points.routes.ts';
import type { GatewayEventHandler, PaymentGateway } from './modules/payments/gateways/gateway.ts';
import { registerPaymentsRoutes } from './modules/payments/payments.routes.ts';
import { registerMediaRoutes } from './modules/media/media.routes.ts';
import { registerNotificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { registerMailRoutes } from './modules/mail/mail.routes.ts';
import { registerParticipationsRoutes } from './modules/projects/participations.routes.ts';
import { registerProjectsRoutes } from './modules/projects/projects.routes.ts';
import { registerProofsRoutes } from './modules/projects/proofs.routes.ts';
import { registerSettlementRoutes } from './modules/projects/settlement.routes.ts';
import { registerCommunityRoutes } from './modules/community/community.routes.ts';
import { registerFilmsRoutes } from './modules/films/films.routes.ts';
import { registerRankingsRoutes } from './modules/rankings/rankings.routes.ts';
import { registerSearchRoutes } from './modules/search/search.routes.ts';
import { registerSupportRoutes } from './modules/support/support.routes.ts';
import { registerTestClockRoutes } from './modules/test-clock/test-clock.routes.ts';
import { registerBodyCharsetCheck } from './plugins/body-charset.ts';
import { registerCsrfProtection } from './plugins/csrf.ts';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './plugins/errors.ts';
import { displayPreferenceCookie } from '@orchard/shared';
import { inProcessRemoteAddress } from './lib/in-process.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRateLimits } from './plugins/rate-limit.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSessions } from './plugins/session.ts';
import { maxPathParamLength, registerUploadedFiles, registerWebApp } from './plugins/static-files.ts';
import { buildServices, type Services } from './services.ts';
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
  /** The services, when the caller built them to keep (the server's scheduler, the test harness). */
  services?: Services;
  /** Records each request's latency by route (decision 081); none: not recorded. */
  metrics?: Metrics;
  /** Drained by the server's shutdown (decision 084); a fresh, ready one otherwise. */
  readiness?: Readiness;
};

/** JSON bodies are small; files come as multipart with their own limits. */
export const jsonBodyLimit = 64 * 1024;

/**
 * The whole API as one Fastify instance, not listening: cross-cutting plugins first, then the
 * modules, registered explicitly and in order (docs/architecture.md#layout). Tests drive it with inject().
 */
export async function buildApp(config: Config, deps: AppDeps): Promise<App> {
  const clock = deps.clock ?? systemClock;
  const files = deps.files ?? createFileStore(config);
  const { db } = deps.database;

  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel },
    genReqId: () => randomUUID(),
    bodyLimit: jsonBodyLimit,
    // X-Forwarded-For is believed only for the configured number of proxy hops (docs/quality.md#s8: no spoofing).
    trustProxy: config.trustProxyHops > 0 ? (_address: string, hop: number) => hop < config.trustProxyHops : false,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: maxPathParamLength },
    // Refusals before any route runs answer in the app's error shape too (docs/architecture.md#errors).
    frameworkErrors: (error, request, reply) => {
      void frameworkErrorHandler(error, request, reply);
    },
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON (and multipart on upload routes): a text/plain body is a CSRF vector, not an API call.
  app.removeContentTypeParser('text/plain');
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    if (request.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });

  const { metrics } = deps;
  if (metrics) {
    // The route's pattern, never the URL: one series per route, and one for every 404 (decision 081).
    app.addHook('onResponse', async (request, reply) => {
      metrics.requestDone(request.routeOptions.url ?? unmatchedRoute, request.method, reply.statusCode, reply.elapsedTime / 1000);
    });
  }

  const services = deps.services ?? buildServices(config, { db, clock, files, paymentGateway: deps.paymentGateway, metrics });

  registerErrorHandling(app);
  registerSecurityHeaders(app, config);
  // A cross-site write is refused before anything else looks at it, whoever its cookie names.
  registerCsrfProtection(app, config);
  registerBodyCharsetCheck(app);
  await registerSessions(app, config, services.sessions);
  await registerRateLimits(app, config, deps.redis);
  await registerOpenApi(app, config);
  await registerUploadedFiles(app, files, services.fileOwners);

  registerHealthRoutes(app, deps.database, deps.readiness ?? createReadiness());
  await registerAuthModule(app, { auth: services.auth, config, db, devIdentityProvider: services.devIdentityProvider });
  await registerUsersRoutes(app, { users: services.users, config });
  registerJoinRoutes(app, { join: services.join });
  registerArtistsRoutes(app, { artists: services.artists });
  registerExchangeRatesRoutes(app, { exchangeRates: services.exchangeRates });

  const { points, statement, payments, guardianRefunds, paymentGateway } = services;
  await registerPaymentsRoutes(app, { payments, guardianRefunds, gateway: paymentGateway, onEvent: deps.onPaymentEvent });
  registerPointsRoutes(app, { points, statement });
  // Media catalogue and in-app notifications (docs/product.md#media, docs/product.md#notifications).
  registerMediaRoutes(app, { media: services.media });
  registerNotificationsRoutes(app, { notifications: services.notifications });
  registerMailRoutes(app, { mail: services.mail });
  // Projects: request, decision, creation with deposit, my-page lists (docs/architecture.md#lifecycle).
  await registerProjectsRoutes(app, { projects: services.projects });
  await registerParticipationsRoutes(app, { participations: services.participations });
  await registerProofsRoutes(app, { proofs: services.proofs });
  registerSettlementRoutes(app, { projects: services.projects });
  // Posts, comments, likes, reports and the reports queue (docs/product.md#community, docs/product.md#comments).
  await registerCommunityRoutes(app, { community: services.community });
  // Films: YouTube links and streamed MP4 uploads (docs/product.md#films).
  await registerFilmsRoutes(app, { films: services.films, maxBytes: config.films.maxBytes });
  // The artist rankings (docs/product.md#discovery).
  registerRankingsRoutes(app, { rankings: services.rankings });
  // Search: artists and projects by a name or a title (docs/product.md#discovery).
  registerSearchRoutes(app, { search: services.search });
  // The FAQ, inquiries and the operators' inbox (docs/product.md#faq, docs/product.md#inquiries).
  await registerSupportRoutes(app, { support: services.support });
  // What operators did (docs/product.md#operators).
  registerAuditRoutes(app, { audit: services.audit });
  const { testClock, audit } = services;
  if (testClock) {
    await registerTestClockRoutes(app, {
      clock: testClock,
      database: deps.database,
      sweeps: services.sweeps,
      audit: (operatorId, before, after) => audit.record(deps.database.db, { operatorId, action: 'test_clock.advance', projectId: null, before, after }),
    });
  }

  await registerWebApp(app, config, {
    sharePreview: (projectId, language) => services.projects.sharePreview(projectId, language, config.publicUrl),
    // The route's own answer, asked of the app itself as a signed-out visitor of that device.
    landingAnswer: async (address, displayPreference) => {
      const response = await app.inject({
        method: 'GET',
        url: address,
        remoteAddress: inProcessRemoteAddress,
        headers: { accept: 'application/json', ...(displayPreference === undefined ? {} : { cookie: `${displayPreferenceCookie}=${encodeURIComponent(displayPreference)}` }) },
      });
      return response.statusCode === 200 ? (response.json() as unknown) : null;
    },
  });
  return app;
}

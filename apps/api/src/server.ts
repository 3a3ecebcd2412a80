import fs from 'node:fs';
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedSampleDataIfEmpty } from './demo/seed.ts';
import { systemClock } from './lib/clock.ts';
import { createMetricsRegistry, startMetricsListener } from './lib/metrics.ts';
import { ensureMediaReferenceData } from './modules/media/media.reference-data.ts';
import { ensureFaqSeeded } from './modules/support/faq.seed.ts';
import { checkFileStorage, createFileStore } from './lib/file-store.ts';
import { createScheduler } from './jobs/scheduler.ts';
import { createReadiness } from './modules/health/readiness.ts';
import { underStartUpLock } from './jobs/advisory-lock.ts';
import { buildServices } from './services.ts';
import { refreshArtistSearchKeys } from './modules/artists/search-keys.ts';
import { refreshProjectSearchKeys } from './modules/projects/search-keys.ts';
import { backfillNicknameKeys } from './modules/users/nickname-keys.ts';

function readConfig(): Config {
  // A .env file in the working folder, when there is one, fills in what the environment leaves unset.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
const files = createFileStore(config);
let redis: Redis | undefined;

try {
  await checkFileStorage(config);
  // Several processes may start at once on one PostgreSQL: one at a time migrates and seeds (decision 080).
  await underStartUpLock(database, async () => {
    await database.migrate();
    const nicknames = await backfillNicknameKeys(database.db);
    await refreshArtistSearchKeys(database.db);
    await refreshProjectSearchKeys(database.db);
    if (nicknames.renamed > 0) console.warn(`nickname keys: ${nicknames.rekeyed} recomputed, ${nicknames.renamed} look-alike nicknames replaced`);
    // The ADMM/ADMS code tables and ad packages are reference data, loaded with or without samples.
    await ensureMediaReferenceData(database.db);
    // The FAQ starts with real answers; operators' edits are kept (docs/product.md#faq).
    await ensureFaqSeeded(database.db, systemClock.now());
    if (config.seedSampleData) await seedSampleDataIfEmpty({ db: database.db, files, config, log: (message) => console.log(message) });
  });
  redis = config.redisUrl ? new Redis(config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 }) : undefined;
  // Metrics only when a port is set for them (decision 081): nothing is recorded otherwise.
  const telemetry = config.metricsPort === undefined ? undefined : createMetricsRegistry();
  const metrics = telemetry?.metrics;
  const services = buildServices(config, { db: database.db, clock: systemClock, files, metrics });
  const readiness = createReadiness();
  const app = await buildApp(config, { database, clock: systemClock, files, redis, services, metrics, readiness });
  const scheduler = createScheduler({ database, sweeps: services.sweeps, log: app.log, metrics });
  telemetry?.observe({ pool: database.poolStats, outbox: services.mail.outboxDepth });
  const metricsListener = telemetry ? await startMetricsListener(telemetry.registry, { port: config.metricsPort!, host: config.host }) : undefined;
  if (metricsListener) app.log.info({ metrics: metricsListener.url }, 'metrics listening');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down: not ready, draining');
    // The bound counts from the end of the drain; past it the process exits anyway.
    const forceExit = setTimeout(() => {
      app.log.error('shutdown took too long: exiting with work unfinished');
      process.exit(1);
    }, config.shutdownDrainMs + 15_000).unref();
    try {
      // Decision 084, in order: the readiness route answers 503 (and every response closes its
      // connection) while the load balancer notices; the sweeps stop between two items meanwhile.
      readiness.drain();
      await Promise.all([new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs)), scheduler.stop()]);
      // The listener closes; Fastify waits for the requests in flight, and a participation's request
      // waits for its batch's answer, so the open batch is answered before the pool closes.
      await app.close();
      await metricsListener?.close();
      await database.close();
      await redis?.quit();
      clearTimeout(forceExit);
      process.exit(0);
    } catch (error) {
      // A step that failed (a close that threw, a pool that would not end) is an unclean stop:
      // the supervisor must see it (decision 084).
      app.log.error({ err: error }, 'shutdown failed');
      clearTimeout(forceExit);
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  scheduler.start();
  app.log.info({ address }, `Orchard is running at ${config.publicUrl.origin} (database: ${database.kind})`);
} catch (error) {
  console.error(error instanceof Error && error.message.startsWith('FILE_STORAGE=') ? error.message : error);
  await database.close().catch(() => {});
  redis?.disconnect();
  process.exit(1);
}

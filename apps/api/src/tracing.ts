/**
 * OpenTelemetry traces (decision 081), preloaded before the app: `node --import ./dist/tracing.js
 * dist/server.js` (`npm start`). The instrumentations patch http, Fastify and pg as they are
 * loaded, so they must be in place before the app's imports run, which a dynamic import inside
 * server.ts cannot be (its static imports are loaded first). With OTEL_EXPORTER_OTLP_ENDPOINT
 * unset, nothing of OpenTelemetry is loaded: every import below is dynamic.
 */
import fs from 'node:fs';
import { register } from 'node:module';

// The same .env server.ts reads, so the endpoint may be set there too.
if (fs.existsSync('.env')) process.loadEnvFile('.env');

const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
if (endpoint) await startTracing(endpoint);

async function startTracing(endpoint: string) {
  // The ES-module hook lets the instrumentations patch packages the bundle imports (Fastify, pg).
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [api, core, contextHooks, sdk, resources, exporter, instrumentation, http, pg, fastify] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/core'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@fastify/otel'),
  ]);
  api.context.setGlobalContextManager(new contextHooks.AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(
    new core.CompositePropagator({ propagators: [new core.W3CTraceContextPropagator(), new core.W3CBaggagePropagator()] }),
  );
  const provider = new sdk.TracerProvider({
    resource: resources.resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME?.trim() || 'orchard-api' }),
    spanProcessors: [new sdk.BatchSpanProcessor({ exporter: new exporter.OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }) })],
  });
  api.trace.setGlobalTracerProvider(provider);
  instrumentation.registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new http.HttpInstrumentation(),
      // Fastify's own spans (route, hooks, handler), attached when an app initialises.
      new fastify.FastifyOtelInstrumentation({ registerOnInitialization: true }),
      new pg.PgInstrumentation(),
    ],
  });
  // The spans waiting in the batch leave while server.ts's shutdown finishes its requests.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void provider.forceFlush().catch(() => {}));
}

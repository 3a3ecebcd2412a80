import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from '../types.ts';

/** The OpenAPI document is generated from the same Zod schemas that validate each route. */
export async function registerOpenApi(app: App) {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Orchard API', description: 'Fan-funded advertising with Orange and Berry points.', version: '0.1.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'orchard_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The docs page brings its own CSP (hashes for its files); it may not be framed either.
    transformStaticCSP: (header) =>
      header.replace("frame-ancestors 'self'", "frame-ancestors 'none'").replace(' upgrade-insecure-requests;', ''),
  });
}

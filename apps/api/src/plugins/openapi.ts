import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Access, App } from '../types.ts';

/** One security scheme per access level above public, all the session cookie (docs/quality.md#s1). */
export const accessSecuritySchemes: Record<Exclude<Access, 'public'>, string> = {
  session: 'session',
  joined: 'joinedSession',
  operator: 'operatorSession',
};

/** The OpenAPI security requirement of an access level: none for public routes. */
export function securityRequirementOf(access: Access | undefined): Record<string, string[]>[] {
  return !access || access === 'public' ? [] : [{ [accessSecuritySchemes[access]]: [] }];
}

/** What a multipart upload route reads: one file in the field `file`. */
const singleFileBody = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary', description: 'The picture (JPEG, PNG or WebP).' } },
};

/**
 * The OpenAPI document is generated from the same Zod schemas that validate each route, and every
 * operation carries the access level of the route's own `config.access` as a security requirement.
 */
export async function registerOpenApi(app: App, config: Config) {
  const cookie = { type: 'apiKey' as const, in: 'cookie', name: config.session.cookieName };
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Orchard API', description: 'Fan-funded advertising with Orange and Berry points.', version: '0.1.0' },
      components: {
        securitySchemes: {
          [accessSecuritySchemes.session]: { ...cookie, description: 'Signed in; the join need not be finished.' },
          [accessSecuritySchemes.joined]: { ...cookie, description: 'Signed in and joined (otherwise 403 auth.join_required).' },
          [accessSecuritySchemes.operator]: { ...cookie, description: 'Signed in, joined, holding the operator role.' },
        },
      },
    },
    transform: (document) => {
      const transformed = jsonSchemaTransform(document);
      const schema = { ...(transformed.schema as Record<string, unknown>) };
      schema.security = securityRequirementOf(document.route.config?.access);
      // Multipart bodies are read by the handler, not validated as a schema: declare them here.
      const consumes = schema.consumes as string[] | undefined;
      if (consumes?.includes('multipart/form-data') && !schema.body) schema.body = singleFileBody;
      return { ...transformed, schema };
    },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The docs page brings its own CSP (hashes for its files); it may not be framed either.
    transformStaticCSP: (header) =>
      header.replace("frame-ancestors 'self'", "frame-ancestors 'none'").replace(' upgrade-insecure-requests;', ''),
  });
}

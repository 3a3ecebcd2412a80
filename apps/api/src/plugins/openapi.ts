import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { openApiBodyOf } from '../lib/uploads.ts';
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
      // Multipart bodies are read by the handler with the form its config names, not validated as
      // a schema: the form is the body the documentation shows.
      const consumes = schema.consumes as string[] | undefined;
      if (consumes?.includes('multipart/form-data') && !schema.body) {
        const upload = document.route.config?.upload;
        if (!upload) throw new Error(`${document.route.method} ${document.route.url} consumes multipart/form-data but names no config.upload form`);
        schema.body = openApiBodyOf(upload);
      }
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

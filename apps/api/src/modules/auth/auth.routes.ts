import formbody from '@fastify/formbody';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  appleCallbackBodySchema,
  authProvidersResponseSchema,
  callbackQuerySchema,
  meResponseSchema,
  okResponseSchema,
  providerParamsSchema,
  redirectResponseSchema,
  signInQuerySchema,
} from '@orchard/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { emptyBodySchema, errorResponses } from '../../lib/schemas.ts';
import { clearSessionCookie, requireSession, setSessionCookie } from '../../plugins/session.ts';
import type { App } from '../../types.ts';
import { signInFlowLifetimeMs, type AuthService, type CallbackOutcome, type StartedSignIn } from './auth.service.ts';
import { registerDevIdentityProvider } from './dev-identity-provider.ts';
import type { AuthorizationResponse, DevIdentityProviderSeat } from './providers.ts';

/**
 * The browser-binding cookie ties a sign-in to the browser that started it (login CSRF, docs/quality.md#s5).
 * Apple's callback is a cross-site POST, so on https it must be SameSite=None to come along;
 * the session cookie itself stays SameSite=Lax (docs/architecture.md#api-conventions).
 */
function bindingCookieName(config: Config) {
  return config.session.secureCookie ? '__Host-orchard_sign_in' : 'orchard_sign_in';
}

function setBindingCookie(reply: FastifyReply, config: Config, value: string) {
  reply.setCookie(bindingCookieName(config), value, {
    path: '/',
    httpOnly: true,
    secure: config.session.secureCookie,
    sameSite: config.session.secureCookie ? 'none' : 'lax',
    maxAge: signInFlowLifetimeMs / 1000,
  });
}

const tags = ['auth'];
const redirectOnly = { 302: redirectResponseSchema };

export async function registerAuthRoutes(app: App, { auth, config }: { auth: AuthService; config: Config }) {
  const browserOf = (request: FastifyRequest) => ({
    browserBinding: request.cookies[bindingCookieName(config)],
    sessionToken: request.cookies[config.session.cookieName],
    session: request.session,
  });

  const redirectToProvider = (request: FastifyRequest, reply: FastifyReply, started: StartedSignIn) => {
    if (started.kind === 'failed') {
      request.log.warn({ code: started.code, err: started.cause }, 'sign-in provider unavailable');
      return reply.redirect(started.redirectTo, 302);
    }
    setBindingCookie(reply, config, started.browserBinding);
    return reply.redirect(started.authorizationUrl.href, 302);
  };

  const finishCallback = async (request: FastifyRequest, reply: FastifyReply, provider: string, response: AuthorizationResponse) => {
    const outcome: CallbackOutcome = await auth.completeCallback(provider, response, browserOf(request));
    if (outcome.kind === 'failed') {
      request.log.info({ provider, code: outcome.code, err: outcome.cause }, 'sign-in refused');
    }
    if (outcome.kind === 'signed_in') setSessionCookie(reply, config, outcome.session.token, outcome.session.expiresAt);
    return reply.redirect(outcome.redirectTo, 302);
  };

  app.get(
    '/api/auth/providers',
    { config: { access: 'public' }, schema: { tags, response: { 200: authProvidersResponseSchema } } },
    async () => auth.enabledProviders(),
  );

  app.get(
    '/api/auth/:provider/start',
    {
      exposeHeadRoute: false,
      config: { access: 'public', rateLimitBucket: 'sign_in' },
      schema: {
        tags,
        params: providerParamsSchema,
        querystring: signInQuerySchema,
        response: { ...redirectOnly, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const started = await auth.startSignIn(request.params.provider, {
        returnTo: request.query.returnTo,
        browserBinding: browserOf(request).browserBinding,
      });
      return redirectToProvider(request, reply, started);
    },
  );

  app.get(
    '/api/auth/x/link/start',
    {
      exposeHeadRoute: false,
      config: { access: 'joined', rateLimitBucket: 'sign_in' },
      schema: {
        tags,
        querystring: signInQuerySchema,
        response: { ...redirectOnly, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const started = await auth.startXLink(requireSession(request).userId, {
        returnTo: request.query.returnTo,
        browserBinding: browserOf(request).browserBinding,
      });
      return redirectToProvider(request, reply, started);
    },
  );

  app.get(
    '/api/auth/:provider/callback',
    {
      exposeHeadRoute: false,
      config: { access: 'public', rateLimitBucket: 'sign_in' },
      schema: {
        tags,
        params: providerParamsSchema,
        querystring: callbackQuerySchema,
        response: { ...redirectOnly, ...errorResponses(404) },
      },
    },
    async (request, reply) => finishCallback(request, reply, request.params.provider, request.query),
  );

  // docs/product.md#accounts: Apple posts its answer cross-site as a form; only this route reads forms.
  await app.register(async (plugin) => {
    await plugin.register(formbody);
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.post(
      '/api/auth/apple/callback',
      {
        // Cross-site by design: state and the browser-binding cookie protect it instead of Origin.
        config: { access: 'public', csrf: false, rateLimitBucket: 'sign_in' },
        schema: { tags, body: appleCallbackBodySchema, response: { ...redirectOnly, ...errorResponses(404) } },
      },
      async (request, reply) => finishCallback(request, reply, 'apple', request.body),
    );
  });

  app.get(
    '/api/auth/me',
    { config: { access: 'session' }, schema: { tags, response: { 200: meResponseSchema, ...errorResponses(401) } } },
    async (request) => auth.me(requireSession(request).userId),
  );

  app.post(
    '/api/auth/logout',
    { config: { access: 'public' }, schema: { tags, response: { 200: okResponseSchema } } },
    async (request, reply) => {
      await auth.logout(browserOf(request).sessionToken);
      clearSessionCookie(reply, config);
      return { ok: true as const };
    },
  );

  // "Sign out everywhere" on the profile: every session of the account ends, this one included.
  app.post(
    '/api/auth/logout-everywhere',
    {
      config: { access: 'session' },
      schema: { tags, body: emptyBodySchema, response: { 204: z.null(), ...errorResponses(400, 401, 403, 429) } },
    },
    async (request, reply) => {
      await auth.logoutEverywhere(requireSession(request).userId);
      clearSessionCookie(reply, config);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/users/user-profile/x-link',
    {
      config: { access: 'joined' },
      schema: { tags: ['users'], response: { 200: okResponseSchema, ...errorResponses(404, 422) } },
    },
    async (request) => {
      await auth.unlinkX(requireSession(request).userId);
      return { ok: true as const };
    },
  );
}

/**
 * The sign-in module's routes, and the development identity provider mounted beside them when it
 * is enabled; the auth service (built with the others) reaches that provider through the seat.
 */
export async function registerAuthModule(
  app: App,
  { auth, config, db, devIdentityProvider }: { auth: AuthService; config: Config; db: Db; devIdentityProvider: DevIdentityProviderSeat },
) {
  if (config.providers.dev) devIdentityProvider.mount(await registerDevIdentityProvider(app, config, db));
  await registerAuthRoutes(app, { auth, config });
}

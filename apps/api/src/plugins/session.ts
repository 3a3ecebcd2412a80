import fastifyCookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '@orchard/shared';
import type { Config } from '../config.ts';
import { languageFromAcceptLanguage } from '../lib/accept-language.ts';
import { forbidden, unauthenticated } from '../lib/errors.ts';
import type { SessionService } from '../modules/auth/session.service.ts';
import type { Access, App, SessionInfo } from '../types.ts';
import type { Viewer } from '../lib/viewer.ts';

const publicPrefixes = ['/api/docs', '/api/files/'];

/**
 * Reads the session cookie on every API request and enforces each route's declared access (docs/quality.md#s1).
 * A route without a declared access level stops the app from starting.
 */
export async function registerSessions(app: App, config: Config, sessions: SessionService) {
  await app.register(fastifyCookie);
  app.decorateRequest('session', null);
  app.decorate('routeCatalogue', []);

  app.addHook('onRoute', (route) => {
    recordRoute(app, route.method, route.url, route.config?.access);
    if (route.config?.access) return;
    if (publicPrefixes.some((prefix) => route.url.startsWith(prefix)) || !route.url.startsWith('/api')) {
      // Plugin-made routes (web app files, API docs, uploaded files) are public by nature.
      route.config = { ...route.config, access: 'public' };
      recordRoute(app, route.method, route.url, 'public');
      return;
    }
    throw new Error(`Route ${String(route.method)} ${route.url} declares no access level (see types.ts Access)`);
  });

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api')) return;
    const token = request.cookies[config.session.cookieName];
    request.session = token ? await sessions.resolve(token) : null;
    const access = request.routeOptions.config?.access ?? 'public';
    if (access === 'public') return;
    if (!request.session) throw unauthenticated();
    if (access === 'session') return;
    if (!request.session.joined) throw forbidden('auth.join_required', 'Finish joining Orchard first.');
    if (access === 'operator' && !request.session.roles.includes('operator')) {
      throw forbidden('auth.forbidden', 'This is for operators only.');
    }
  });
}

/** Every route with its access level, for the authorization matrix test (docs/quality.md#s1). */
function recordRoute(app: App, method: string | string[], url: string, access: Access | undefined) {
  if (!access) return;
  for (const m of Array.isArray(method) ? method : [method]) {
    if (m === 'HEAD') continue;
    const existing = app.routeCatalogue.findIndex((entry) => entry.method === m && entry.url === url);
    if (existing >= 0) app.routeCatalogue.splice(existing, 1);
    app.routeCatalogue.push({ method: m, url, access });
  }
}

/** The signed-in session of a request whose route requires one. */
export function requireSession(request: FastifyRequest): SessionInfo {
  if (!request.session) throw unauthenticated();
  return request.session;
}

/** The request's viewer: a joined user, or null for a guest or a user still joining (lib/viewer.ts). */
export const viewerOf = (request: FastifyRequest): Viewer =>
  request.session?.joined ? { userId: request.session.userId, isOperator: request.session.roles.includes('operator') } : null;

/** The viewer of a route whose access setting already requires a session (401 without one). */
export function requireViewer(request: FastifyRequest): NonNullable<Viewer> {
  const session = requireSession(request);
  return { userId: session.userId, isOperator: session.roles.includes('operator') };
}

/** `lang` when given, else the first supported language of Accept-Language, else Korean. */
export function languageOf(request: FastifyRequest, lang: Language | undefined): Language {
  return lang ?? languageFromAcceptLanguage(request.headers['accept-language']) ?? 'ko';
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date) {
  reply.setCookie(config.session.cookieName, token, {
    path: '/',
    httpOnly: true,
    secure: config.session.secureCookie,
    sameSite: 'lax',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(config.session.cookieName, { path: '/', httpOnly: true, secure: config.session.secureCookie, sameSite: 'lax' });
}


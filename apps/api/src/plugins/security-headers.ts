import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import type { App } from '../types.ts';

/**
 * docs/quality.md#s7: HSTS, a CSP without inline script, nosniff, no framing, a strict referrer policy, on every
 * response. The SPA is built to files, so `'self'` covers its scripts and styles.
 */
export function registerSecurityHeaders(app: App, config: Config) {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        frameSrc: ['https://www.youtube-nocookie.com', 'https://platform.twitter.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.publicUrl.protocol === 'https:' ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Sign-in pop-ups and provider redirects need the opener relationship to be severable only.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/**
 * The headers helmet sets, worked out once at start: they do not depend on the request, and
 * building helmet's middleware per request (as @fastify/helmet does) parsed the CSP directives on
 * every response, about a tenth of the API's CPU under the write benchmark (decision 013).
 */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const recorded = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => recorded.set(name, String(value)),
    removeHeader: (name: string) => recorded.delete(name),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...recorded];
}

import helmet from '@fastify/helmet';
import type { Config } from '../config.ts';
import type { App } from '../types.ts';

/**
 * S7: HSTS, a CSP without inline script, nosniff, no framing, a strict referrer policy, on every
 * response. The SPA is built to files, so `'self'` covers its scripts and styles.
 */
export async function registerSecurityHeaders(app: App, config: Config) {
  await app.register(helmet, {
    global: true,
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
}

import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import type { App } from '../types.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * docs/quality.md#s3: a state-changing request must come from the app's own origin. Browsers send `Origin` on
 * every cross-origin and same-origin POST/PUT/PATCH/DELETE and `Sec-Fetch-Site` on all requests;
 * a request carrying neither is refused too, so a cookie alone never authorises a write.
 */
export function isSameOriginRequest(request: FastifyRequest, appOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return false;
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === appOrigin;
  return fetchSite === 'same-origin';
}

export function registerCsrfProtection(app: App, config: Config) {
  const appOrigin = config.publicUrl.origin;
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method)) return;
    if (request.routeOptions.config?.csrf === false) return;
    if (!isSameOriginRequest(request, appOrigin)) {
      throw new AppError(403, 'request.forbidden_origin', 'This request must come from the Orchard app itself.');
    }
  });
}

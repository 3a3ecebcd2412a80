import { AppError } from '../lib/errors.ts';
import type { App } from '../types.ts';

const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const utf8Labels = new Set(['utf-8', 'utf8']);
const charsetParameter = /;\s*charset\s*=\s*"?([^";\s]*)"?/i;

/**
 * docs/architecture.md#api-conventions: request bodies are UTF-8. Fastify reads every body as
 * UTF-8 whatever its label says, so a body labelled Latin-1, UTF-16 or EUC-KR would become other
 * text than its sender meant; it is refused with 415 before anything reads it. No label means UTF-8.
 */
export function registerBodyCharsetCheck(app: App) {
  app.addHook('onRequest', async (request) => {
    if (!bodyMethods.has(request.method)) return;
    const contentType = request.headers['content-type'];
    if (contentType === undefined) return;
    const charset = charsetParameter.exec(contentType)?.[1];
    if (charset !== undefined && !utf8Labels.has(charset.toLowerCase())) {
      throw new AppError(415, 'request.unsupported_media_type', 'Send the body in UTF-8.', { charset: 'utf-8' });
    }
  });
}

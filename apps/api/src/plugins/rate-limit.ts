import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import type { App, RateLimitBucket } from '../types.ts';

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * S8: sign-in, every write and uploads are limited per minute, keyed by the signed-in user or else
 * the socket address (X-Forwarded-For counts only with TRUST_PROXY_HOPS, so it cannot be spoofed).
 * Counters live in memory, or in Redis when REDIS_URL is set so every instance shares them.
 */
export async function registerRateLimits(app: App, config: Config, redis?: Redis) {
  const limits: Record<Exclude<RateLimitBucket, 'none'>, number> = {
    sign_in: config.rateLimits.signInPerMinute,
    writes: config.rateLimits.writesPerMinute,
    uploads: config.rateLimits.uploadsPerMinute,
  };

  // Must run before the plugin's own onRoute hook reads each route's rateLimit config.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const bucket = route.config?.rateLimitBucket ?? (methods.some((m) => writeMethods.has(m)) ? 'writes' : 'none');
    if (bucket === 'none') return;
    route.config = {
      ...route.config,
      rateLimit: { max: limits[bucket], timeWindow: 60_000, groupId: bucket },
    } as typeof route.config;
  });

  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    // A Redis outage must not take the API down: limits fail open and the error is logged.
    skipOnError: true,
    redis,
    nameSpace: `${config.redisKeyPrefix}rate-limit:`,
    keyGenerator: (request) => (request.session ? `user:${request.session.userId}` : `ip:${request.ip}`),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'rate_limited', `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  });
}

import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import { inProcessRemoteAddress } from '../lib/in-process.ts';
import type { App, RateLimitBucket } from '../types.ts';
import { createBucketStore } from './rate-limit-store.ts';

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const windowMs = 60_000;

type Bucket = Exclude<RateLimitBucket, 'none'>;

/** The bucket a route counts against: its declared one, else `writes` for a write method. */
export function bucketOf(method: string | string[], declared: RateLimitBucket | undefined): RateLimitBucket {
  const methods = Array.isArray(method) ? method : [method];
  return declared ?? (methods.some((m) => writeMethods.has(m)) ? 'writes' : 'none');
}

/** Sign-in is counted by address whoever is signed in; a session cookie must not buy a fresh allowance. */
function counterKey(bucket: Bucket, request: FastifyRequest): string {
  if (bucket === 'sign_in' || !request.session) return `${bucket}:ip:${request.ip}`;
  return `${bucket}:user:${request.session.userId}`;
}

/**
 * docs/quality.md#s8: sign-in, every write, uploads, comments and reports are limited per minute
 * (a route in the uploads, comments or reports bucket counts there instead of in writes). Each bucket is
 * ONE counter per caller shared by all of the bucket's routes: one limiter per bucket, attached to
 * every route of the bucket. (The plugin's per-route `config.rateLimit` gives each route a store of
 * its own even with a `groupId`, so "120 writes a minute" became 120 per write route; decision 030.)
 * Counters live in memory, or in Redis when REDIS_URL is set so every instance shares them.
 * X-Forwarded-For counts only with TRUST_PROXY_HOPS, so it cannot be spoofed.
 */
export async function registerRateLimits(app: App, config: Config, redis?: Redis) {
  const limits: Record<Bucket, number> = {
    sign_in: config.rateLimits.signInPerMinute,
    writes: config.rateLimits.writesPerMinute,
    uploads: config.rateLimits.uploadsPerMinute,
    comments: config.rateLimits.commentsPerMinute,
    reports: config.rateLimits.reportsPerMinute,
  };

  await app.register(rateLimit, {
    global: false,
    // A Redis outage must not take the API down: limits fail open and the error is logged.
    skipOnError: true,
    store: createBucketStore({ redis, keyPrefix: `${config.redisKeyPrefix}rate-limit:` }),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'rate_limited', `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  });

  const limiters = Object.fromEntries(
    (Object.keys(limits) as Bucket[]).map((bucket) => [
      bucket,
      app.rateLimit({
        max: limits[bucket],
        timeWindow: windowMs,
        keyGenerator: (request) => counterKey(bucket, request),
        // The app's own calls to its development identity provider are not a caller's attempts.
        allowList: (request) => request.ip === inProcessRemoteAddress,
      }),
    ]),
  ) as Record<Bucket, ReturnType<App['rateLimit']>>;

  // Route-level onRequest hooks run after the app's, so the session is known; the count is taken
  // before validation, so malformed attempts are counted too.
  app.addHook('onRoute', (route) => {
    const bucket = bucketOf(route.method, route.config?.rateLimitBucket);
    if (bucket === 'none') return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [...existing, limiters[bucket]];
  });
}

import { z } from 'zod';
import { errorResponseSchema } from '@orchard/shared';

/** Routes that take no body accept none, or an empty object: any field is unknown, so refused. */
export const emptyBodySchema = z.strictObject({}).nullish();

/** Routes that take no query parameters refuse any (unknown fields are rejected, not ignored). */
export const emptyQuerySchema = z.strictObject({});

/** The HTTP statuses the app refuses with; every one carries the app's error shape. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503;

/**
 * The error part of a route's response schema: each status it may refuse with, in the app's
 * error shape `{ error: { code, message, details? } }` (docs/architecture.md#errors).
 */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<S, typeof errorResponseSchema>;
}

import { z } from 'zod';

/** Routes that take no body accept none, or an empty object: any field is unknown, so refused. */
export const emptyBodySchema = z.strictObject({}).nullish();

/** Routes that take no query parameters refuse any (unknown fields are rejected, not ignored). */
export const emptyQuerySchema = z.strictObject({});

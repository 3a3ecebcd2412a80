import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { coalesceReads } from '../db/coalesce.ts';

/**
 * Identical reads in flight share one answer and its one serialization by the route's response
 * `schema` (decision 112): for answers that depend on no viewer, where the serializer was a third
 * of the work per answer. The text is validated as the route's own serializer would validate it.
 */
export function coalesceJson<Schema extends z.ZodType>(schema: Schema, read: (key: string) => Promise<z.output<Schema>>): (key: string) => Promise<string> {
  return coalesceReads(async (key) => JSON.stringify(z.encode(schema, await read(key))));
}

/** Sends JSON text made by `coalesceJson`: Fastify sends a string as it is, without serializing it again. */
export function sendJsonText(reply: FastifyReply, text: string) {
  // The route's typed reply expects its answer's object; this is that answer, already serialized.
  return reply.type('application/json; charset=utf-8').send(text as never);
}

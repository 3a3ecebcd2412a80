import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * The Zod response serializer, run once per answer object: callers that shared a read
 * (db/coalesce.ts, decision 057) get the very same object, which is checked against the route's
 * schema and turned into JSON once for all of them instead of once per caller. Answers are never
 * changed after a handler returns them, so the text stays the object's.
 */
export const serializeOnceCompiler: typeof serializerCompiler = (routeSchema) => {
  const serialize = serializerCompiler(routeSchema);
  const serialized = new WeakMap<object, string>();
  return (data: unknown) => {
    if (typeof data !== 'object' || data === null) return serialize(data);
    let text = serialized.get(data);
    if (text === undefined) {
      text = serialize(data);
      serialized.set(data, text);
    }
    return text;
  };
};

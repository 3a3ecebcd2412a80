import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializeOnceCompiler } from './serialize-once.ts';

const compile = () =>
  serializeOnceCompiler({ schema: z.object({ name: z.string(), n: z.number() }), method: 'GET', url: '/x', httpStatus: '200' }) as (data: unknown) => string;

describe('serializeOnceCompiler', () => {
  it('checks and serializes an answer as the Zod serializer does, dropping what the schema does not name', () => {
    const serialize = compile();
    expect(serialize({ name: 'a', n: 1, secret: 'x' })).toBe('{"name":"a","n":1}');
    expect(() => serialize({ name: 1 })).toThrow();
  });

  it('serializes one object once for every caller that got it, and each new object afresh', () => {
    const serialize = compile();
    const shared = { name: 'a', n: 1 };
    const first = serialize(shared);
    // Changed behind the serializer's back: the text it keeps is the proof it did not serialize again.
    shared.n = 2;
    expect(serialize(shared)).toBe(first);
    expect(serialize({ name: 'a', n: 2 })).toBe('{"name":"a","n":2}');
  });
});

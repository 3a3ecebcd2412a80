import { describe, expect, it } from 'vitest';
import { coalesceReads } from './coalesce.ts';

/** A read that records each call and answers what the "database" holds when it starts. */
function recordingRead(delayMs = 5) {
  const calls: string[] = [];
  const store = new Map<string, number>();
  return {
    calls,
    store,
    async read(key: string) {
      calls.push(key);
      const value = store.get(key) ?? 0;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (key === 'bad') throw new Error('read failed');
      return value;
    },
  };
}

describe('coalesceReads', () => {
  it('reads a lone call at once, and again for the next call once it answered', async () => {
    const recorder = recordingRead();
    const read = coalesceReads(recorder.read);
    expect(await read('a')).toBe(0);
    recorder.store.set('a', 1);
    expect(await read('a')).toBe(1);
    expect(recorder.calls).toEqual(['a', 'a']);
  });

  it('makes calls that arrive during a read share one later read, which sees writes made before they asked', async () => {
    const recorder = recordingRead();
    const read = coalesceReads(recorder.read);
    const first = read('a');
    // A write finishes after the first read started, then three callers ask.
    recorder.store.set('a', 7);
    const later = [read('a'), read('a'), read('a')];
    expect(await first).toBe(0);
    expect(await Promise.all(later)).toEqual([7, 7, 7]);
    expect(recorder.calls).toEqual(['a', 'a']);
  });

  it('never lets different keys share a read', async () => {
    const recorder = recordingRead();
    recorder.store.set('b', 2);
    const read = coalesceReads(recorder.read);
    expect(await Promise.all([read('a'), read('b'), read('a'), read('b')])).toEqual([0, 2, 0, 2]);
    expect(recorder.calls.filter((key) => key === 'a')).toHaveLength(2);
    expect(recorder.calls.filter((key) => key === 'b')).toHaveLength(2);
  });

  it('fails only the callers of a failed round, and reads again afterwards', async () => {
    const recorder = recordingRead();
    const read = coalesceReads(recorder.read);
    const results = await Promise.allSettled([read('bad'), read('bad'), read('a')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    await expect(read('bad')).rejects.toThrow('read failed');
    expect(recorder.calls.filter((key) => key === 'bad')).toHaveLength(3);
  });
});

describe('coalesceReads with a read that throws before it returns a promise', () => {
  /** Throws synchronously on the calls numbered in `throwOn` (from 1), else answers its call number after a tick. */
  function throwingRead(throwOn: number[]) {
    let calls = 0;
    return (key: string): Promise<number> => {
      calls += 1;
      if (throwOn.includes(calls)) throw new Error(`read of ${key} threw at once`);
      const call = calls;
      return new Promise((resolve) => setTimeout(() => resolve(call), 5));
    };
  }

  /** The promise's settlement, or 'still waiting' after 500 ms: before the guard, later callers waited forever. */
  const within = <T>(promise: Promise<T>) =>
    Promise.race([promise, new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 500))]);

  it("answers a lone caller's synchronous throw as a rejection, and reads again for the next caller", async () => {
    const read = coalesceReads(throwingRead([1]));
    let first: Promise<number> | undefined;
    expect(() => (first = read('a'))).not.toThrow();
    await expect(first).rejects.toThrow('threw at once');
    expect(await within(read('a'))).toBe(2);
  });

  it('fails the waiting callers of a round whose read throws synchronously, and reads again afterwards', async () => {
    const read = coalesceReads(throwingRead([2]));
    const first = read('a');
    const waiting = Promise.allSettled([read('a'), read('a')]);
    expect(await first).toBe(1);
    const settled = await within(waiting);
    expect(settled === 'still waiting' ? settled : settled.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await within(read('a'))).toBe(3);
  });
});

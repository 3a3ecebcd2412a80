import { describe, expect, it } from 'vitest';
import { createMemoryCounterStore } from './rate-limit-store.ts';

const count = (store: ReturnType<typeof createMemoryCounterStore>, key: string, windowMs = 60_000) =>
  new Promise<number>((resolve, reject) => store.incr(key, (error, result) => (error ? reject(error) : resolve(result!.current)), windowMs));

describe('memory rate-limit counters', () => {
  it('is one counter per key whichever child a route holds', async () => {
    const store = createMemoryCounterStore();
    await count(store, 'writes:user:a');
    await count(store.child() as typeof store, 'writes:user:a');
    expect(await count(store, 'writes:user:a')).toBe(3);
  });

  it('starts a new window once the old one has ended', async () => {
    let now = 0;
    const store = createMemoryCounterStore(10, () => now);
    await count(store, 'k', 1000);
    now = 999;
    expect(await count(store, 'k', 1000)).toBe(2);
    now = 1000;
    expect(await count(store, 'k', 1000)).toBe(1);
  });

  it('stays bounded under a flood of callers, dropping ended windows first', async () => {
    let now = 0;
    const store = createMemoryCounterStore(100, () => now);
    for (let caller = 0; caller < 10_000; caller++) {
      if (caller % 1000 === 0) now += 60_000;
      await count(store, `sign_in:ip:${caller}`);
      expect(store.size()).toBeLessThanOrEqual(100);
    }
  });
});

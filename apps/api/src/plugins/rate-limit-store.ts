import type { Redis } from 'ioredis';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/** The store contract of @fastify/rate-limit: fixed windows, one counter per key. */
export type CounterStore = {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(): CounterStore;
};

/** Beyond this many live callers in memory, expired windows are swept, then the oldest dropped. */
export const memoryStoreMaxKeys = 50_000;

/**
 * A fixed-window counter per key in this process. `child()` answers the store itself: a bucket's
 * counter must be the same object for every route it is attached to (decision 030).
 */
export function createMemoryCounterStore(maxKeys = memoryStoreMaxKeys, now: () => number = Date.now) {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const store = {
    size: () => windows.size,
    incr(key: string, callback: Callback, timeWindow: number) {
      const at = now();
      let window = windows.get(key);
      if (!window || window.endsAt <= at) {
        if (!window && windows.size >= maxKeys) makeRoom(at);
        window = { count: 0, endsAt: at + timeWindow };
        windows.delete(key);
        windows.set(key, window);
      }
      window.count += 1;
      callback(null, { current: window.count, ttl: window.endsAt - at });
    },
    child: () => store,
  };
  function makeRoom(at: number) {
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
    // Still full of live windows: the oldest go first (a flood of addresses costs them their count).
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break;
      windows.delete(key);
    }
  }
  return store;
}

const incrementScript = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { current, ttl }`;

type RedisWithCounter = Redis & {
  orchardCountInWindow(key: string, windowMs: number, callback: (error: Error | null, result?: [number, number]) => void): void;
};

/** The same fixed windows in Redis, shared by every API instance; keys are `<prefix><bucket>:<caller>`. */
export function createRedisCounterStore(redis: Redis, keyPrefix: string): CounterStore {
  if (!('orchardCountInWindow' in redis)) redis.defineCommand('orchardCountInWindow', { numberOfKeys: 1, lua: incrementScript });
  const client = redis as RedisWithCounter;
  const store: CounterStore = {
    incr(key, callback, timeWindow) {
      client.orchardCountInWindow(`${keyPrefix}${key}`, timeWindow, (error, result) =>
        error || !result ? callback(error ?? new Error('no answer from Redis')) : callback(null, { current: result[0], ttl: result[1] }),
      );
    },
    child: () => store,
  };
  return store;
}

/** The `store` option of @fastify/rate-limit: a constructor the plugin calls once. */
export function createBucketStore({ redis, keyPrefix }: { redis?: Redis; keyPrefix: string }) {
  const store = redis ? createRedisCounterStore(redis, keyPrefix) : createMemoryCounterStore();
  return function BucketStore() {
    return store;
  } as unknown as new () => CounterStore;
}

import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

/** Sign-ins take minutes; far more than this many live artifacts is a flood, not development. */
export const memoryAdapterMaxEntries = 10_000;

type StoredEntry = { payload: AdapterPayload; expiresAt: number | null };

/**
 * oidc-provider storage held in this process, one store per provider instance. Only the
 * development identity provider and the tests' loopback provider use it: their codes, sessions
 * and grants may vanish with the process. (oidc-provider's own in-memory adapter would do the
 * same but prints a production warning on every start.)
 */
export function createMemoryAdapterFactory(maxEntries = memoryAdapterMaxEntries): AdapterFactory & { size(): number } {
  const entries = new Map<string, StoredEntry>();

  /** Expired entries are swept when the store is full, then the oldest go: memory stays bounded. */
  const makeRoom = () => {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expiresAt !== null && entry.expiresAt <= now) entries.delete(key);
    for (const key of entries.keys()) {
      if (entries.size < maxEntries * 0.9) break;
      entries.delete(key);
    }
  };

  const live = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== null && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  };

  const factory = (model: string): Adapter => {
    const keyOf = (id: string) => `${model}:${id}`;
    const findWhere = (matches: (payload: AdapterPayload) => boolean) => {
      for (const key of entries.keys()) {
        if (!key.startsWith(`${model}:`)) continue;
        const payload = live(key);
        if (payload && matches(payload)) return payload;
      }
      return undefined;
    };
    return {
      async upsert(id, payload, expiresIn) {
        const key = keyOf(id);
        entries.delete(key);
        if (entries.size >= maxEntries) makeRoom();
        entries.set(key, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : null });
      },
      async find(id) {
        return live(keyOf(id));
      },
      async findByUid(uid) {
        return findWhere((payload) => payload.uid === uid);
      },
      async findByUserCode(userCode) {
        return findWhere((payload) => payload.userCode === userCode);
      },
      async consume(id) {
        const payload = live(keyOf(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        entries.delete(keyOf(id));
      },
      async revokeByGrantId(grantId) {
        for (const [key, entry] of entries) {
          if (entry.payload.grantId === grantId) entries.delete(key);
        }
      },
    };
  };
  return Object.assign(factory, { size: () => entries.size });
}

import type { ProviderId, Role } from '@orchard/shared';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import type { SessionInfo } from '../../types.ts';
import { createSessionsRepository } from './sessions.repository.ts';

/** A session's last-seen time is written at most this often, so reads stay reads. */
const touchIntervalMs = 60_000;

/** The providers this configuration offers: sessions they vouched for are the only live ones. */
export function enabledProviderIds(config: Config): Set<ProviderId> {
  const { x, google, apple, dev } = config.providers;
  return new Set<ProviderId>([...(x ? ['x' as const] : []), ...(google ? ['google' as const] : []), ...(apple ? ['apple' as const] : []), ...(dev ? ['dev' as const] : [])]);
}

export function createSessionService({ db, clock, config }: { db: Db; clock: Clock; config: Config }) {
  const repository = createSessionsRepository({ db });
  const enabledProviders = enabledProviderIds(config);

  return {
    /** docs/quality.md#s4: a new random 256-bit token per sign-in; the one the browser held before is revoked. */
    async create(userId: string, provider: ProviderId, previousToken?: string, tx: DbOrTx = db) {
      const now = clock.now();
      const token = randomToken();
      const expiresAt = new Date(now.getTime() + config.session.absoluteTimeoutMs);
      const sessions = createSessionsRepository({ db: tx });
      if (previousToken) await sessions.revokeByTokenHash(sha256(previousToken), now);
      await sessions.insert({ tokenHash: sha256(token), userId, provider, createdAt: now, lastSeenAt: now, expiresAt });
      return { token, expiresAt };
    },

    /** The live session a token names, or null when unknown, revoked, idle too long or past its end. */
    async resolve(token: string): Promise<SessionInfo | null> {
      if (token.length > 200) return null;
      const tokenHash = sha256(token);
      const row = await repository.findLiveByTokenHash(tokenHash);
      if (!row) return null;
      // A restart with DEV_IDP=off must end every "sign in as anyone" session (decision 031).
      if (!enabledProviders.has(row.provider)) return null;
      const now = clock.now().getTime();
      if (row.expiresAt.getTime() <= now) return null;
      if (row.lastSeenAt.getTime() + config.session.idleTimeoutMs <= now) return null;
      if (now - row.lastSeenAt.getTime() > touchIntervalMs) await repository.touch(tokenHash, new Date(now));
      return { userId: row.userId, tokenHash, joined: row.joinState === 'joined', roles: row.roles as Role[] };
    },

    async revoke(token: string) {
      await repository.revokeByTokenHash(sha256(token), clock.now());
    },

    async revokeAllForUser(userId: string, tx: DbOrTx = db) {
      await createSessionsRepository({ db: tx }).revokeAllOfUser(userId, clock.now());
    },

    /** Retention: sessions past their absolute end are of no use to anyone. */
    async purgeExpired() {
      await repository.deleteExpired(clock.now());
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;

import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Role } from '@orchard/shared';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import type { SessionInfo } from '../../types.ts';
import { users } from '../users/users.table.ts';
import { sessions } from './auth.table.ts';

/** A session's last-seen time is written at most this often, so reads stay reads. */
const touchIntervalMs = 60_000;

export function createSessionService({ db, clock, config }: { db: Db; clock: Clock; config: Config }) {
  const lookup = db
    .select({
      userId: sessions.userId,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      joinState: users.joinState,
      roles: users.roles,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), isNull(users.deletedAt)))
    .prepare('session_lookup');

  return {
    /** S4: a new random 256-bit token per sign-in; the one the browser held before is revoked. */
    async create(userId: string, previousToken?: string, tx: DbOrTx = db) {
      const now = clock.now();
      const token = randomToken();
      const expiresAt = new Date(now.getTime() + config.session.absoluteTimeoutMs);
      if (previousToken) await revokeToken(tx, previousToken, now);
      await tx.insert(sessions).values({ tokenHash: sha256(token), userId, createdAt: now, lastSeenAt: now, expiresAt });
      return { token, expiresAt };
    },

    /** The live session a token names, or null when unknown, revoked, idle too long or past its end. */
    async resolve(token: string): Promise<SessionInfo | null> {
      if (token.length > 200) return null;
      const tokenHash = sha256(token);
      const [row] = await lookup.execute({ tokenHash });
      if (!row) return null;
      const now = clock.now().getTime();
      if (row.expiresAt.getTime() <= now) return null;
      if (row.lastSeenAt.getTime() + config.session.idleTimeoutMs <= now) return null;
      if (now - row.lastSeenAt.getTime() > touchIntervalMs) {
        await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.tokenHash, tokenHash));
      }
      return { userId: row.userId, tokenHash, joined: row.joinState === 'joined', roles: row.roles as Role[] };
    },

    async revoke(token: string) {
      await revokeToken(db, token, clock.now());
    },

    async revokeAllForUser(userId: string, tx: DbOrTx = db) {
      await tx
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    /** Retention: sessions past their absolute end are of no use to anyone. */
    async purgeExpired() {
      await db.delete(sessions).where(lt(sessions.expiresAt, clock.now()));
    },
  };
}

async function revokeToken(tx: DbOrTx, token: string, now: Date) {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt)));
}

export type SessionService = ReturnType<typeof createSessionService>;

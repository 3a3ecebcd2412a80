import { and, eq, isNull, lt } from 'drizzle-orm';
import type { ProviderId } from '@orchard/shared';
import { queryNamed, type DbOrTx, type NamedStatement } from '../../db/client.ts';
import { asDate, epochMsText } from '../../db/rows.ts';
import { sessions } from './auth.table.ts';

/** A stored session with what every request needs of its user. */
export type SessionRow = { userId: string; provider: ProviderId; lastSeenAt: Date; expiresAt: Date; joinState: string; roles: string[] };

export type NewSession = { tokenHash: string; userId: string; provider: ProviderId; createdAt: Date; lastSeenAt: Date; expiresAt: Date };

export function createSessionsRepository({ db }: { db: DbOrTx }) {
  return {
    async insert(session: NewSession) {
      await db.insert(sessions).values(session);
    },

    /** The live (unrevoked) session of this token hash, with its user, in one statement. */
    async findLiveByTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
      const [row] = await queryNamed(db, sessionLookupStatement, [tokenHash]);
      return row ? toSessionRow(row) : undefined;
    },

    async touch(tokenHash: string, lastSeenAt: Date) {
      await db.update(sessions).set({ lastSeenAt }).where(eq(sessions.tokenHash, tokenHash));
    },

    async revokeByTokenHash(tokenHash: string, now: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
    },

    async revokeAllOfUser(userId: string, now: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    async deleteExpired(now: Date) {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },
  };
}

/**
 * Both tables by primary key, so the one plan a named statement keeps (decision 057) is two index
 * probes, whatever the size of `sessions` and `users`.
 */
const sessionLookupStatement: NamedStatement = {
  name: 'session_lookup_v4',
  text: `
  select s.user_id, s.provider, u.join_state, u.roles,
    ${epochMsText('s.last_seen_at')} as last_seen_ms, ${epochMsText('s.expires_at')} as expires_ms
  from sessions s
  join users u on u.id = s.user_id and u.deleted_at is null
  where s.token_hash = $1 and s.revoked_at is null`,
};

function toSessionRow(row: Record<string, unknown>): SessionRow {
  return {
    userId: String(row.user_id),
    provider: String(row.provider) as ProviderId,
    lastSeenAt: asDate(row.last_seen_ms),
    expiresAt: asDate(row.expires_ms),
    joinState: String(row.join_state),
    roles: row.roles as string[],
  };
}

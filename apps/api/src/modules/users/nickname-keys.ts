import { and, asc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { nicknameKey, nicknameKeyVersion } from '@orchard/shared/nickname-key';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { starterNickname } from './users.service.ts';
import { users } from './users.table.ts';

/** The version of the key nicknameKey() makes now; older keys are recomputed at start. */
export const currentNicknameKeyVersion = nicknameKeyVersion;

/**
 * Recomputes nickname keys made by an older nicknameKey() (decision 032). Accounts are visited in
 * the order they were created, so of two names that now collide (`orchard_admin` and its Cyrillic
 * twin) the older keeps it and the newer gets a starter nickname to change. Idempotent; answers
 * how many keys were rewritten and how many nicknames had to be replaced.
 */
export async function backfillNicknameKeys(db: Db): Promise<{ rekeyed: number; renamed: number }> {
  // One transaction under an advisory lock: API processes starting together do it once, in order.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('orchard:nickname-key-backfill'))`);
    const stale = await tx
      .select({ id: users.id, nickname: users.nickname })
      .from(users)
      .where(and(lt(users.nicknameKeyVersion, currentNicknameKeyVersion), isNotNull(users.nickname)))
      .orderBy(asc(users.createdAt), asc(users.id));
    // Old keys may occupy a new key's value; clear them first so the order above decides.
    if (stale.length > 0) {
      await tx.update(users).set({ nicknameKey: null }).where(lt(users.nicknameKeyVersion, currentNicknameKeyVersion));
    }
    let renamed = 0;
    for (const user of stale) {
      try {
        // A savepoint each: a collision undoes this one update, not the backfill.
        await tx.transaction((savepoint) =>
          savepoint
            .update(users)
            .set({ nicknameKey: nicknameKey(user.nickname!), nicknameKeyVersion: currentNicknameKeyVersion })
            .where(eq(users.id, user.id)),
        );
      } catch (error) {
        if (!isUniqueViolation(error, 'users_nickname_key_unique')) throw error;
        renamed += 1;
        await tx.update(users).set({ ...starterNickname(), nicknameKeyVersion: currentNicknameKeyVersion }).where(eq(users.id, user.id));
      }
    }
    await tx.update(users).set({ nicknameKeyVersion: currentNicknameKeyVersion }).where(lt(users.nicknameKeyVersion, currentNicknameKeyVersion));
    return { rekeyed: stale.length, renamed };
  });
}

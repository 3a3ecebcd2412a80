import { and, eq, isNull, sql } from 'drizzle-orm';
import { nicknameKey } from '@orchard/shared/nickname-key';
import type { DbOrTx } from '../../db/client.ts';
import { followFirstArtistWithin } from '../artists/artists.service.ts';
import { accountOfIdentityWithin, addIdentityWithin } from '../auth/auth.service.ts';
import { recordRequiredAgreementsWithin } from '../join/join.service.ts';
import { users } from '../users/users.table.ts';

/**
 * The operator role (docs/product.md#operators) is granted and revoked from the command line
 * (`npm run ops`), never through the web: a web route that grants roles is one more thing to attack.
 */
export type RoleChange =
  | { outcome: 'granted' | 'revoked' | 'unchanged'; nickname: string; userId: string; joined: boolean }
  | { outcome: 'no_such_user'; nickname: string };

async function changeRole(db: DbOrTx, nickname: string, change: 'grant' | 'revoke'): Promise<RoleChange> {
  const key = nicknameKey(nickname);
  const [user] = await db
    .select({ id: users.id, nickname: users.nickname, roles: users.roles, joinState: users.joinState })
    .from(users)
    .where(and(eq(users.nicknameKey, key), isNull(users.deletedAt)));
  if (!user) return { outcome: 'no_such_user', nickname };
  const holds = user.roles.includes('operator');
  const base = { nickname: user.nickname ?? nickname, userId: user.id, joined: user.joinState === 'joined' };
  if ((change === 'grant') === holds) return { outcome: 'unchanged', ...base };
  await db
    .update(users)
    .set({
      roles: change === 'grant' ? sql`array_append(${users.roles}, 'operator')` : sql`array_remove(${users.roles}, 'operator')`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, user.id));
  return { outcome: change === 'grant' ? 'granted' : 'revoked', ...base };
}

export const grantOperator = (db: DbOrTx, nickname: string) => changeRole(db, nickname, 'grant');
export const revokeOperator = (db: DbOrTx, nickname: string) => changeRole(db, nickname, 'revoke');

/** The development sign-in identity that is an operator when the sample data is loaded. */
export const sampleOperatorIdentity = { provider: 'dev', subject: 'operator', nickname: 'orchard.ops' } as const;

/**
 * With the sample data, the development identity `operator` signs in to a joined account holding
 * the operator role, so a newcomer can try both sides after `npm start`. Idempotent: an existing
 * account of that identity only gets the role.
 */
export async function seedSampleOperator(db: DbOrTx, now: Date): Promise<void> {
  const { provider, subject, nickname } = sampleOperatorIdentity;
  const existingId = await accountOfIdentityWithin(db, provider, subject);
  if (existingId) {
    await db
      .update(users)
      .set({ roles: sql`array_append(array_remove(${users.roles}, 'operator'), 'operator')` })
      .where(eq(users.id, existingId));
    return;
  }
  const [user] = await db
    .insert(users)
    .values({ nickname, nicknameKey: nicknameKey(nickname), joinState: 'joined', joinedAt: now, roles: ['operator'] })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!user) return;
  await addIdentityWithin(db, user.id, provider, subject);
  await recordRequiredAgreementsWithin(db, user.id, now);
  await followFirstArtistWithin(db, user.id, now);
}

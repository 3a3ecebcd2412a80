import { and, eq, isNull, sql } from 'drizzle-orm';
import { currentTermsVersion, requiredAgreements } from '@orchard/shared';
import { nicknameKey } from '@orchard/shared/nickname-key';
import type { DbOrTx } from '../../db/client.ts';
import { artistFollows, artists } from '../artists/artists.table.ts';
import { userIdentities } from '../auth/auth.table.ts';
import { userAgreements } from '../join/join.table.ts';
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
  const [identity] = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, sampleOperatorIdentity.provider), eq(userIdentities.subject, sampleOperatorIdentity.subject)));
  if (identity) {
    await db
      .update(users)
      .set({ roles: sql`array_append(array_remove(${users.roles}, 'operator'), 'operator')` })
      .where(eq(users.id, identity.userId));
    return;
  }
  const [user] = await db
    .insert(users)
    .values({
      nickname: sampleOperatorIdentity.nickname,
      nicknameKey: nicknameKey(sampleOperatorIdentity.nickname),
      joinState: 'joined',
      joinedAt: now,
      roles: ['operator'],
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!user) return;
  await db.insert(userIdentities).values({ userId: user.id, provider: sampleOperatorIdentity.provider, subject: sampleOperatorIdentity.subject });
  await db.insert(userAgreements).values(
    requiredAgreements.map((kind) => ({ userId: user.id, kind, termsVersion: currentTermsVersion, agreed: true, decidedAt: now })),
  );
  // A joined account follows at least one artist (docs/product.md#accounts).
  const [firstArtist] = await db.select({ id: artists.id }).from(artists).orderBy(artists.id).limit(1);
  if (firstArtist) {
    await db.insert(artistFollows).values({ userId: user.id, artistId: firstArtist.id, createdAt: now });
    await db.update(artists).set({ followerCount: sql`${artists.followerCount} + 1` }).where(eq(artists.id, firstArtist.id));
  }
}

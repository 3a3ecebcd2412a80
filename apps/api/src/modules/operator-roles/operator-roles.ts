import type { DbOrTx } from '../../db/client.ts';
import { followFirstArtistWithin } from '../artists/artists.service.ts';
import { accountOfIdentityWithin, addIdentityWithin } from '../auth/auth.service.ts';
import { recordRequiredAgreementsWithin } from '../join/join.service.ts';
import { accountByNicknameWithin, createJoinedAccountWithin, setRoleWithin } from '../users/users.service.ts';

/**
 * The operator role (docs/product.md#operators) is granted and revoked from the command line
 * (`npm run ops`), never through the web: a web route that grants roles is one more thing to attack.
 */
export type RoleChange =
  | { outcome: 'granted' | 'revoked' | 'unchanged'; nickname: string; userId: string; joined: boolean }
  | { outcome: 'no_such_user'; nickname: string };

async function changeRole(db: DbOrTx, nickname: string, change: 'grant' | 'revoke'): Promise<RoleChange> {
  const user = await accountByNicknameWithin(db, nickname);
  if (!user) return { outcome: 'no_such_user', nickname };
  const holds = user.roles.includes('operator');
  const base = { nickname: user.nickname ?? nickname, userId: user.id, joined: user.joinState === 'joined' };
  if ((change === 'grant') === holds) return { outcome: 'unchanged', ...base };
  await setRoleWithin(db, user.id, 'operator', change === 'grant');
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
    await setRoleWithin(db, existingId, 'operator', true);
    return;
  }
  const user = await createJoinedAccountWithin(db, { nickname, roles: ['operator'], joinedAt: now });
  if (!user) return;
  await addIdentityWithin(db, user.id, provider, subject);
  await recordRequiredAgreementsWithin(db, user.id, now);
  await followFirstArtistWithin(db, user.id, now);
}

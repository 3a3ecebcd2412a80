import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { ProviderId } from '@orchard/shared';
import { queryNamed, type DbOrTx, type NamedStatement } from '../../db/client.ts';
import { nullableString } from '../../db/rows.ts';
import { unreadNotificationText } from '../notifications/notifications.service.ts';
import { users } from '../users/users.table.ts';
import { signInFlows, userIdentities } from './auth.table.ts';

export type NewSignInFlow = typeof signInFlows.$inferInsert;
export type SignInFlow = typeof signInFlows.$inferSelect;
export type IdentityProfile = { provider: ProviderId; subject: string; email: string | null; username: string | null };

export type MeRow = { id: string; nickname: string | null; joinState: string; language: string; currency: string; hasUnreadNotification: boolean; roles: string[] };

/**
 * What `GET /api/auth/me` shows of a user: the live account by primary key, and the
 * unread-notification flag, the notifications module's probe of its partial index
 * (`unreadNotificationText`, docs/decisions/103-sql-text-from-its-owners.md).
 */
const findMeStatement: NamedStatement = {
  name: 'auth_me_v2',
  text: `
    select u.id, u.nickname, u.join_state, u.language, u.currency, u.roles,
      ${unreadNotificationText('u.id')} as has_unread_notification
    from users u
    where u.id = $1::uuid and u.deleted_at is null`,
};

export function createAuthRepository({ db }: { db: DbOrTx }) {
  async function findIdentityOwner(tx: DbOrTx, provider: ProviderId, subject: string) {
    const [row] = await tx
      .select({ identityId: userIdentities.id, userId: userIdentities.userId, joinState: users.joinState })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
    return row;
  }

  return {
    /** The account a (provider, subject) belongs to, changing nothing. */
    async ownerOf(provider: ProviderId, subject: string): Promise<string | undefined> {
      return (await findIdentityOwner(db, provider, subject))?.userId;
    },

    async insertFlow(flow: NewSignInFlow) {
      await db.insert(signInFlows).values(flow);
    },

    /**
     * docs/quality.md#s5: a flow is used once, only before it expires, and only by the browser that started it.
     * One UPDATE decides, so two callbacks racing with the same state cannot both win.
     */
    async consumeFlow(stateHash: string, browserBindingHash: string, now: Date): Promise<SignInFlow | undefined> {
      const [flow] = await db
        .update(signInFlows)
        .set({ consumedAt: now })
        .where(
          and(
            eq(signInFlows.stateHash, stateHash),
            eq(signInFlows.browserBindingHash, browserBindingHash),
            isNull(signInFlows.consumedAt),
            gt(signInFlows.expiresAt, now),
          ),
        )
        .returning();
      return flow;
    },

    /** Retention: finished and abandoned flows are of no use once expired. */
    async deleteExpiredFlows(now: Date) {
      await db.delete(signInFlows).where(lt(signInFlows.expiresAt, now));
    },

    /** The account a (provider, subject) signs in to; the provider's latest email and username are kept on it. */
    async findAccountOf(identity: IdentityProfile): Promise<{ userId: string; joinState: string } | undefined> {
      const existing = await findIdentityOwner(db, identity.provider, identity.subject);
      if (!existing) return undefined;
      await db
        .update(userIdentities)
        .set({ email: identity.email, username: identity.username })
        .where(eq(userIdentities.id, existing.identityId));
      return { userId: existing.userId, joinState: existing.joinState };
    },

    /** False when another account took this (provider, subject) first. */
    async insertIdentity(userId: string, identity: IdentityProfile): Promise<boolean> {
      const inserted = await db
        .insert(userIdentities)
        .values({ userId, ...identity })
        .onConflictDoNothing({ target: [userIdentities.provider, userIdentities.subject] })
        .returning({ id: userIdentities.id });
      return inserted.length > 0;
    },

    /** The account's identities, oldest first: which providers it signs in with, under which usernames. */
    async identitiesOf(userId: string): Promise<{ provider: string; username: string | null }[]> {
      return db
        .select({ provider: userIdentities.provider, username: userIdentities.username })
        .from(userIdentities)
        .where(eq(userIdentities.userId, userId))
        .orderBy(userIdentities.createdAt, userIdentities.id);
    },

    async deleteIdentitiesOf(userId: string) {
      await db.delete(userIdentities).where(eq(userIdentities.userId, userId));
    },

    /**
     * Attaches an identity to an existing account. `taken` when another account owns it,
     * `provider_already_linked` when this account already has a different one of that provider.
     */
    async linkIdentity(userId: string, identity: IdentityProfile): Promise<'linked' | 'taken' | 'provider_already_linked'> {
      return db.transaction(async (tx) => {
        // Serialises links and unlinks of one account.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const owner = await findIdentityOwner(tx, identity.provider, identity.subject);
        if (owner) return owner.userId === userId ? 'linked' : 'taken';
        const [sameProvider] = await tx
          .select({ id: userIdentities.id })
          .from(userIdentities)
          .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, identity.provider)));
        if (sameProvider) return 'provider_already_linked';
        const inserted = await tx
          .insert(userIdentities)
          .values({ userId, ...identity })
          .onConflictDoNothing({ target: [userIdentities.provider, userIdentities.subject] })
          .returning({ id: userIdentities.id });
        return inserted.length > 0 ? 'linked' : 'taken';
      });
    },

    async hasIdentityOf(userId: string, provider: ProviderId): Promise<boolean> {
      const [row] = await db
        .select({ id: userIdentities.id })
        .from(userIdentities)
        .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider)));
      return Boolean(row);
    },

    /** Removes the account's identity of a provider unless it is the last way to sign in. */
    async unlinkIdentity(userId: string, provider: ProviderId): Promise<'unlinked' | 'not_linked' | 'last_identity'> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const identities = await tx
          .select({ id: userIdentities.id, provider: userIdentities.provider })
          .from(userIdentities)
          .where(eq(userIdentities.userId, userId));
        const target = identities.find((identity) => identity.provider === provider);
        if (!target) return 'not_linked';
        if (identities.length === 1) return 'last_identity';
        await tx.delete(userIdentities).where(eq(userIdentities.id, target.id));
        return 'unlinked';
      });
    },

    /** The live account of this user, with what `GET /api/auth/me` shows, in one statement. */
    async findMe(userId: string): Promise<MeRow | undefined> {
      const [row] = await queryNamed(db, findMeStatement, [userId]);
      if (!row) return undefined;
      return {
        id: String(row.id),
        nickname: nullableString(row.nickname),
        joinState: String(row.join_state),
        language: String(row.language),
        currency: String(row.currency),
        hasUnreadNotification: row.has_unread_notification === true,
        roles: row.roles as string[],
      };
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;

import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { nicknameKey, type ProviderId } from '@orchard/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { signInFlows, userIdentities } from './auth.table.ts';

export type NewSignInFlow = typeof signInFlows.$inferInsert;
export type SignInFlow = typeof signInFlows.$inferSelect;
export type IdentityProfile = { provider: ProviderId; subject: string; email: string | null; username: string | null };

/**
 * A new account gets a nickname it can change later, so it never shows as nameless. 10 random
 * base-36 characters make a clash (which the unique index would refuse) practically impossible.
 */
export function starterNickname(): { nickname: string; nicknameKey: string } {
  const nickname = `fan_${[...randomBytes(10)].map((byte) => (byte % 36).toString(36)).join('')}`;
  return { nickname, nicknameKey: nicknameKey(nickname) };
}

/** Two first sign-ins of one identity raced; the loser reads the winner's account. */
class IdentityTakenMeanwhile extends Error {}

export function createAuthRepository({ db }: { db: Db }) {
  const findMe = db
    .select({
      id: users.id,
      nickname: users.nickname,
      joinState: users.joinState,
      language: users.language,
      currency: users.currency,
      // One probe of the partial index notifications_unread_idx.
      // Qualified by hand: drizzle writes a bare "id" in a one-table select, which the subquery would bind to its own table.
      hasUnreadNotification: sql<boolean>`exists (select 1 from notifications n where n.user_id = "users"."id" and n.read_at is null)`,
      roles: users.roles,
    })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('userId')), isNull(users.deletedAt)))
    .prepare('auth_me');

  async function findIdentityOwner(tx: DbOrTx, provider: ProviderId, subject: string) {
    const [row] = await tx
      .select({ identityId: userIdentities.id, userId: userIdentities.userId, joinState: users.joinState })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
    return row;
  }

  return {
    async insertFlow(flow: NewSignInFlow) {
      await db.insert(signInFlows).values(flow);
    },

    /**
     * S5: a flow is used once, only before it expires, and only by the browser that started it.
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

    /**
     * The account of a (provider, subject), created on its first sign-in with the join still to do.
     * The provider's latest email and username are kept on the identity, never used to match.
     */
    async findOrCreateAccount(identity: IdentityProfile): Promise<{ userId: string; joinState: string }> {
      for (let attempt = 0; attempt < 2; attempt++) {
        const existing = await findIdentityOwner(db, identity.provider, identity.subject);
        if (existing) {
          await db
            .update(userIdentities)
            .set({ email: identity.email, username: identity.username })
            .where(eq(userIdentities.id, existing.identityId));
          return { userId: existing.userId, joinState: existing.joinState };
        }
        try {
          return await db.transaction(async (tx) => {
            const [user] = await tx
              .insert(users)
              .values({ email: identity.email, joinState: 'agreements', ...starterNickname() })
              .returning({ id: users.id, joinState: users.joinState });
            const inserted = await tx
              .insert(userIdentities)
              .values({ userId: user!.id, ...identity })
              .onConflictDoNothing({ target: [userIdentities.provider, userIdentities.subject] })
              .returning({ id: userIdentities.id });
            if (inserted.length === 0) throw new IdentityTakenMeanwhile();
            return { userId: user!.id, joinState: user!.joinState };
          });
        } catch (error) {
          if (!(error instanceof IdentityTakenMeanwhile)) throw error;
        }
      }
      throw new Error(`identity ${identity.provider} could not be resolved`);
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

    async findMe(userId: string) {
      const [row] = await findMe.execute({ userId });
      return row;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;

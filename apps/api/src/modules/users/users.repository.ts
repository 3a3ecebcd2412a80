import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users, type UserRow } from './users.table.ts';

export type NewUserRow = typeof users.$inferInsert;

export type UserChanges = Partial<
  Pick<
    UserRow,
    | 'nickname'
    | 'nicknameKey'
    | 'email'
    | 'country'
    | 'profileImagePath'
    | 'language'
    | 'currency'
    | 'adInfoConsent'
    | 'nightNotificationConsent'
    | 'marketingConsent'
    | 'joinState'
    | 'joinedAt'
    | 'deletedAt'
  >
>;

export function createUsersRepository({ db }: { db: DbOrTx }) {
  return {
    /** A live (not deleted) account. */
    async findById(userId: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)));
      return row;
    },

    /**
     * Locks the account's row until the transaction ends (SELECT … FOR UPDATE): every decision
     * about one user's follows, join state or deletion is taken under this lock, which comes
     * first (docs/architecture.md#locking), so two requests of one user cannot both pass a check
     * the other invalidates.
     */
    async lockById(userId: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .for('update');
      return row;
    },

    async update(userId: string, changes: UserChanges, now: Date): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: now })
        .where(eq(users.id, userId))
        .returning();
      return row;
    },

    /** True when another account holds this nickname key. */
    async nicknameKeyOf(userId: string): Promise<string | null> {
      const [row] = await db.select({ nicknameKey: users.nicknameKey }).from(users).where(eq(users.id, userId));
      return row?.nicknameKey ?? null;
    },

    async isNicknameKeyTakenByOther(nicknameKey: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.nicknameKey, nicknameKey), ne(users.id, userId)))
        .limit(1);
      return row !== undefined;
    },

    /** Whether any account was ever made, deleted ones included. */
    async any(): Promise<boolean> {
      return (await db.select({ id: users.id }).from(users).limit(1)).length > 0;
    },

    async insert(account: NewUserRow): Promise<UserRow> {
      const [row] = await db.insert(users).values(account).returning();
      return row!;
    },

    /** A live account by its nickname's key (the look-alike-proof form, `@orchard/shared/nickname-key`). */
    async findByNicknameKey(key: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.nicknameKey, key), isNull(users.deletedAt)));
      return row;
    },

    /** Adds or removes one role, each role held at most once. */
    async setRole(userId: string, role: string, holds: boolean): Promise<void> {
      const without = sql`array_remove(${users.roles}, ${role})`;
      await db
        .update(users)
        .set({ roles: holds ? sql`array_append(${without}, ${role})` : without, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    },

    /** Inserts an account unless its nickname is taken; undefined when it was. */
    async insertUnlessNicknameTaken(account: NewUserRow): Promise<{ id: string } | undefined> {
      const [row] = await db.insert(users).values(account).onConflictDoNothing().returning({ id: users.id });
      return row;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

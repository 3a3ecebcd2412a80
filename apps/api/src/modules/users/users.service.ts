import { randomBytes } from 'node:crypto';
import {
  nicknameProblem,
  normalizeNickname,
  profilePictureSize,
  type CountryCode,
  type Currency,
  type ErrorCode,
  type JoinState,
  type Language,
  type ProviderId,
  type UpdateUserProfile,
  type UserProfile,
} from '@orchard/shared';
import { isReservedNickname, nicknameKey } from '@orchard/shared/nickname-key';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { unauthenticated } from '../../lib/errors.ts';
import { reencodeImageAsWebp } from '../../lib/images.ts';
import type { FileStore } from '../../lib/storage.ts';
import type { ArtistsService } from '../artists/artists.service.ts';
import { identitiesOf } from '../auth/auth.service.ts';
import type { SessionService } from '../auth/session.service.ts';
import { deletionRefused, deletionUnconfirmed, nicknameInvalid, nicknameTaken } from './users.errors.ts';
import { createUsersRepository, type UserChanges } from './users.repository.ts';
import type { UserRow } from './users.table.ts';

/**
 * Asked inside the deletion transaction, before anything changes: a code refuses the deletion
 * (docs/product.md#account-deletion — e.g. the creator of a project still funding, `users.deletion_blocked`).
 */
export type AccountDeletionGuard = (userId: string, tx: Tx) => Promise<ErrorCode | null>;
/** Runs inside the deletion transaction once no guard refused (forfeiting points, forgetting identities). */
export type AccountDeletedHook = (userId: string, tx: Tx) => Promise<void>;
/**
 * Records a change of the marketing consent with the terms version and time (docs/product.md#terms);
 * the join module keeps agreements, and is given here as a function so neither module builds the other.
 */
export type MarketingConsentRecorder = (tx: Tx, userId: string, agreed: boolean, decidedAt: Date) => Promise<void>;

/** What other modules do when an account is deleted; passed in when the services are built. */
export type AccountDeletion = { guards: readonly AccountDeletionGuard[]; hooks: readonly AccountDeletedHook[] };

/** The join steps' changes to an account (docs/product.md#accounts). */
export type JoinProgress = { joinState: JoinState; marketingConsent?: boolean; joinedAt?: Date; nickname?: NicknameChange };

/** A nickname as stored: its normalised form and its uniqueness key. */
export type NicknameChange = { nickname: string; nicknameKey: string };

/**
 * A new account gets a nickname it can change later, so it never shows as nameless. 10 random
 * base-36 characters make a clash (which the unique index would refuse) practically impossible.
 */
export function starterNickname(): { nickname: string; nicknameKey: string } {
  const nickname = `fan_${[...randomBytes(10)].map((byte) => (byte % 36).toString(36)).join('')}`;
  return { nickname, nicknameKey: nicknameKey(nickname) };
}

/** Whether any account was ever made: the sample data loads its demo only into a database with none. */
export async function anyAccountWithin(tx: DbOrTx): Promise<boolean> {
  return createUsersRepository({ db: tx }).any();
}

/** A live account found by its nickname, as an operator types it (look-alikes match, decision 032). */
export async function accountByNicknameWithin(db: DbOrTx, nickname: string): Promise<Pick<UserRow, 'id' | 'nickname' | 'roles' | 'joinState'> | undefined> {
  return createUsersRepository({ db }).findByNicknameKey(nicknameKey(nickname));
}

/** Grants (`holds`) or revokes a role; the command line's operator grant is its only caller. */
export async function setRoleWithin(db: DbOrTx, userId: string, role: 'operator', holds: boolean): Promise<void> {
  await createUsersRepository({ db }).setRole(userId, role, holds);
}

/** A joined account with roles, for the sample operator; undefined when the nickname is taken. */
export async function createJoinedAccountWithin(db: DbOrTx, account: { nickname: string; roles: 'operator'[]; joinedAt: Date }): Promise<{ id: string } | undefined> {
  return createUsersRepository({ db }).insertUnlessNicknameTaken({
    nickname: account.nickname,
    nicknameKey: nicknameKey(account.nickname),
    joinState: 'joined',
    joinedAt: account.joinedAt,
    roles: account.roles,
  });
}

export type LocaleChange = { language: Language } | { currency: Currency };

export function createUsersService({
  db,
  clock,
  files,
  sessions,
  artists,
  recordMarketingConsent,
  accountDeletion = { guards: [], hooks: [] },
}: {
  db: Db;
  clock: Clock;
  files: FileStore;
  sessions: Pick<SessionService, 'revokeAllForUser'>;
  artists: Pick<ArtistsService, 'countFollowedWithin' | 'removeAllFollowsWithin'>;
  recordMarketingConsent: MarketingConsentRecorder;
  accountDeletion?: AccountDeletion;
}) {
  async function liveUser(userId: string): Promise<UserRow> {
    const user = await createUsersRepository({ db }).findById(userId);
    if (!user) throw unauthenticated();
    return user;
  }

  async function profileOf(user: UserRow): Promise<UserProfile> {
    const identities = await identitiesOf(db, user.id);
    const x = identities.find((identity) => identity.provider === 'x');
    return {
      id: user.id,
      nickname: user.nickname,
      email: user.email,
      country: user.country as CountryCode | null,
      profileImageUrl: user.profileImagePath ? files.urlFor(user.profileImagePath) : null,
      adInfoConsent: user.adInfoConsent,
      nightNotificationConsent: user.nightNotificationConsent,
      marketingConsent: user.marketingConsent,
      identities: identities.map((identity) => ({ provider: identity.provider as ProviderId, username: identity.username })),
      xAccount: x ? { username: x.username } : null,
    };
  }

  /**
   * A nickname the user asks for, checked as every save checks it (docs/product.md#nicknames): its
   * form, then a staff-like name is taken unless it already is the user's own (decision 032).
   */
  async function nicknameChangeFor(userId: string, requested: string): Promise<NicknameChange> {
    const problem = nicknameProblem(requested);
    if (problem) throw nicknameInvalid(problem);
    const change = { nickname: normalizeNickname(requested), nicknameKey: nicknameKey(requested) };
    if (isReservedNickname(requested) && (await createUsersRepository({ db }).nicknameKeyOf(userId)) !== change.nicknameKey) throw nicknameTaken();
    return change;
  }

  /**
   * The availability check is advice; the unique index on nickname_key decides. Of concurrent
   * saves of one nickname exactly one wins, the others get users.nickname_taken.
   */
  async function refusingTakenNicknames<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'users_nickname_key_unique')) throw nicknameTaken();
      throw error;
    }
  }

  /** A stored file no record points to any more is harmless; its removal never fails a request. */
  async function removeFileQuietly(key: string | null) {
    if (key) await files.remove(key).catch(() => undefined);
  }

  return {
    /** An account made on a first sign-in, with the join still to do (docs/product.md#accounts). */
    async createAccountWithin(tx: Tx, { email }: { email: string | null }): Promise<{ userId: string; joinState: string }> {
      const created = await createUsersRepository({ db: tx }).insert({ email, joinState: 'agreements', ...starterNickname() });
      return { userId: created.id, joinState: created.joinState };
    },

    /** Support replies by email: the newest address a provider vouches for is kept (never used to find the account). */
    async recordSignInEmail(userId: string, email: string) {
      await createUsersRepository({ db }).update(userId, { email }, clock.now());
    },

    async joinStateOf(userId: string): Promise<JoinState> {
      const user = await liveUser(userId);
      return user.joinState as JoinState;
    },

    /**
     * Locks the live account's row for the rest of the caller's transaction, so the caller's
     * decisions about it (join steps, follows) run one at a time; 401 when it is gone.
     */
    async lockAccountWithin(tx: Tx, userId: string): Promise<UserRow> {
      const user = await createUsersRepository({ db: tx }).lockById(userId);
      if (!user) throw unauthenticated();
      return user;
    },

    async recordJoinProgressWithin(tx: Tx, userId: string, { nickname, ...progress }: JoinProgress, now: Date) {
      await createUsersRepository({ db: tx }).update(userId, { ...progress, ...nickname }, now);
    },

    nicknameChangeFor,
    refusingTakenNicknames,

    async displayInfo(userId: string) {
      const user = await liveUser(userId);
      return {
        id: user.id,
        nickname: user.nickname,
        profileImageUrl: user.profileImagePath ? files.urlFor(user.profileImagePath) : null,
        language: user.language as Language,
        currency: user.currency as Currency,
        followingArtistCount: await artists.countFollowedWithin(db, userId),
      };
    },

    async changeLocale(userId: string, change: LocaleChange) {
      const updated = await createUsersRepository({ db }).update(userId, change, clock.now());
      if (!updated) throw unauthenticated();
      return { language: updated.language as Language, currency: updated.currency as Currency };
    },

    async profile(userId: string) {
      return profileOf(await liveUser(userId));
    },

    async nicknameAvailability(userId: string, rawNickname: string) {
      const nickname = normalizeNickname(rawNickname);
      const problem = nicknameProblem(nickname);
      if (problem) return { nickname, available: false, problem };
      // The user's own current nickname counts as available: saving it again changes nothing.
      const repository = createUsersRepository({ db });
      const key = nicknameKey(nickname);
      // A staff-like name is answered as taken: it is, by the staff (decision 032).
      const taken = isReservedNickname(nickname)
        ? (await repository.nicknameKeyOf(userId)) !== key
        : await repository.isNicknameKeyTakenByOther(key, userId);
      return { nickname, available: !taken, problem: taken ? ('taken' as const) : null };
    },

    async updateProfile(userId: string, body: UpdateUserProfile) {
      const changes: UserChanges = body.nickname === undefined ? {} : { ...(await nicknameChangeFor(userId, body.nickname)) };
      if (body.country !== undefined) changes.country = body.country;
      if (body.adInfoConsent !== undefined) changes.adInfoConsent = body.adInfoConsent;
      if (body.nightNotificationConsent !== undefined) changes.nightNotificationConsent = body.nightNotificationConsent;
      if (body.marketingConsent !== undefined) changes.marketingConsent = body.marketingConsent;
      const updated = await refusingTakenNicknames(() =>
        db.transaction(async (tx) => {
          const users = createUsersRepository({ db: tx });
          const user = await users.lockById(userId);
          if (!user) throw unauthenticated();
          const now = clock.now();
          if (body.marketingConsent !== undefined && body.marketingConsent !== user.marketingConsent) {
            // Consent is recorded with the terms version and time, also when changed later (docs/product.md#terms).
            await recordMarketingConsent(tx, userId, body.marketingConsent, now);
          }
          const saved = await users.update(userId, changes, now);
          if (!saved) throw unauthenticated();
          return saved;
        }),
      );
      return profileOf(updated);
    },

    /** docs/quality.md#s6: re-encoded to a square WebP under a generated name; the previous picture is removed. */
    async setProfilePicture(userId: string, upload: Buffer) {
      const picture = await reencodeImageAsWebp(upload, { width: profilePictureSize, height: profilePictureSize });
      const key = await files.save('avatars', 'webp', picture);
      let previous: string | null;
      try {
        previous = await db.transaction(async (tx) => {
          const users = createUsersRepository({ db: tx });
          const user = await users.lockById(userId);
          if (!user) throw unauthenticated();
          await users.update(userId, { profileImagePath: key }, clock.now());
          return user.profileImagePath;
        });
      } catch (error) {
        await removeFileQuietly(key);
        throw error;
      }
      await removeFileQuietly(previous);
      return { profileImageUrl: files.urlFor(key) };
    },

    async removeProfilePicture(userId: string) {
      const previous = await db.transaction(async (tx) => {
        const users = createUsersRepository({ db: tx });
        const user = await users.lockById(userId);
        if (!user) throw unauthenticated();
        if (user.profileImagePath) await users.update(userId, { profileImagePath: null }, clock.now());
        return user.profileImagePath;
      });
      await removeFileQuietly(previous);
      return { profileImageUrl: null };
    },

    /**
     * Refused while a guard objects; otherwise the account is anonymised (its personal data,
     * identities — through the auth module's hook — and follows go; ledger rows stay), every
     * session is revoked, all in one transaction. The same sign-in later makes a fresh account
     * (docs/product.md#account-deletion).
     */
    async deleteAccount(userId: string, acknowledgePointForfeit: boolean) {
      if (!acknowledgePointForfeit) {
        throw deletionUnconfirmed();
      }
      const picture = await db.transaction(async (tx) => {
        const users = createUsersRepository({ db: tx });
        const user = await users.lockById(userId);
        if (!user) throw unauthenticated();
        for (const guard of accountDeletion.guards) {
          const refusal = await guard(userId, tx);
          if (refusal) throw deletionRefused(refusal);
        }
        for (const hook of accountDeletion.hooks) await hook(userId, tx);
        await artists.removeAllFollowsWithin(tx, userId);
        const now = clock.now();
        await users.update(
          userId,
          {
            nickname: null,
            nicknameKey: null,
            email: null,
            country: null,
            profileImagePath: null,
            adInfoConsent: false,
            nightNotificationConsent: false,
            marketingConsent: false,
            deletedAt: now,
          },
          now,
        );
        await sessions.revokeAllForUser(userId, tx);
        return user.profileImagePath;
      });
      await removeFileQuietly(picture);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

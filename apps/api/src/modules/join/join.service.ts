import {
  currentTermsVersion,
  minimumFollowedArtists,
  requiredAgreements,
  type JoinAgreements,
  type JoinState,
} from '@orchard/shared';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ArtistsService } from '../artists/artists.service.ts';
import { followingRequired } from '../artists/artists.errors.ts';
import type { UsersService } from '../users/users.service.ts';
import { alreadyJoined, termsMissing, termsRequired } from './join.errors.ts';
import { createJoinRepository } from './join.repository.ts';

/**
 * A later change of the marketing consent, recorded like the join's own agreements with the terms
 * version and time (docs/product.md#terms). A plain function: the users service calls it from its
 * profile transaction, and the join service itself is built on the users service.
 */
export async function recordMarketingConsentWithin(tx: Tx, userId: string, agreed: boolean, decidedAt: Date) {
  await createJoinRepository({ db: tx }).recordAgreements(userId, [{ kind: 'marketing', agreed }], currentTermsVersion, decidedAt);
}

/**
 * The required agreements of an account joined without the join's steps (the sample operator),
 * recorded as step 1 records them, with the terms version and time.
 */
export async function recordRequiredAgreementsWithin(tx: DbOrTx, userId: string, decidedAt: Date) {
  await createJoinRepository({ db: tx }).recordAgreements(userId, requiredAgreements.map((kind) => ({ kind, agreed: true })), currentTermsVersion, decidedAt);
}

/**
 * The two-step join (docs/product.md#accounts): step 1 terms, step 2 favourite artists.
 * Each step runs under the user's row lock, so repeated or concurrent submissions see one state.
 * Sessions read `joined` from the users row on every request, so finishing takes effect at once.
 */
export function createJoinService({
  db,
  clock,
  artists,
  users,
}: {
  db: Db;
  clock: Clock;
  artists: Pick<ArtistsService, 'followWithin' | 'countFollowedWithin'>;
  users: Pick<UsersService, 'joinStateOf' | 'lockAccountWithin' | 'recordJoinProgressWithin' | 'nicknameChangeFor' | 'refusingTakenNicknames'>;
}) {
  return {
    async state(userId: string): Promise<{ joinState: JoinState; termsVersion: string }> {
      return { joinState: await users.joinStateOf(userId), termsVersion: currentTermsVersion };
    },

    /** Step 1. May be sent again before step 2 (the user went back); refused once joined. */
    async agree(userId: string, agreements: JoinAgreements) {
      const missing = requiredAgreements.filter((kind) => agreements[kind] !== true);
      if (missing.length > 0) throw termsRequired(missing);
      const marketing = agreements.marketing ?? false;
      return db.transaction(async (tx) => {
        const user = await users.lockAccountWithin(tx, userId);
        if (user.joinState === 'joined') throw alreadyJoined();
        const now = clock.now();
        await createJoinRepository({ db: tx }).recordAgreements(
          userId,
          [...requiredAgreements.map((kind) => ({ kind, agreed: true })), { kind: 'marketing', agreed: marketing }],
          currentTermsVersion,
          now,
        );
        await users.recordJoinProgressWithin(tx, userId, { joinState: 'artists', marketingConsent: marketing }, now);
        return { joinState: 'artists' as const, termsVersion: currentTermsVersion };
      });
    },

    /**
     * Step 2: follows the chosen artists (ids of artists that no longer exist are skipped), takes
     * the nickname the fan chose (none sent keeps the account's) and finishes the join, all in one
     * transaction. At least one existing artist (docs/product.md#accounts).
     */
    async complete(userId: string, { artistIds, nickname }: { artistIds: number[]; nickname?: string | undefined }) {
      const nicknameChange = nickname === undefined ? undefined : await users.nicknameChangeFor(userId, nickname);
      return users.refusingTakenNicknames(() =>
        db.transaction(async (tx) => {
          const user = await users.lockAccountWithin(tx, userId);
          if (user.joinState === 'joined') throw alreadyJoined();
          if (user.joinState !== 'artists') throw termsMissing();
          await artists.followWithin(tx, userId, artistIds);
          const following = await artists.countFollowedWithin(tx, userId);
          if (following < minimumFollowedArtists) throw followingRequired();
          const now = clock.now();
          await users.recordJoinProgressWithin(tx, userId, { joinState: 'joined', joinedAt: now, nickname: nicknameChange }, now);
          return { joinState: 'joined' as const, termsVersion: currentTermsVersion };
        }),
      );
    },
  };
}

export type JoinService = ReturnType<typeof createJoinService>;

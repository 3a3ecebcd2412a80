import {
  currentTermsVersion,
  minimumFollowedArtists,
  requiredAgreements,
  type JoinAgreements,
  type JoinState,
} from '@orchard/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, unauthenticated, unprocessable } from '../../lib/errors.ts';
import { followingRequired, type ArtistsService } from '../artists/artists.service.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { createJoinRepository } from './join.repository.ts';

const alreadyJoined = () => conflict('auth.already_joined', 'This account has already joined.');

/**
 * The two-step join (spec §2 Join; decisions: Identity): step 1 terms, step 2 favourite artists.
 * Each step runs under the user's row lock, so repeated or concurrent submissions see one state.
 * Sessions read `joined` from the users row on every request, so finishing takes effect at once.
 */
export function createJoinService({ db, clock, artists }: { db: Db; clock: Clock; artists: ArtistsService }) {
  return {
    async state(userId: string): Promise<{ joinState: JoinState; termsVersion: string }> {
      const user = await createUsersRepository({ db }).findById(userId);
      if (!user) throw unauthenticated();
      return { joinState: user.joinState as JoinState, termsVersion: currentTermsVersion };
    },

    /** Step 1. May be sent again before step 2 (the user went back); refused once joined. */
    async agree(userId: string, agreements: JoinAgreements) {
      const missing = requiredAgreements.filter((kind) => agreements[kind] !== true);
      if (missing.length > 0) {
        throw unprocessable('join.terms_required', 'The service, privacy and unique-identification agreements are required.', {
          missing,
        });
      }
      const marketing = agreements.marketing ?? false;
      return db.transaction(async (tx) => {
        const users = createUsersRepository({ db: tx });
        const user = await users.lockById(userId);
        if (!user) throw unauthenticated();
        if (user.joinState === 'joined') throw alreadyJoined();
        const now = clock.now();
        await createJoinRepository({ db: tx }).recordAgreements(
          userId,
          [...requiredAgreements.map((kind) => ({ kind, agreed: true })), { kind: 'marketing', agreed: marketing }],
          currentTermsVersion,
          now,
        );
        await users.update(userId, { joinState: 'artists', marketingConsent: marketing }, now);
        return { joinState: 'artists' as const, termsVersion: currentTermsVersion };
      });
    },

    /**
     * Step 2: follows the chosen artists (ids of artists that no longer exist are skipped) and
     * finishes the join, all in one transaction. At least one existing artist (spec §5).
     */
    async complete(userId: string, artistIds: number[]) {
      return db.transaction(async (tx) => {
        const users = createUsersRepository({ db: tx });
        const user = await users.lockById(userId);
        if (!user) throw unauthenticated();
        if (user.joinState === 'joined') throw alreadyJoined();
        if (user.joinState !== 'artists') throw conflict('join.terms_missing', 'Agree to the terms first.');
        await artists.followWithin(tx, userId, artistIds);
        const following = await artists.countFollowedWithin(tx, userId);
        if (following < minimumFollowedArtists) throw followingRequired();
        const now = clock.now();
        await users.update(userId, { joinState: 'joined', joinedAt: now }, now);
        return { joinState: 'joined' as const, termsVersion: currentTermsVersion };
      });
    },
  };
}

export type JoinService = ReturnType<typeof createJoinService>;

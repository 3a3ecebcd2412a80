import { artistRankingsResponseSchema, type ArtistRankingsQuery } from '@orchard/shared';
import { coalesceJson } from '../../lib/shared-json.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { addKstMonths, kstDateOf } from '../../lib/kst.ts';
import { createRankingsRepository, type RollupAddition, type RollupWithdrawal } from './rankings.repository.ts';

export type { RollupWithdrawal } from './rankings.repository.ts';

/**
 * Participations just written, all at `at`, enter the rollup: one statement of the rankings' own,
 * run right after the participations' statement in its transaction (the caller holds the fans'
 * wallets, docs/architecture.md#discovery; decision 095). A project's amount counts as Orange, an
 * event's as Berry.
 */
export async function addToRollupWithin(tx: DbOrTx, added: readonly { artistId: number; kind: string; userId: string; amount: number }[], at: Date): Promise<void> {
  const additions = added.map(({ artistId, kind, userId, amount }): RollupAddition => ({ artistId, userId, orange: kind === 'event' ? 0 : amount, berry: kind === 'event' ? amount : 0 }));
  await createRankingsRepository({ db: tx }).add(additions, at);
}

/**
 * The artist rankings (docs/product.md#discovery), read from the rollup the participations and
 * returns keep (docs/architecture.md#discovery): one row per artist and month, never the ledger.
 */
export function createRankingsService({ db, clock }: { db: Db; clock: Clock }) {
  /** The same for every viewer: identical requests in flight share one read and one serialization (decision 112). */
  const sharedAnswers = coalesceJson(artistRankingsResponseSchema, async (key) => {
    const { by, period } = JSON.parse(key) as { by: ArtistRankingsQuery['by']; period: string };
    const month = `${period}-01`;
    return { period, items: await createRankingsRepository({ db }).ranking(by, month, addKstMonths(month, -1)) };
  });
  return {
    /**
     * Artists by Orange funded or by distinct backers in a KST month (the current one by default),
     * with last month's rank, as the JSON text of the route's answer (`ArtistRankings`).
     */
    artistsJson(query: ArtistRankingsQuery): Promise<string> {
      return sharedAnswers(JSON.stringify({ by: query.by, period: query.period ?? kstDateOf(clock.now()).slice(0, 7) }));
    },

    /**
     * A failed or cancelled project's or event's participations of some fans leave the rollup, in
     * the transaction that returns them, which holds their wallets (a close returns its participants
     * in chunks, decision 066). The projects module says which: the artist, the kind, and the
     * participations as a query of its own tables (decision 102).
     */
    async withdrawParticipantsWithin(tx: Tx, withdrawal: RollupWithdrawal): Promise<void> {
      await createRankingsRepository({ db: tx }).withdrawParticipants(withdrawal);
    },
  };
}

export type RankingsService = ReturnType<typeof createRankingsService>;

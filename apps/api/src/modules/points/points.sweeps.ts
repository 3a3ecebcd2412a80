import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { createLedgerRepository } from './ledger.repository.ts';

/**
 * The ledger's periodic work (docs/architecture.md#sweeps): lot expiry. Run by the scheduler
 * (jobs/sweeps.ts) on one instance at a time, and safe to run on several at once anyway.
 */
export function createPointsSweeps({ db, clock }: { db: Db; clock: Clock }) {
  /** Expires one user's lots past their end, one spend entry (reason expiry) per lot. */
  async function expireLotsWithin(tx: DbOrTx, userId: string, now: Date): Promise<number> {
    const ledger = createLedgerRepository({ db: tx });
    if (!(await ledger.lockWallet(userId))) return 0;
    // After the wallet (docs/architecture.md#locking): a concurrent sweep or spend of this user waits, then sees remaining 0.
    const lots = await ledger.lockLots({ userId, expiredBy: now });
    for (const lot of lots) {
      await ledger.post({
        userId,
        currency: lot.currency,
        type: 'spend',
        reason: 'expiry',
        // Idempotent per lot: the unique key refuses a second expiry entry for the same lot.
        idempotencyKey: `expiry:${lot.id}`,
        now,
        lotDebits: [{ lotId: lot.id, kind: lot.kind, amount: lot.remaining }],
        counters: [{ systemAccount: 'expired', amount: lot.remaining }],
      });
    }
    return lots.length;
  }

  return {
    expireLotsWithin,

    /**
     * The expiry sweep (docs/product.md#validity): every lot past the end of its last KST day gets
     * a spend entry of reason expiry. One user per transaction; idempotent and safe to run
     * concurrently.
     */
    async sweepExpiredLots(options: { batch?: number; stop?: AbortSignal } = {}) {
      const now = clock.now();
      let expired = 0;
      for (;;) {
        const userIds = await createLedgerRepository({ db }).usersWithExpiredLots(now, options.batch ?? 200);
        if (userIds.length === 0) return { expired };
        let progressed = 0;
        for (const userId of userIds) {
          // Shutdown: the users left are the next pass's, on this or another process.
          if (options.stop?.aborted) return { expired };
          const count = await db.transaction((tx) => expireLotsWithin(tx, userId, now));
          expired += count;
          progressed += count;
        }
        // Another instance took these users meanwhile; nothing is left for this pass.
        if (progressed === 0) return { expired };
      }
    },
  };
}

import { fundingClosesAt } from '@orchard/shared/project-rules';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { kstDateOf } from '../../lib/kst.ts';
import { expiryNoticeDays, type PointsService } from '../points/points.service.ts';
import { fundersAfter, fundingEndingBy } from '../projects/projects.service.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import type { AnyNotifyInput, NotificationsService } from './notifications.service.ts';

/** docs/product.md#notifications: a joined project is told within its last 24 hours. */
const closingNoticeMs = 86_400_000;
const batch = 500;

/**
 * The notices the clock brings (docs/architecture.md#sweeps): expiring lots, joined projects
 * closing soon, and the 180-day retention. Each notice carries a dedupe key, so it is written once
 * whatever the number of runs or processes (the unique index decides); each batch is its own
 * transaction, with its mails queued in it.
 */
export function createNotificationSweeps({
  db,
  clock,
  notifications: service,
  points,
}: {
  db: Db;
  clock: Clock;
  notifications: Pick<NotificationsService, 'notifyManyWithin' | 'purgeOld'>;
  points: Pick<PointsService, 'lotsDueExpiryNotice' | 'takeExpiryNoticesWithin'>;
}) {
  return {
    /**
     * Every live lot ending within 30 KST days gets a notice with its remaining amount and end: one
     * when 30 days or fewer are left, one more when 7 or fewer are (a lot first seen inside 7 days
     * gets only the 7-day one). The ledger keeps which lots were told (its work list).
     */
    async noticeExpiringLots(): Promise<{ noticed: number }> {
      let noticed = 0;
      for (const days of [...expiryNoticeDays].sort((a, b) => a - b)) {
        for (let afterLotId = 0; ; ) {
          const lots = await points.lotsDueExpiryNotice({ days, afterLotId, limit: batch });
          if (lots.length === 0) break;
          noticed += await db.transaction(async (tx) => {
            const taken = new Set(await points.takeExpiryNoticesWithin(tx, lots.map((lot) => lot.id), days));
            return service.notifyManyWithin(
              tx,
              lots
                .filter((lot) => taken.has(lot.id))
                .map(
                  (lot): AnyNotifyInput => ({
                    userId: lot.userId,
                    kind: 'points_expiring',
                    projectId: null,
                    params: { amount: lot.remaining, currency: lot.currency, expiresAt: lot.expiresAt.toISOString() },
                    dedupeKey: `points_expiring:${lot.id}:d${days}`,
                  }),
                ),
            );
          });
          if (lots.length < batch) break;
          afterLotId = lots.at(-1)!.id;
        }
      }
      return { noticed };
    },

    /** Every fan of a funding project that closes within 24 hours is told once (the creator's deposit counts as joining). */
    async noticeClosingSoon(): Promise<{ noticed: number }> {
      const now = clock.now();
      // Funding closes at 00:00 KST after the end date (docs/product.md#funding-close): within 24
      // hours of it from 00:00 KST of the end date on. An earlier end date is a close not swept yet.
      const due = await fundingEndingBy(db, kstDateOf(now));
      const repository = createNotificationsRepository({ db });
      let noticed = 0;
      for (const project of due) {
        const closesAt = fundingClosesAt(project.fundingEndDate);
        if (closesAt <= now || closesAt.getTime() - now.getTime() > closingNoticeMs) continue;
        const keyOf = (userId: string) => `closing_soon:${project.id}:${userId}`;
        for (let after: string | null = null; ; ) {
          const fans = await fundersAfter(db, project.id, after, batch);
          // Fans told on an earlier run are left out before the write, so a run over a project
          // already told writes nothing.
          const told = await repository.takenDedupeKeys(fans.map(keyOf));
          const untold = fans.filter((userId) => !told.has(keyOf(userId)));
          if (untold.length > 0) {
            noticed += await db.transaction((tx) =>
              service.notifyManyWithin(
                tx,
                untold.map(
                  (userId): AnyNotifyInput => ({
                    userId,
                    kind: 'closing_soon',
                    projectId: project.id,
                    params: { closesAt: closesAt.toISOString() },
                    dedupeKey: keyOf(userId),
                  }),
                ),
              ),
            );
          }
          if (fans.length < batch) break;
          after = fans.at(-1)!;
        }
      }
      return { noticed };
    },

    purgeOld: () => service.purgeOld(),
  };
}

export type NotificationSweeps = ReturnType<typeof createNotificationSweeps>;

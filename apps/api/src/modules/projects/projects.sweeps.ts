import { creationDeadlineCause, creationDeadlineFor, isCreationDeadlinePassed, isFundingOpenOn, kstDateOf } from '@orchard/shared/project-rules';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { createProjectsRepository } from './projects.repository.ts';

/** Each sweep pass takes at most this many projects; the next pass (a minute later) takes the rest. */
const sweepBatch = 200;

/**
 * The lifecycle's time-driven transitions before funding (docs/architecture.md#sweeps), run by the
 * scheduler (jobs/sweeps.ts). Each project is its own transaction, re-checked under its lock, so a
 * second run, or a run racing the creator, changes nothing twice.
 */
export function createProjectSweeps({ db, clock, notifications }: { db: Db; clock: Clock; notifications: Pick<NotificationsService, 'notifyWithin' | 'notifyFollowersOfOpeningWithin'> }) {
  return {
    /** An approved project not created by its deadline becomes cancelled; one project per transaction. */
    async cancelOverdueCreations(stop?: AbortSignal): Promise<{ cancelled: number }> {
      const ids = await createProjectsRepository({ db }).overdueApprovedIds(clock.now(), sweepBatch);
      let cancelled = 0;
      for (const projectId of ids) {
        if (stop?.aborted) break;
        const done = await db.transaction(async (tx) => {
          const repository = createProjectsRepository({ db: tx });
          const row = await repository.lock(projectId);
          const now = clock.now();
          // Re-checked under the lock: a creation that committed first wins, and a second run changes nothing.
          if (!row || row.status !== 'approved' || !row.approvedAt || !isCreationDeadlinePassed(row.approvedAt, row.fundingEndDate, now)) return false;
          await repository.update(projectId, { status: 'cancelled', cancelledAt: now, updatedAt: now });
          // Told the real cause: the 7 days, or a funding end that came first (docs/product.md#creation).
          const cause = creationDeadlineCause(creationDeadlineFor(row.approvedAt, row.fundingEndDate), row.fundingEndDate);
          await notifications.notifyWithin(tx, { userId: row.creatorId, kind: 'cancelled_deadline', projectId, params: { cause } });
          return true;
        });
        if (done) cancelled += 1;
      }
      return { cancelled };
    },

    /** A created project opens for funding on its start day (KST); one project per transaction. */
    async openFundingDue(stop?: AbortSignal): Promise<{ opened: number }> {
      const ids = await createProjectsRepository({ db }).dueToOpenIds(kstDateOf(clock.now()), sweepBatch);
      let opened = 0;
      for (const projectId of ids) {
        if (stop?.aborted) break;
        const done = await db.transaction(async (tx) => {
          const repository = createProjectsRepository({ db: tx });
          const row = await repository.lock(projectId);
          const now = clock.now();
          if (!row || row.status !== 'created' || !isFundingOpenOn(row.fundingStartDate, kstDateOf(now))) return false;
          await repository.update(projectId, { status: 'funding', updatedAt: now });
          // docs/product.md#notifications: the artist's followers hear it opened, once each.
          await notifications.notifyFollowersOfOpeningWithin(tx, { projectId, artistId: row.artistId, creatorId: row.creatorId });
          return true;
        });
        if (done) opened += 1;
      }
      return { opened };
    },
  };
}

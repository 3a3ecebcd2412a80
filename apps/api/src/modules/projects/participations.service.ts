import type { CancellationPreview, Language, ParticipantSort, Project } from '@orchard/shared';
import { fundingClosesAt, kstDateOf } from '@orchard/shared/project-rules';
import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { isCursorId, isCursorInstant } from '../../lib/cursor.ts';
import { addKstMonths } from '../../lib/kst.ts';
import type { FileStore } from '../../lib/storage.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { Idempotency, KeyScope } from '../idempotency/idempotency.service.ts';
import type { PointsService } from '../points/points.service.ts';
import type { RankingsService } from '../rankings/rankings.service.ts';
import { createParticipationBatcher, participationCurrencyOf } from './participations.batch.ts';
import { createParticipationsRepository, type ParticipantsCursor } from './participations.repository.ts';
import { cursorInvalid, notCancellable, projectNotFound } from './projects.errors.ts';
import { createProjectsRepository } from './projects.repository.ts';
import type { ProjectsService, Viewer } from './projects.service.ts';
import type { ProjectRow } from './projects.table.ts';

const pageSize = 20;
const sweepBatch = 200;

export type ParticipationOutcome = { participation: { id: number; amount: number }; project: Project };


function encodeCursor(cursor: ParticipantsCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(cursor: string, sort: ParticipantSort): ParticipantsCursor {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    const id = value.id;
    if (value.sort === sort && isCursorId(id)) {
      if (sort === 'amount' && typeof value.amount === 'number' && Number.isSafeInteger(value.amount)) return { sort, amount: value.amount, id };
      if (sort === 'latest' && isCursorInstant(value.latestMs)) return { sort, latestMs: value.latestMs, id };
    }
  } catch {
    // refused below
  }
  throw cursorInvalid();
}

/**
 * Participation and the funding's outcome (docs/product.md#participation, #funding-close,
 * #cancellation). Locks, in one order everywhere (docs/architecture.md#locking): the project's
 * advisory lock, then its row when its status changes, then the users' wallets in user-id order,
 * then their lots. A participation batch holds a limited project's advisory lock exclusively (the
 * cap needs participations one at a time) and an ongoing project's shared, so those run side by
 * side (decision 059). A close or a cancellation takes it exclusively, so it waits for every
 * participation in flight and every later one sees the project closed.
 */
export function createParticipationsService({
  db,
  clock,
  files,
  points,
  notifications,
  idempotency,
  projects,
  rankings,
}: {
  db: Db;
  clock: Clock;
  files: FileStore;
  points: Pick<PointsService, 'spendManyWithin' | 'lockWalletsWithin' | 'returnParticipationWithin' | 'settleEscrowWithin'>;
  notifications: Pick<NotificationsService, 'notifyWithin'>;
  idempotency: Idempotency;
  projects: Pick<ProjectsService, 'presentOne' | 'presentNow'>;
  rankings: Pick<RankingsService, 'withdrawProjectWithin'>;
}) {
  /** Notifies the creator and every participant once each. */
  async function notifySucceeded(tx: Tx, row: Pick<ProjectRow, 'id' | 'creatorId'>) {
    const participants = await createParticipationsRepository({ db: tx }).allOf(row.id);
    const userIds = new Set([row.creatorId, ...participants.map((participation) => participation.userId)]);
    for (const userId of userIds) await notifications.notifyWithin(tx, { userId, kind: 'succeeded', projectId: row.id, params: {} });
  }

  /**
   * Every participation of the project back to its lots, and out of the artist rankings' rollup
   * (docs/product.md#discovery); each participant is told what came back.
   */
  async function returnEverything(tx: Tx, row: ProjectRow, outcome: 'failed' | 'cancelled', reason?: string) {
    const repository = createParticipationsRepository({ db: tx });
    const returnedTo = new Map<string, number>();
    const participations = await repository.allOf(row.id);
    // Every participant's wallet first, in user-id order, as a batch of participations takes them
    // (docs/architecture.md#locking): returned one by one in participation order, a close and a
    // batch holding two of the same fans would wait on each other.
    await points.lockWalletsWithin(tx, [...new Set(participations.map((participation) => participation.userId))]);
    for (const participation of participations) {
      await points.returnParticipationWithin(tx, {
        spendTransactionId: participation.spendTransactionId,
        reason: row.kind === 'event' ? 'event_not_achieved' : 'project_not_achieved',
      });
      returnedTo.set(participation.userId, (returnedTo.get(participation.userId) ?? 0) + participation.amount);
    }
    await rankings.withdrawProjectWithin(tx, row);
    const currency = participationCurrencyOf(row);
    for (const userId of new Set([row.creatorId, ...returnedTo.keys()])) {
      if (outcome === 'failed') await notifications.notifyWithin(tx, { userId, kind: 'failed', projectId: row.id, params: {} });
      else await notifications.notifyWithin(tx, { userId, kind: 'cancelled', projectId: row.id, params: reason ? { reason } : {} });
      const amount = returnedTo.get(userId);
      if (amount) await notifications.notifyWithin(tx, { userId, kind: 'points_returned', projectId: row.id, params: { amount, currency } });
    }
  }

  const batcher = createParticipationBatcher({ db, clock, points, idempotency, onGoalReached: notifySucceeded });

  return {
    /**
     * A participation under its Idempotency-Key (docs/product.md#participation), decided in a batch
     * with the others that arrive together (participations.batch.ts). A retry gets the same
     * participation again, or the same refusal; the project in the answer is as it stands now.
     */
    async participate(key: KeyScope, projectId: number, amount: number, language: Language): Promise<ParticipationOutcome> {
      const { value: participation } = await idempotency.onLedgerKey(key, async () => {
        const decision = await batcher.submit({ userId: key.userId, key: key.key, requestHash: key.hash, projectId, amount });
        if (decision.kind === 'refused') throw decision.refusal;
        return decision.kind === 'applied' ? { kind: 'applied', value: decision.participation } : decision.kind === 'replayed' ? { ...decision, value: decision.participation } : decision;
      });
      const project = await projects.presentNow(projectId, { userId: key.userId, isOperator: false }, language);
      if (!project) throw projectNotFound();
      return { participation, project };
    },

    /** Funders of a created project, one row per user with their total. */
    async participants(projectId: number, query: { sort: ParticipantSort; cursor?: string; limit?: number }) {
      const project = await createProjectsRepository({ db }).findRecord(projectId);
      if (!project || project.createdAt === null) throw projectNotFound();
      const limit = query.limit ?? pageSize;
      const after = query.cursor === undefined ? null : decodeCursor(query.cursor, query.sort);
      const rows = await createParticipationsRepository({ db }).participants(projectId, query.sort, after, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => ({
          id: row.id,
          nickname: row.deleted ? null : row.nickname,
          profileImageUrl: row.deleted || !row.profileImagePath ? null : files.urlFor(row.profileImagePath),
          amount: row.amount,
          participatedAt: row.latestAt.toISOString(),
        })),
        nextCursor:
          rows.length > limit && last
            ? encodeCursor(query.sort === 'amount' ? { sort: 'amount', amount: last.amount, id: last.id } : { sort: 'latest', latestMs: last.latestAt.getTime(), id: last.id })
            : null,
      };
    },

    /**
     * At 00:00 KST after the funding end date: raised ≥ goal → succeeded, otherwise failed with
     * every participation returned. One project per transaction; a repeat finds nothing to do.
     */
    async closeFundingDue(): Promise<{ succeeded: number; failed: number }> {
      const ids = await createParticipationsRepository({ db }).dueToCloseIds(kstDateOf(clock.now()), sweepBatch);
      const result = { succeeded: 0, failed: 0 };
      for (const projectId of ids) {
        const outcome = await db.transaction(async (tx) => {
          const row = await createProjectsRepository({ db: tx }).lock(projectId);
          const now = clock.now();
          if (!row || row.status !== 'funding' || now < fundingClosesAt(row.fundingEndDate)) return null;
          const raised = await createParticipationsRepository({ db: tx }).raisedOf(projectId);
          const status = raised >= row.goal ? 'succeeded' : 'failed';
          await createProjectsRepository({ db: tx }).update(projectId, { status, updatedAt: now });
          if (status === 'succeeded') await notifySucceeded(tx, row);
          else await returnEverything(tx, row, 'failed');
          return status;
        });
        if (outcome) result[outcome] += 1;
      }
      return result;
    },

    /** On the ad start day a succeeded project is running. */
    async startAdsDue(): Promise<{ started: number }> {
      const ids = await createParticipationsRepository({ db }).dueToRunIds(kstDateOf(clock.now()), sweepBatch);
      let started = 0;
      for (const projectId of ids) {
        const done = await db.transaction(async (tx) => {
          const repository = createProjectsRepository({ db: tx });
          const row = await repository.lock(projectId);
          const now = clock.now();
          if (!row || row.status !== 'succeeded' || row.adStartDate > kstDateOf(now)) return false;
          await repository.update(projectId, { status: 'running', updatedAt: now });
          // The points are spent on the ad now; before this a cancellation could still return them.
          if (row.escrowAccountId !== null) await points.settleEscrowWithin(tx, { escrowAccountId: row.escrowAccountId, projectId, currency: participationCurrencyOf(row) });
          return true;
        });
        if (done) started += 1;
      }
      return { started };
    },

    /**
     * An operator cancels a succeeded project up to one month before its ad start
     * (docs/product.md#cancellation): every participation returned, the reason kept and shown.
     */
    async cancel(operatorId: string, projectId: number, reason: string, viewer: NonNullable<Viewer>, language: Language): Promise<Project> {
      return db.transaction(async (tx) => {
        const row = await createProjectsRepository({ db: tx }).lock(projectId);
        if (!row || row.createdAt === null) throw projectNotFound();
        if (row.status === 'cancelled' && row.cancellationReason !== null) return projects.presentOne(projectId, viewer, language, tx);
        const now = clock.now();
        if (row.status !== 'succeeded' || kstDateOf(now) > addKstMonths(row.adStartDate, -1)) throw notCancellable(row.status);
        await createProjectsRepository({ db: tx }).update(projectId, { status: 'cancelled', cancelledAt: now, cancellationReason: reason, updatedAt: now });
        await returnEverything(tx, row, 'cancelled', reason);
        await createProjectsRepository({ db: tx }).audit({ operatorId, action: 'cancel', projectId, before: { status: row.status }, after: { status: 'cancelled', cancellationReason: reason }, at: now });
        return projects.presentOne(projectId, viewer, language, tx);
      });
    },

    /**
     * What a cancellation of the project would return, read without a lock, for the operator's
     * confirmation (docs/product.md#cancellation); the cancellation itself decides again under its lock.
     */
    async cancellationPreview(projectId: number): Promise<CancellationPreview> {
      const row = await createProjectsRepository({ db }).findRow(projectId);
      if (!row || row.createdAt === null) throw projectNotFound();
      const cancellableThrough = addKstMonths(row.adStartDate, -1);
      const figures = await createParticipationsRepository({ db }).returnFiguresOf(projectId);
      return {
        projectId,
        cancellable: row.status === 'succeeded' && kstDateOf(clock.now()) <= cancellableThrough,
        cancellableThrough,
        ...figures,
        currency: participationCurrencyOf(row),
      };
    },
  };
}

export type ParticipationsService = ReturnType<typeof createParticipationsService>;

import type { CancellationPreview, Language, ParticipantSort, Project } from '@orchard/shared';
import { fundingClosesAt, kstDateOf } from '@orchard/shared/project-rules';
import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeJsonCursor, encodeJsonCursor, isCursorId, isCursorInstant } from '../../lib/cursor.ts';
import { addKstMonths } from '../../lib/kst.ts';
import type { Metrics } from '../../lib/metrics.ts';
import type { FileStore } from '../../lib/storage.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { AnyNotifyInput, NotificationsService } from '../notifications/notifications.service.ts';
import type { Idempotency, KeyScope } from '../idempotency/idempotency.service.ts';
import type { PointsService } from '../points/points.service.ts';
import type { RankingsService } from '../rankings/rankings.service.ts';
import { createParticipationBatcher, participationCurrencyOf } from './participations.batch.ts';
import { createParticipationsRepository, participationsOfFans, type ParticipantsCursor } from './participations.repository.ts';
import { cursorInvalid, notCancellable, projectNotFound } from './projects.errors.ts';
import { createProjectsRepository } from './projects.repository.ts';
import type { ProjectsService } from './projects.service.ts';
import type { ProjectRow } from './projects.table.ts';
import type { Viewer } from '../../lib/viewer.ts';

const pageSize = 20;
const sweepBatch = 200;

/**
 * Decision 066: how many participants a close returns per transaction (whole participants, at most
 * this many and, past the first, this many participations in all). A chunk holds its participants'
 * wallets until it commits: 400 participations took about 80 ms on PostgreSQL (1,000 took 220).
 */
export type ReturnChunk = { participants: number; participations: number };
const defaultReturnChunk: ReturnChunk = { participants: 100, participations: 400 };

export type ParticipationOutcome = { participation: { id: number; amount: number }; project: Project };


/** The participants list's keyset position from a cursor this list made; any other is a 400 (`cursorInvalid`). */
function participantsCursorOf(cursor: string, sort: ParticipantSort): ParticipantsCursor {
  const value = decodeJsonCursor(cursor, cursorInvalid);
  const id = value.id;
  if (value.sort === sort && isCursorId(id)) {
    if (sort === 'amount' && typeof value.amount === 'number' && Number.isSafeInteger(value.amount)) return { sort, amount: value.amount, id };
    if (sort === 'latest' && isCursorInstant(value.latestMs)) return { sort, latestMs: value.latestMs, id };
  }
  throw cursorInvalid();
}

/**
 * Participation and the funding's outcome (docs/product.md#participation, #funding-close,
 * #cancellation), with the locks in the order of docs/architecture.md#locking. A participation
 * batch holds a limited project's advisory lock exclusively (the cap needs participations one at a
 * time) and an ongoing project's shared, so those run side by side (decision 059). A close or a cancellation takes it exclusively, so it waits for every
 * participation in flight and every later one sees the project closed; its returns then run in
 * chunks of participants, each taking it again (decision 066).
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
  audit,
  returnChunk = defaultReturnChunk,
  metrics,
}: {
  db: Db;
  clock: Clock;
  files: FileStore;
  points: Pick<PointsService, 'spendManyWithin' | 'lockWalletsWithin' | 'returnEscrowWithin' | 'settleEscrowWithin'>;
  notifications: Pick<NotificationsService, 'notifyManyWithin'>;
  idempotency: Idempotency;
  projects: Pick<ProjectsService, 'presentOne' | 'presentNow'>;
  rankings: Pick<RankingsService, 'withdrawParticipantsWithin'>;
  /** The operator audit log (the audit module), written in a cancellation's transaction. */
  audit: AuditRecorder;
  returnChunk?: ReturnChunk;
  /** The participation batches' sizes (decision 081). */
  metrics?: Pick<Metrics, 'participationBatch'>;
}) {
  /** Notifies the creator and every participant once each. */
  async function notifySucceeded(tx: Tx, row: Pick<ProjectRow, 'id' | 'creatorId'>) {
    const participants = await createParticipationsRepository({ db: tx }).allOf(row.id);
    const userIds = new Set([row.creatorId, ...participants.map((participation) => participation.userId)]);
    await notifications.notifyManyWithin(tx, [...userIds].map((userId) => ({ userId, kind: 'succeeded', projectId: row.id, params: {} })));
  }

  /** What a failed or cancelled project tells each of its people (docs/product.md#notifications). */
  function outcomeNotice(row: ProjectRow, userId: string): AnyNotifyInput {
    if (row.status === 'failed') return { userId, kind: 'failed', projectId: row.id, params: {} };
    return { userId, kind: 'cancelled', projectId: row.id, params: row.cancellationReason ? { reason: row.cancellationReason } : {} };
  }

  /**
   * One chunk of a close's returns (decision 066), in the caller's transaction that holds the
   * project's lock: these participants' participations back to their lots (the points module locks
   * their wallets, then returns them in one statement), out of the artist rankings' rollup
   * (docs/product.md#discovery) under those wallet locks, and each participant told, once, the
   * outcome and what came back. Only what this chunk returned is withdrawn and told: a participant
   * another close returned first is left alone.
   */
  async function returnChunkWithin(tx: Tx, row: ProjectRow, userIds: string[]) {
    const returned = await points.returnEscrowWithin(tx, {
      escrowAccountId: row.escrowAccountId!,
      userIds,
      reason: row.kind === 'event' ? 'event_not_achieved' : 'project_not_achieved',
    });
    if (returned.length > 0) {
      const participations = participationsOfFans(row.id, returned.map((back) => back.userId));
      await rankings.withdrawParticipantsWithin(tx, { artistId: row.artistId, kind: row.kind, participations });
    }
    const currency = participationCurrencyOf(row);
    await notifications.notifyManyWithin(
      tx,
      returned.flatMap(({ userId, amount }): AnyNotifyInput[] => [
        outcomeNotice(row, userId),
        // One per fan and project with the fan's whole return (docs/product.md#notifications), whatever resumes the close.
        { userId, kind: 'points_returned', projectId: row.id, params: { amount, currency }, dedupeKey: `points_returned:${row.id}:${userId}` },
      ]),
    );
  }

  /**
   * Returns a failed or cancelled project's participations, a chunk of participants per
   * transaction, each under the project's lock (docs/architecture.md#locking), so a participant's
   * other movements wait for one chunk at most, never for the whole close. Once none is left, the
   * creator hears the outcome if no chunk told them, and the project's returns are marked done.
   * Safe to run twice at once or again after a crash: the status is already written, each
   * participation is returned once (its ledger key), and only the run that clears the mark tells
   * the creator.
   */
  async function finishReturns(projectId: number): Promise<void> {
    let afterUserId: string | null = null;
    for (;;) {
      const last: string | null = await db.transaction(async (tx) => {
        const row = await createProjectsRepository({ db: tx }).lock(projectId);
        if (!row?.returnsPending) return null;
        const repository = createParticipationsRepository({ db: tx });
        const userIds = await repository.participantsAfter(projectId, afterUserId, returnChunk);
        if (userIds.length > 0) {
          await returnChunkWithin(tx, row, userIds);
          return userIds.at(-1)!;
        }
        if (!(await repository.hasParticipated(projectId, row.creatorId))) await notifications.notifyManyWithin(tx, [outcomeNotice(row, row.creatorId)]);
        await createProjectsRepository({ db: tx }).update(projectId, { returnsPending: false });
        return null;
      });
      if (last === null) return;
      afterUserId = last;
    }
  }

  const batcher = createParticipationBatcher({ db, clock, points, idempotency, onGoalReached: notifySucceeded, metrics });

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
      const after = query.cursor === undefined ? null : participantsCursorOf(query.cursor, query.sort);
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
            ? encodeJsonCursor(query.sort === 'amount' ? { sort: 'amount', amount: last.amount, id: last.id } : { sort: 'latest', latestMs: last.latestAt.getTime(), id: last.id })
            : null,
      };
    },

    /**
     * At 00:00 KST after the funding end date: raised ≥ goal → succeeded, otherwise failed with
     * every participation returned. The status changes in a short transaction of its own; a failed
     * project's returns then run in chunks (decision 066). A repeat finds nothing to do, and every
     * run also finishes the returns a crash, or a cancellation's dropped request, left part-way.
     */
    async closeFundingDue(stop?: AbortSignal): Promise<{ succeeded: number; failed: number; resumed: number }> {
      const ids = await createParticipationsRepository({ db }).dueToCloseIds(kstDateOf(clock.now()), sweepBatch);
      const result = { succeeded: 0, failed: 0, resumed: 0 };
      for (const projectId of ids) {
        // Shutdown (decision 084): a failed project's returns left part-way are resumed by the next run.
        if (stop?.aborted) return result;
        const outcome = await db.transaction(async (tx) => {
          const row = await createProjectsRepository({ db: tx }).lock(projectId);
          const now = clock.now();
          if (!row || row.status !== 'funding' || now < fundingClosesAt(row.fundingEndDate)) return null;
          const raised = await createParticipationsRepository({ db: tx }).raisedOf(projectId);
          const status = raised >= row.goal ? 'succeeded' : 'failed';
          await createProjectsRepository({ db: tx }).update(projectId, { status, updatedAt: now, returnsPending: status === 'failed' });
          if (status === 'succeeded') await notifySucceeded(tx, row);
          return status;
        });
        if (outcome === 'failed') await finishReturns(projectId);
        if (outcome) result[outcome] += 1;
      }
      for (const projectId of await createParticipationsRepository({ db }).returnsPendingIds(sweepBatch)) {
        if (stop?.aborted) break;
        await finishReturns(projectId);
        result.resumed += 1;
      }
      return result;
    },

    /** On the ad start day a succeeded project is running. */
    async startAdsDue(stop?: AbortSignal): Promise<{ started: number }> {
      const ids = await createParticipationsRepository({ db }).dueToRunIds(kstDateOf(clock.now()), sweepBatch);
      let started = 0;
      for (const projectId of ids) {
        if (stop?.aborted) break;
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
     * (docs/product.md#cancellation): every participation returned, the reason kept and shown. The
     * status changes in a short transaction of its own, then the returns run in chunks (decision
     * 066) before the answer; a repeat, or the close sweep after a crash, finishes any left.
     */
    async cancel(operatorId: string, projectId: number, reason: string, viewer: NonNullable<Viewer>, language: Language): Promise<Project> {
      await db.transaction(async (tx) => {
        const row = await createProjectsRepository({ db: tx }).lock(projectId);
        if (!row || row.createdAt === null) throw projectNotFound();
        if (row.status === 'cancelled' && row.cancellationReason !== null) return;
        const now = clock.now();
        if (row.status !== 'succeeded' || kstDateOf(now) > addKstMonths(row.adStartDate, -1)) throw notCancellable(row.status);
        await createProjectsRepository({ db: tx }).update(projectId, { status: 'cancelled', cancelledAt: now, cancellationReason: reason, updatedAt: now, returnsPending: true });
        await audit(tx, { operatorId, action: 'cancel', projectId, before: { status: row.status }, after: { status: 'cancelled', cancellationReason: reason }, at: now });
      });
      await finishReturns(projectId);
      return projects.presentOne(projectId, viewer, language);
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

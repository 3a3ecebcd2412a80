import { fundingClosesAt, perUserLimitOf } from '@orchard/shared/project-rules';
import { createBatcher } from '../../db/batcher.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AppError } from '../../lib/errors.ts';
import { exchangeSpendKey, participationSpendKey, type PointsService } from '../points/points.service.ts';
import { createParticipationsRepository, type ParticipationKeyState } from './participations.repository.ts';
import { belowMinimumUnit, notFunding, overUserLimit, participationRefusedBefore, projectNotFound } from './projects.errors.ts';
import { createProjectsRepository } from './projects.repository.ts';
import type { ProjectRow } from './projects.table.ts';

/** One fan's participation as the client sent it, with its Idempotency-Key. */
export type ParticipationRequest = { userId: string; key: string; requestHash: string; projectId: number; amount: number };

/** What became of a participation in its batch (mechanism 2 of docs/architecture.md#idempotency). */
export type ParticipationDecision =
  | { kind: 'applied'; participation: { id: number; amount: number } }
  | { kind: 'replayed'; requestHash: string | null; participation: { id: number; amount: number } }
  | { kind: 'refused-before'; requestHash: string; refusal: AppError }
  | { kind: 'refused'; refusal: AppError };

export const participationCurrencyOf = (row: Pick<ProjectRow, 'kind'>) => (row.kind === 'event' ? 'berry' : 'orange');

/**
 * Decision 056: measured like the ledger's batches (decision 013), one batch in flight with up to
 * 64 participations; the ones that arrive meanwhile leave together in the next.
 */
const participationBatching = { maxInFlight: 1, maxBatchSize: 64 };

/** How many projects' purposes a process keeps before it starts over. */
const purposesKept = 10_000;

/**
 * Participations that arrive together share one transaction (decision 056), as the ledger's spends
 * share one statement (decision 013): one lock round per batch instead of one per fan, one commit
 * for all. The locks stay in the one order every movement with a project takes
 * (docs/architecture.md#locking): the batch's project rows (limited projects FOR UPDATE, as their
 * cap needs them one at a time, then ongoing ones FOR SHARE, each group in id order: a project's
 * purpose never changes, so this is one global order), then every participant's wallet in user-id
 * order, then their lots inside the spend statement. Once the wallets are held, the batch's reads
 * (keys, each fan's total, a limited project's raised sum) see every earlier participation of these
 * fans committed, and no later one can commit before this batch does.
 *
 * A fan has one request per batch (the batcher's key). Requests into the same limited project are
 * decided in rounds, one per project per round, so each sees the raised sum and status the one
 * before it left. If the batch fails as a whole, the batcher runs each request alone.
 */
export function createParticipationBatcher({
  db,
  clock,
  points,
  onGoalReached,
}: {
  db: Db;
  clock: Clock;
  points: Pick<PointsService, 'spendManyWithin' | 'lockWalletsWithin'>;
  /** A limited project's participation reached the goal: the project is now succeeded (notify, in the batch's transaction). */
  onGoalReached(tx: Tx, row: ProjectRow): Promise<void>;
}) {
  /** Each project's purpose, kept: it never changes after the request (decision 054). */
  const purposes = new Map<number, string>();

  async function runBatch(tx: Tx, requests: ParticipationRequest[]): Promise<ParticipationDecision[]> {
    const repository = createParticipationsRepository({ db: tx });
    const projectIds = [...new Set(requests.map((request) => request.projectId))];
    const unknown = projectIds.filter((id) => !purposes.has(id));
    if (unknown.length > 0) {
      if (purposes.size > purposesKept) purposes.clear();
      for (const [id, purpose] of await repository.purposesOf(unknown)) purposes.set(id, purpose);
    }
    const idsOf = (purpose: string) => projectIds.filter((id) => purposes.get(id) === purpose).sort((a, b) => a - b);
    const rows = new Map<number, ProjectRow>();
    for (const row of await repository.lockMany(idsOf('limited'), 'update')) rows.set(row.id, row);
    for (const row of await repository.lockMany(idsOf('ongoing'), 'share')) rows.set(row.id, row);
    await points.lockWalletsWithin(tx, requests.map((request) => request.userId));

    const states = await repository.keyStatesOf(
      requests.map((request) => ({
        userId: request.userId,
        projectId: request.projectId,
        ledgerKey: participationSpendKey(request.key),
        clientKey: request.key,
        otherWriteKey: exchangeSpendKey(request.key),
      })),
    );
    const totals = new Map(requests.map((request, index) => [`${request.projectId}:${request.userId}`, states[index]!.total]));
    const raised = await repository.raisedOfMany(idsOf('limited'));
    const now = clock.now();
    const decisions: (ParticipationDecision | undefined)[] = requests.map((_, index) => decidedByKey(states[index]!));

    for (let round = pendingRound(requests, decisions, rows); round.length > 0; round = pendingRound(requests, decisions, rows)) {
      const planned: { index: number; row: ProjectRow; amount: number; reachesGoal: boolean }[] = [];
      for (const index of round) {
        const request = requests[index]!;
        const plan = planParticipation(request, rows.get(request.projectId), totals, raised, now);
        if ('refusal' in plan) decisions[index] = { kind: 'refused', refusal: plan.refusal };
        else planned.push({ index, ...plan });
      }
      const spends = await points.spendManyWithin(
        tx,
        planned.map(({ index, row, amount }) => ({
          userId: requests[index]!.userId,
          currency: participationCurrencyOf(row),
          amount,
          escrowAccountId: row.escrowAccountId!,
          projectId: row.id,
          reason: row.kind === 'event' ? 'event_participation' : 'project_participation',
          idempotencyKey: participationSpendKey(requests[index]!.key),
          requestHash: requests[index]!.requestHash,
        })),
      );
      const spent = planned.flatMap((plan, position) => {
        const spend = spends[position]!;
        if ('transactionId' in spend) return [{ ...plan, transactionId: spend.transactionId }];
        decisions[plan.index] = { kind: 'refused', refusal: spend };
        return [];
      });
      const ids = await repository.insertMany(
        spent.map(({ index, amount, transactionId }) => ({
          projectId: requests[index]!.projectId,
          userId: requests[index]!.userId,
          kind: 'participation',
          amount,
          spendTransactionId: transactionId,
          createdAt: now,
        })),
      );
      for (const [position, { index, row, amount, reachesGoal }] of spent.entries()) {
        decisions[index] = { kind: 'applied', participation: { id: ids[position]!, amount } };
        const pair = `${row.id}:${requests[index]!.userId}`;
        totals.set(pair, (totals.get(pair) ?? 0) + amount);
        if (row.purpose === 'limited') raised.set(row.id, (raised.get(row.id) ?? 0) + amount);
        if (reachesGoal) {
          await createProjectsRepository({ db: tx }).update(row.id, { status: 'succeeded', updatedAt: now });
          rows.set(row.id, { ...row, status: 'succeeded', updatedAt: now });
          await onGoalReached(tx, row);
        }
      }
    }
    return decisions.map((decision) => decision!);
  }

  const batcher = createBatcher<ParticipationRequest, ParticipationDecision>({
    ...participationBatching,
    conflictKey: (request) => request.userId,
    run: (requests) => db.transaction((tx) => runBatch(tx, requests)),
  });

  return { submit: (request: ParticipationRequest) => batcher.submit(request) };
}

/** A key applied before (a replay) or refused before decides the request without the rules. */
function decidedByKey(state: ParticipationKeyState): ParticipationDecision | undefined {
  if (state.existing) {
    const { participationId, amount, requestHash } = state.existing;
    return { kind: 'replayed', requestHash, participation: { id: participationId, amount } };
  }
  if (state.earlier) return { kind: 'refused-before', requestHash: state.earlier.requestHash, refusal: participationRefusedBefore(state.earlier.refusal) };
  return undefined;
}

/** The undecided requests to decide now: every one, but at most one per limited project. */
function pendingRound(requests: ParticipationRequest[], decisions: (ParticipationDecision | undefined)[], rows: Map<number, ProjectRow>): number[] {
  const limitedTaken = new Set<number>();
  return requests.flatMap((request, index) => {
    if (decisions[index] !== undefined) return [];
    if (rows.get(request.projectId)?.purpose !== 'limited') return [index];
    if (limitedTaken.has(request.projectId)) return [];
    limitedTaken.add(request.projectId);
    return [index];
  });
}

/**
 * The participation rules (docs/product.md#participation), checked under the batch's locks: only
 * while funding (the clock decides, not the close sweep), at least the unit, at most half the goal
 * per fan with the deposit counted, and a limited project capped at what remains to its goal.
 */
function planParticipation(
  request: ParticipationRequest,
  row: ProjectRow | undefined,
  totals: Map<string, number>,
  raised: Map<number, number>,
  now: Date,
): { row: ProjectRow; amount: number; reachesGoal: boolean } | { refusal: AppError } {
  if (!row || row.createdAt === null) return { refusal: projectNotFound() };
  if (row.status !== 'funding' || now >= fundingClosesAt(row.fundingEndDate) || row.escrowAccountId === null) return { refusal: notFunding(row.status) };
  const minimumUnit = row.minimumUnit ?? 1;
  if (request.amount < minimumUnit) return { refusal: belowMinimumUnit(minimumUnit) };
  const remaining = perUserLimitOf(row.goal) - (totals.get(`${row.id}:${request.userId}`) ?? 0);
  if (request.amount > remaining) return { refusal: overUserLimit(Math.max(0, remaining)) };
  if (row.purpose !== 'limited') return { row, amount: request.amount, reachesGoal: false };
  const toGoal = row.goal - (raised.get(row.id) ?? 0);
  if (toGoal <= 0) return { refusal: notFunding(row.status) };
  const amount = Math.min(request.amount, toGoal);
  return { row, amount, reachesGoal: amount === toGoal };
}

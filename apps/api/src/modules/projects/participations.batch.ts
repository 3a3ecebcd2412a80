import { fundingClosesAt, participationRefusal, participationTaken, perUserLimitOf } from '@orchard/shared/project-rules';
import { createBatcher } from '../../db/batcher.ts';
import { transactionFrom, type Db, type Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AppError } from '../../lib/errors.ts';
import { exchangeSpendKey, participationSpendKey, type PointsService } from '../points/points.service.ts';
import { batchStateQuery, fundingStateOf, participationSpendStatement, type FundingProject, type FundingState, type ParticipationKeyState } from './participations.repository.ts';
import { belowMinimumUnit, notFunding, notUnitMultiple, overUserLimit, participationRefusedBefore, projectHidden, projectNotFound } from './projects.errors.ts';
import { createProjectsRepository, projectLockNamespace } from './projects.repository.ts';
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
 * Decisions 056 and 059: one batch in flight with up to 64 participations; the ones that arrive
 * meanwhile leave together in the next. Two in flight (no longer slowed by a shared row lock since
 * the projects' locks became advisory) made smaller batches and more CPU per participation for the
 * same rate.
 */
const participationBatching = { maxInFlight: 1, maxBatchSize: 64 };

/**
 * Participations that arrive together share one transaction (decision 056), as the ledger's spends
 * share one statement (decision 013): one lock round per batch instead of one per fan, one commit
 * for all. The locks stay in the one order every movement with a project takes
 * (docs/architecture.md#locking), all taken in the batch's first statement (decision 059): each
 * project's advisory lock in id order (exclusive for a limited project, as its cap takes
 * participations one at a time; shared for an ongoing one), then every participant's wallet in
 * user-id order, then their lots inside the spend statement. The same statement then reads the
 * projects, each fan's total and the keys under those locks, so it sees every earlier
 * participation of these fans and every close committed, and nothing it decides on can change
 * before this batch commits. A status change takes the project's lock exclusively
 * (`projects.repository#lock`), so it waits for the batches in flight.
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
  points: Pick<PointsService, 'spendManyWithin'>;
  /** A limited project's participation reached the goal: the project is now succeeded (notify, in the batch's transaction). */
  onGoalReached(tx: Tx, project: FundingProject): Promise<void>;
}) {
  async function runBatch(tx: Tx, requests: ParticipationRequest[], state: FundingState): Promise<ParticipationDecision[]> {
    const { projects } = state;
    const totals = new Map(requests.map((request, index) => [`${request.projectId}:${request.userId}`, state.keys[index]!.total]));
    const now = clock.now();
    const decisions: (ParticipationDecision | undefined)[] = requests.map((_, index) => decidedByKey(state.keys[index]!));

    for (let round = pendingRound(requests, decisions, projects); round.length > 0; round = pendingRound(requests, decisions, projects)) {
      const planned: { index: number; project: FundingProject; amount: number; reachesGoal: boolean }[] = [];
      for (const index of round) {
        const request = requests[index]!;
        const plan = planParticipation(request, projects.get(request.projectId), totals, now);
        if ('refusal' in plan) decisions[index] = { kind: 'refused', refusal: plan.refusal };
        else planned.push({ index, ...plan });
      }
      // The spends and their participation rows in one statement (decision 060).
      const spends = await points.spendManyWithin(
        tx,
        planned.map(({ index, project, amount }) => ({
          userId: requests[index]!.userId,
          currency: participationCurrencyOf(project),
          amount,
          escrowAccountId: project.escrowAccountId!,
          projectId: project.id,
          reason: project.kind === 'event' ? 'event_participation' : 'project_participation',
          idempotencyKey: participationSpendKey(requests[index]!.key),
          requestHash: requests[index]!.requestHash,
        })),
        participationSpendStatement,
      );
      const spent = planned.flatMap((plan, position) => {
        const spend = spends[position]!;
        if ('transactionId' in spend) {
          // Every key was read unapplied under the wallets' locks, so every spend here is new and has its row.
          if (spend.followUpId === null) throw new Error(`participation ${requests[plan.index]!.key}: the spend wrote no participation`);
          return [{ ...plan, participationId: spend.followUpId }];
        }
        decisions[plan.index] = { kind: 'refused', refusal: spend };
        return [];
      });
      for (const { index, project, amount, reachesGoal, participationId } of spent) {
        decisions[index] = { kind: 'applied', participation: { id: participationId, amount } };
        const pair = `${project.id}:${requests[index]!.userId}`;
        totals.set(pair, (totals.get(pair) ?? 0) + amount);
        const current = projects.get(project.id)!;
        projects.set(project.id, { ...current, raised: current.raised + amount, status: reachesGoal ? 'succeeded' : current.status });
        if (reachesGoal) {
          await createProjectsRepository({ db: tx }).update(project.id, { status: 'succeeded', updatedAt: now });
          await onGoalReached(tx, project);
        }
      }
    }
    return decisions.map((decision) => decision!);
  }

  const batcher = createBatcher<ParticipationRequest, ParticipationDecision>({
    ...participationBatching,
    conflictKey: (request) => request.userId,
    run: (requests) => {
      const { statement, values } = batchStateQuery(
        projectLockNamespace,
        requests.map((request) => ({
          userId: request.userId,
          projectId: request.projectId,
          ledgerKey: participationSpendKey(request.key),
          clientKey: request.key,
          otherWriteKey: exchangeSpendKey(request.key),
        })),
      );
      // The locks and reads open the transaction, in the round trip of its BEGIN (decision 060).
      return transactionFrom(db, statement, values, (tx, rows) => runBatch(tx, requests, fundingStateOf(rows)));
    },
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
function pendingRound(requests: ParticipationRequest[], decisions: (ParticipationDecision | undefined)[], projects: Map<number, FundingProject>): number[] {
  const limitedTaken = new Set<number>();
  return requests.flatMap((request, index) => {
    if (decisions[index] !== undefined) return [];
    if (projects.get(request.projectId)?.purpose !== 'limited') return [index];
    if (limitedTaken.has(request.projectId)) return [];
    limitedTaken.add(request.projectId);
    return [index];
  });
}

/**
 * The participation rules (docs/product.md#participation), checked under the batch's locks: never
 * in a hidden project (docs/product.md#reports), only while funding (the clock decides, not the close sweep), whole units of at least one, at most half
 * the goal per fan with the deposit counted, and a limited project capped at what remains to its goal.
 */
function planParticipation(
  request: ParticipationRequest,
  project: FundingProject | undefined,
  totals: Map<string, number>,
  now: Date,
): { project: FundingProject; amount: number; reachesGoal: boolean } | { refusal: AppError } {
  if (!project || !project.created) return { refusal: projectNotFound() };
  if (project.hidden) return { refusal: projectHidden() };
  if (project.status !== 'funding' || now >= fundingClosesAt(project.fundingEndDate) || project.escrowAccountId === null) return { refusal: notFunding(project.status) };
  const minimumUnit = project.minimumUnit ?? 1;
  const remaining = perUserLimitOf(project.goal) - (totals.get(`${project.id}:${request.userId}`) ?? 0);
  const refusal = participationRefusal(request.amount, minimumUnit, remaining);
  if (refusal === 'projects.below_minimum_unit') return { refusal: belowMinimumUnit(minimumUnit) };
  if (refusal === 'projects.not_unit_multiple') return { refusal: notUnitMultiple(minimumUnit) };
  if (refusal === 'projects.over_user_limit') return { refusal: overUserLimit(Math.max(0, remaining)) };
  if (project.purpose !== 'limited') return { project, amount: request.amount, reachesGoal: false };
  const toGoal = project.goal - project.raised;
  if (toGoal <= 0) return { refusal: notFunding(project.status) };
  const amount = participationTaken(request.amount, toGoal);
  return { project, amount, reachesGoal: amount === toGoal };
}

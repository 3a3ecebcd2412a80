import { fundingClosesAt, largestParticipationFor, participationRefusal, participationTaken, perUserLimitOf } from '@orchard/shared/project-rules';
import { createBatcher } from '../../db/batcher.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { noMetrics, type Metrics } from '../../lib/metrics.ts';
import type { AppError } from '../../lib/errors.ts';
import { idempotencyKeyReused } from '../idempotency/idempotency.errors.ts';
import { exchangeSpendKey, participationSpendKey, type Idempotency } from '../idempotency/idempotency.service.ts';
import type { PointsService } from '../points/points.service.ts';
import { addToRollupWithin } from '../rankings/rankings.service.ts';
import { fundingStateOf, insertParticipations, lockForParticipations, type FundingProject } from './participations.repository.ts';
import { belowMinimumUnit, notFunding, notUnitMultiple, overUserLimit, projectHidden, projectNotFound } from './projects.errors.ts';
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
 * for all. It is a plain transaction (decision 067), each module reading and writing its own
 * tables, in the one order every movement with a project takes (docs/architecture.md#locking):
 *   1. each project's advisory lock, in id order (exclusive for a limited project, as its cap
 *      takes participations one at a time; shared for an ongoing one);
 *   2. every participant's wallet in user-id order (the points module), then, in a statement of its
 *      own, which of the batch's ledger keys are applied;
 *   3. the answers stored under the client keys (the idempotency module);
 *   4. the projects, each fan's total and a replay's participation (this module).
 * Each read comes in a later statement than the locks it relies on: a statement's snapshot is
 * taken before it waits, so a read beside a lock would miss what the lock's holder committed.
 * Read after them, the reads see every earlier participation of these fans and every close
 * committed, and nothing they decide on can change before this batch commits. A status change
 * takes the project's lock exclusively (`projects.repository#lock`), so it waits for the batches
 * in flight. The spends then go through the ledger's spend statement (their lots locked there),
 * their participation rows through this module's own statement, and the artist rankings' rollup
 * through the rankings' own statement right after it (decision 095).
 *
 * A fan has one request per batch (the batcher's key). Requests into the same limited project are
 * decided in rounds, one per project per round, so each sees the raised sum and status the one
 * before it left. If the batch fails as a whole, the batcher runs each request alone.
 */
export function createParticipationBatcher({
  db,
  clock,
  points,
  idempotency,
  onGoalReached,
  metrics = noMetrics,
}: {
  db: Db;
  clock: Clock;
  points: Pick<PointsService, 'spendManyWithin' | 'lockWalletsWithin'>;
  idempotency: Pick<Idempotency, 'earlierAnswers'>;
  /** A limited project's participation reached the goal: the project is now succeeded (notify, in the batch's transaction). */
  onGoalReached(tx: Tx, project: FundingProject): Promise<void>;
  /** Each committed batch's size (decision 081). */
  metrics?: Pick<Metrics, 'participationBatch'>;
}) {
  /** Steps 1 to 4 above: what each request's key already decides, and the state the others are decided on. */
  async function lockAndRead(tx: Tx, requests: ParticipationRequest[]) {
    await lockForParticipations(tx, projectLockNamespace, requests.map((request) => request.projectId));
    const ledgerKeys = requests.flatMap((request) => [
      { userId: request.userId, key: participationSpendKey(request.key) },
      { userId: request.userId, key: exchangeSpendKey(request.key) },
    ]);
    const applied = await points.lockWalletsWithin(tx, [...new Set(requests.map((request) => request.userId))], ledgerKeys);
    const earlier = await idempotency.earlierAnswers(tx, requests.map((request) => ({ userId: request.userId, key: request.key })));
    const replayedSpends = requests.flatMap((_, index) => (applied[2 * index] ? [applied[2 * index]!.transactionId] : []));
    const state = await fundingStateOf(tx, requests, replayedSpends);
    const decisions = requests.map((request, index): ParticipationDecision | undefined => {
      // The ledger rows first: a key this route applied is a replay; one the exchange applied is another request's.
      const own = applied[2 * index];
      if (own) {
        const participation = state.participationsOfSpends.get(own.transactionId);
        if (!participation) throw new Error(`participation ${request.key}: its spend has no participation`);
        return { kind: 'replayed', requestHash: own.requestHash, participation };
      }
      if (applied[2 * index + 1]) return { kind: 'refused', refusal: idempotencyKeyReused() };
      return earlier[index] ?? undefined;
    });
    return { decisions, state };
  }

  async function runBatch(tx: Tx, requests: ParticipationRequest[]): Promise<ParticipationDecision[]> {
    const { decisions, state } = await lockAndRead(tx, requests);
    const { projects } = state;
    const totals = new Map(requests.map((request, index) => [`${request.projectId}:${request.userId}`, state.totals[index]!]));
    const now = clock.now();

    for (let round = pendingRound(requests, decisions, projects); round.length > 0; round = pendingRound(requests, decisions, projects)) {
      const planned: { index: number; project: FundingProject; amount: number; reachesGoal: boolean }[] = [];
      for (const index of round) {
        const request = requests[index]!;
        const plan = planParticipation(request, projects.get(request.projectId), totals, now);
        if ('refusal' in plan) decisions[index] = { kind: 'refused', refusal: plan.refusal };
        else planned.push({ index, ...plan });
      }
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
      );
      const spent = planned.flatMap((plan, position) => {
        const spend = spends[position]!;
        if (!('transactionId' in spend)) {
          decisions[plan.index] = { kind: 'refused', refusal: spend };
          return [];
        }
        // Every key was read unapplied under the wallets' locks, so every spend here is new.
        if (spend.replayed) throw new Error(`participation ${requests[plan.index]!.key}: its key was applied under the batch's locks`);
        return [{ ...plan, spendTransactionId: spend.transactionId }];
      });
      const participationIds = await insertParticipations(
        tx,
        spent.map(({ index, project, amount, spendTransactionId }) => ({
          projectId: project.id,
          userId: requests[index]!.userId,
          kind: 'participation' as const,
          amount,
          spendTransactionId,
          createdAt: now,
        })),
      );
      await addToRollupWithin(
        tx,
        spent.map(({ index, project, amount }) => ({ artistId: project.artistId, kind: project.kind, userId: requests[index]!.userId, amount })),
        now,
      );
      for (const [position, { index, project, amount, reachesGoal }] of spent.entries()) {
        decisions[index] = { kind: 'applied', participation: { id: participationIds[position]!, amount } };
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
    run: async (requests) => {
      const decisions = await db.transaction((tx) => runBatch(tx, requests));
      metrics.participationBatch(requests.length);
      return decisions;
    },
  });

  return { submit: (request: ParticipationRequest) => batcher.submit(request) };
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
  if (refusal === 'projects.over_user_limit') return { refusal: overUserLimit(Math.max(0, remaining), largestParticipationFor(minimumUnit, remaining)) };
  if (project.purpose !== 'limited') return { project, amount: request.amount, reachesGoal: false };
  const toGoal = project.goal - project.raised;
  if (toGoal <= 0) return { refusal: notFunding(project.status) };
  const amount = participationTaken(request.amount, toGoal);
  return { project, amount, reachesGoal: amount === toGoal };
}

import { type GuardianRefund, type GuardianRefundPreview, type GuardianRefundSpent, type LocalizedName, type OperatorCharge } from '@orchard/shared';
import { nicknameKey } from '@orchard/shared/nickname-key';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { Idempotency, KeyScope } from '../idempotency/idempotency.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PaymentLotMovement, PointsService } from '../points/points.service.ts';
import { projectReferencesAmong, type ProjectReference } from '../projects/projects.service.ts';
import { RETRIABLE_FAILURE_CODE, type PaymentGateway } from './gateways/gateway.ts';
import {
  chargeNotFound,
  guardianRefundFailed,
  guardianRefundRefusals,
  knownFailure,
  type GuardianRefundRefusal,
} from './payments.errors.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import {
  createGuardianRefundsRepository,
  type ChargeWithFanRow,
  type GuardianRefundRow,
  type GuardianRefundWithOperator,
} from './guardian-refunds.repository.ts';

/** A guardian refund the gateway has not answered for this long is tried again by the sweep. */
export const guardianRefundRepairAfterMs = 60_000;

const chargeSearchLimit = 50;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One ledger entry that moved points of a charge's lots, summed over those lots, with its project now. */
export type ChargeLotMovementRow = {
  transactionId: number;
  type: string;
  reason: string;
  amount: number;
  project: { id: number; title: string | null; hidden: boolean; artistNames: LocalizedName } | null;
};

/** A movement of the ledger (points module) with its project as the projects module names it (hidden: no title). */
const withProject = (movement: PaymentLotMovement, project: ProjectReference | undefined): ChargeLotMovementRow => ({
  transactionId: movement.transactionId,
  type: movement.type,
  reason: movement.reason,
  amount: movement.amount,
  project: project ? { id: project.id, title: project.hidden ? null : project.title, hidden: project.hidden, artistNames: project.artistNames } : null,
});

/** Ledger entries that are refunds of the charge itself: not spending, so not in "where spent". */
const refundReasons = new Set(['guardian_refund', 'guardian_refund_reversed', 'refund_of_charge', 'refund_reversed']);

function spentKindOf(movement: ChargeLotMovementRow): GuardianRefundSpent['kind'] {
  if (movement.reason === 'exchange') return 'exchange';
  if (movement.reason === 'expiry') return 'expiry';
  if (movement.reason.startsWith('event_')) return 'event';
  if (movement.reason.startsWith('project_')) return 'project';
  return 'other';
}

/**
 * Where the spent part of a charge went: its lots' movements netted per place (a participation
 * less its return, per project), the places still holding some. Refunds of the charge are not
 * spending.
 */
export function spentOf(movements: ChargeLotMovementRow[]): GuardianRefundPreview['spent'] {
  const places = new Map<string, GuardianRefundSpent>();
  for (const movement of movements) {
    if (refundReasons.has(movement.reason)) continue;
    const kind = spentKindOf(movement);
    const key = movement.project ? `project:${movement.project.id}` : kind;
    const place = places.get(key) ?? { kind, project: movement.project, orange: 0 };
    place.orange -= movement.amount;
    places.set(key, place);
  }
  const items = [...places.values()].filter((place) => place.orange > 0);
  return { orange: items.reduce((sum, place) => sum + place.orange, 0), items };
}

const presentCharge = (row: ChargeWithFanRow): OperatorCharge => ({
  id: row.id,
  orderId: row.orderId,
  status: row.status,
  orange: row.orange,
  bonusOrange: row.bonusOrange,
  amountKrw: row.amountKrw,
  method: row.method,
  createdAt: row.createdAt.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
  fan: { id: row.userId, nickname: row.fanNickname },
});

const presentRefund = (row: GuardianRefundWithOperator): GuardianRefund => ({
  id: row.id,
  status: row.status as GuardianRefund['status'],
  orange: row.orange,
  bonusOrange: row.bonusOrange,
  amountKrw: row.amountKrw,
  reason: row.reason,
  inquiryId: row.inquiryId,
  operator: { nickname: row.operatorNickname },
  failureCode: row.failureCode,
  requestedAt: row.requestedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/** The money part of the unspent purchased Orange: the charge's price per Orange (1 Orange = 100 KRW), in whole won. */
const krwOf = (payment: { orange: number; amountKrw: number }, orange: number) => Math.floor((orange * payment.amountKrw) / payment.orange);

/**
 * A guardian's cancellation of a minor's charge (docs/product.md#guardian-cancellation,
 * decision 073). An operator, at the guardian's request and past the 7-day window, refunds the
 * unspent part of a charge:
 *   begin (one transaction, under the fan's wallet, the payment row and the charge's lots, in that
 *   order: docs/architecture.md#locking): what is left in the lots goes to the refunds account as
 *   one ledger entry; a guardian_refunds row 'refunding'; an audit entry.
 *   finish (after commit, no lock held while the gateway answers): a partial cancellation of the
 *   unspent purchased Orange's price; then 'refunded' with an audit entry and the fan's
 *   notification, or 'failed' with the points back in their lots (a reversal entry) and an audit
 *   entry. A gateway that does not answer leaves it 'refunding' for the sweep (repairRefunds).
 * What was spent stays spent: nothing is taken back from projects, events or Berry.
 */
export function createGuardianRefundsService({
  db,
  clock,
  gateway,
  points,
  notifications,
  idempotency,
  audit,
}: {
  db: Db;
  clock: Clock;
  gateway: PaymentGateway;
  points: PointsService;
  notifications: NotificationsService;
  idempotency: Idempotency;
  /** The operator audit log (the audit module): docs/product.md#operators, every step audited inside the step's transaction. */
  audit: AuditRecorder;
}) {
  const repository = (source: DbOrTx = db) => createGuardianRefundsRepository({ db: source });

  /** Why a guardian refund of this charge cannot be done now (status and refunds alone), or null. */
  function statusRefusal(status: string, refunds: { status: string }[]): GuardianRefundRefusal | null {
    if (status === 'pending' || status === 'declined') return 'not_paid';
    if (status === 'refunding' || status === 'refunded') return 'already_refunded';
    if (refunds.some((refund) => refund.status === 'refunding')) return 'in_progress';
    return null;
  }

  /** The live, unexpired lots of a charge: what a guardian refund takes. */
  const takeable = <Lot extends { remaining: number; expiresAt: Date }>(lots: Lot[], now: Date) => lots.filter((lot) => lot.remaining > 0 && lot.expiresAt > now);

  /** Every ledger entry that moved points of the charge's lots, but the ones that made them, with its project as it stands. */
  async function movementsOfChargeLots(chargeId: string, source: DbOrTx): Promise<ChargeLotMovementRow[]> {
    const movements = await points.chargeLotMovementsOf(chargeId, source);
    const projectIds = new Set(movements.flatMap((movement) => (movement.projectId === null ? [] : [movement.projectId])));
    const projectsById = new Map((await projectReferencesAmong(source, [...projectIds])).map((project) => [project.id, project]));
    return movements.map((movement) => withProject(movement, movement.projectId === null ? undefined : projectsById.get(movement.projectId)));
  }

  async function preview(chargeId: string, source: DbOrTx = db): Promise<GuardianRefundPreview> {
    const charge = await repository(source).charge(chargeId);
    if (!charge) throw chargeNotFound();
    const now = clock.now();
    const refunds = await repository(source).refundsOf(chargeId);
    const lots = charge.status === 'confirmed' ? takeable(await points.chargeLotsOf(chargeId, source), now) : [];
    const orange = lots.filter((lot) => lot.kind === 'purchased').reduce((sum, lot) => sum + lot.remaining, 0);
    const bonusOrange = lots.filter((lot) => lot.kind === 'bonus').reduce((sum, lot) => sum + lot.remaining, 0);
    const refusal = statusRefusal(charge.status, refunds) ?? (orange === 0 ? 'nothing_left' : null);
    return {
      charge: presentCharge(charge),
      refundable: refusal === null ? { orange, bonusOrange, amountKrw: krwOf(charge, orange) } : { orange: 0, bonusOrange: 0, amountKrw: 0 },
      spent: spentOf(await movementsOfChargeLots(chargeId, source)),
      refusal: refusal === null ? null : guardianRefundRefusals[refusal]().code,
      refunds: refunds.map(presentRefund),
    };
  }

  /** The ledger side, inside the key's transaction: checks, the refund entry, the row, the audit entry. */
  async function beginWithin(tx: Tx, input: { operatorId: string; chargeId: string; reason: string; inquiryId: number | null }): Promise<{ refundId: number }> {
    const found = await repository(tx).charge(input.chargeId);
    if (!found) throw chargeNotFound();
    await points.lockWalletWithin(tx, found.userId);
    const payment = (await createPaymentsRepository({ db: tx }).lock(found.id))!;
    const refunds = await repository(tx).refundsOf(payment.id);
    const refusal = statusRefusal(payment.status, refunds);
    if (refusal) throw guardianRefundRefusals[refusal]();
    const now = clock.now();
    const lots = takeable(await points.lockChargeLotsWithin(tx, payment.userId, payment.id), now);
    const orange = lots.filter((lot) => lot.kind === 'purchased').reduce((sum, lot) => sum + lot.remaining, 0);
    const bonusOrange = lots.filter((lot) => lot.kind === 'bonus').reduce((sum, lot) => sum + lot.remaining, 0);
    // docs/product.md#guardian-cancellation: the bonus goes with its purchase, never alone.
    if (orange === 0) throw guardianRefundRefusals.nothing_left();
    const posted = await points.debitGuardianRefundWithin(tx, payment, lots, now, `guardian-refund:${payment.id}:${refunds.length + 1}`);
    const amountKrw = krwOf(payment, orange);
    const row = await repository(tx).insert({
      paymentId: payment.id,
      userId: payment.userId,
      operatorId: input.operatorId,
      transactionId: posted.transactionId,
      orange,
      bonusOrange,
      amountKrw,
      status: 'refunding',
      reason: input.reason,
      inquiryId: input.inquiryId,
      requestedAt: now,
    });
    await audit(tx, {
      operatorId: input.operatorId,
      action: 'charge.guardian_refund',
      projectId: null,
      before: { chargeId: payment.id, orderId: payment.orderId, fanId: payment.userId, unspent: { orange, bonusOrange } },
      after: { guardianRefundId: row.id, status: 'refunding', orange, bonusOrange, amountKrw, transactionId: posted.transactionId, reason: input.reason, inquiryId: input.inquiryId },
      at: now,
    });
    return { refundId: row.id };
  }

  /**
   * The gateway's partial cancellation, outside any transaction; then the outcome under the
   * wallet and row locks. Idempotent: the gateway call carries the refund's own key, and only a
   * row still 'refunding' is finished.
   */
  async function finish(refundId: number): Promise<void> {
    const refund = await repository().find(refundId);
    if (!refund || refund.status !== 'refunding') return;
    const payment = (await createPaymentsRepository({ db }).find(refund.paymentId))!;
    const result = await gateway.cancel({
      paymentKey: payment.paymentKey ?? '',
      reason: "Guardian's cancellation of a minor's purchase: the unspent part",
      amountKrw: payment.amountKrw,
      cancelAmountKrw: refund.amountKrw,
      idempotencyKey: `guardian-refund-${refund.id}`,
    });
    if (!result.ok && result.code === RETRIABLE_FAILURE_CODE) return;
    await db.transaction(async (tx) => {
      await points.lockWalletWithin(tx, refund.userId);
      const locked = await repository(tx).lock(refundId);
      if (locked?.status !== 'refunding') return;
      const now = clock.now();
      if (result.ok) {
        await repository(tx).finish(refundId, { status: 'refunded', failureCode: null, finishedAt: now });
        await audit(tx, {
          operatorId: locked.operatorId,
          action: 'charge.guardian_refund.refunded',
          projectId: null,
          before: { guardianRefundId: refundId, chargeId: locked.paymentId, status: 'refunding' },
          after: { guardianRefundId: refundId, chargeId: locked.paymentId, status: 'refunded', amountKrw: locked.amountKrw, inquiryId: locked.inquiryId },
          at: now,
        });
        await notifications.notifyWithin(tx, {
          userId: locked.userId,
          kind: 'guardian_refund',
          projectId: null,
          params: { amountKrw: locked.amountKrw, orange: locked.orange, bonusOrange: locked.bonusOrange },
        });
        return;
      }
      const code = knownFailure(result.code, 'REFUND_FAILED');
      await points.lockChargeLotsWithin(tx, locked.userId, locked.paymentId);
      await points.reverseGuardianRefundWithin(tx, { id: locked.paymentId, userId: locked.userId }, locked.transactionId, now);
      await repository(tx).finish(refundId, { status: 'failed', failureCode: code, finishedAt: now });
      await audit(tx, {
        operatorId: locked.operatorId,
        action: 'charge.guardian_refund.failed',
        projectId: null,
        before: { guardianRefundId: refundId, chargeId: locked.paymentId, status: 'refunding' },
        after: { guardianRefundId: refundId, chargeId: locked.paymentId, status: 'failed', failureCode: code, inquiryId: locked.inquiryId },
        at: now,
      });
    });
  }

  const refundOf = async (refundId: number): Promise<GuardianRefundWithOperator> => {
    const row = (await repository().find(refundId)) as GuardianRefundRow;
    return (await repository().refundsOf(row.paymentId)).find((refund) => refund.id === refundId)!;
  };

  return {
    preview: (chargeId: string) => preview(chargeId),

    /** The console's search: a charge id, an order id, or a fan's nickname (their charges, newest first). */
    async searchCharges(query: string): Promise<{ items: OperatorCharge[] }> {
      const q = query.trim();
      if (uuidPattern.test(q)) {
        const row = await repository().charge(q.toLowerCase());
        return { items: row ? [presentCharge(row)] : [] };
      }
      const byOrder = await repository().chargeByOrderId(q);
      if (byOrder) return { items: [presentCharge(byOrder)] };
      const rows = q.length === 0 ? [] : await repository().chargesOfNicknameKey(nicknameKey(q), chargeSearchLimit);
      return { items: rows.map(presentCharge) };
    },

    /**
     * A guardian's cancellation, once per Idempotency-Key (the operator's): the ledger side in the
     * key's transaction, then the gateway after it committed, then the refund and the charge as
     * they stand. A refusal by the gateway is a 422 (the points are back), now and on a replay.
     */
    async refund(input: KeyScope & { chargeId: string; reason: string; inquiryId?: number }) {
      const outcome = await idempotency.run(input, (tx) =>
        beginWithin(tx, { operatorId: input.userId, chargeId: input.chargeId, reason: input.reason.trim(), inquiryId: input.inquiryId ?? null }),
      );
      await finish(outcome.value.refundId);
      const refund = await refundOf(outcome.value.refundId);
      if (refund.status === 'failed') throw guardianRefundFailed(knownFailure(refund.failureCode ?? undefined, 'REFUND_FAILED'));
      return { kind: outcome.kind, refund: presentRefund(refund), preview: await preview(input.chargeId) };
    },

    finish,

    /** Finishes guardian refunds the gateway left unanswered (run by the scheduler with the refund repair). */
    async repairRefunds(stop?: AbortSignal) {
      const due = new Date(clock.now().getTime() - guardianRefundRepairAfterMs);
      let repaired = 0;
      for (const refundId of await repository().dueForRepair(due, 100)) {
        if (stop?.aborted) break;
        try {
          await finish(refundId);
          repaired += 1;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
        }
      }
      return { repaired };
    },
  };
}

export type GuardianRefundsService = ReturnType<typeof createGuardianRefundsService>;

import type { MailService } from '../modules/mail/mail.service.ts';
import type { NotificationSweeps } from '../modules/notifications/notifications.sweeps.ts';
import type { GuardianRefundsService } from '../modules/payments/guardian-refunds.service.ts';
import type { PaymentsService } from '../modules/payments/payments.service.ts';
import type { PointsService } from '../modules/points/points.service.ts';
import type { ParticipationsService } from '../modules/projects/participations.service.ts';
import type { ProjectsService } from '../modules/projects/projects.service.ts';
import type { ProofsService } from '../modules/projects/proofs.service.ts';
import type { SupportService } from '../modules/support/support.service.ts';

/**
 * A periodic, idempotent piece of maintenance (docs/architecture.md#sweeps). `lockKey` is fixed per sweep and
 * never reused: it is the advisory-lock key that lets one instance at a time do the work.
 */
export type Sweep = {
  name: string;
  lockKey: number;
  /** `stop` aborts at shutdown: a sweep working through items ends between two of them (decision 084). */
  run: (stop?: AbortSignal) => Promise<unknown>;
};

/**
 * The sweeps of today. Each is safe to run concurrently even without the lock (the lock only saves
 * the duplicate work): lot expiry is idempotent per lot under the wallet lock, refund repair
 * re-checks 'refunding' under the payment lock, and the purges are plain deletes of expired rows.
 * Keys are listed here once so two sweeps can never share one.
 */
export function createSweeps(deps: {
  points: Pick<PointsService, 'sweepExpiredLots'>;
  payments: Pick<PaymentsService, 'repairRefunds'>;
  /** Absent where a caller runs only the ledger's sweeps (scheduler tests). */
  guardianRefunds?: Pick<GuardianRefundsService, 'repairRefunds'>;
  auth: { deleteExpiredFlows(): Promise<void> };
  sessions: { purgeExpired(): Promise<void> };
  /** Absent where a caller runs only the ledger's sweeps (scheduler tests). */
  projects?: Pick<ProjectsService, 'cancelOverdueCreations' | 'openFundingDue'>;
  participations?: Pick<ParticipationsService, 'closeFundingDue' | 'startAdsDue'>;
  proofs?: Pick<ProofsService, 'noticeOverdueProofs'>;
  notificationSweeps?: NotificationSweeps;
  mail?: Pick<MailService, 'drainDue'>;
  support?: Pick<SupportService, 'purgeExpiredImages' | 'purgeExpiredInquiries'>;
}): Sweep[] {
  return [
    { name: 'points.expire-lots', lockKey: 1, run: (stop) => deps.points.sweepExpiredLots({ stop }) },
    { name: 'payments.repair-refunds', lockKey: 2, run: (stop) => deps.payments.repairRefunds(stop) },
    { name: 'auth.delete-expired-flows', lockKey: 3, run: () => deps.auth.deleteExpiredFlows() },
    { name: 'auth.purge-expired-sessions', lockKey: 4, run: () => deps.sessions.purgeExpired() },
    ...(deps.guardianRefunds ? [{ name: 'payments.repair-guardian-refunds', lockKey: 5, run: (stop?: AbortSignal) => deps.guardianRefunds!.repairRefunds(stop) }] : []),
    ...projectSweeps(deps.projects, deps.participations, deps.proofs),
    ...supportSweeps(deps.support),
    ...(deps.notificationSweeps
      ? [
          { name: 'notifications.expiring-points', lockKey: 1101, run: () => deps.notificationSweeps!.noticeExpiringLots() },
          { name: 'notifications.closing-soon', lockKey: 1102, run: () => deps.notificationSweeps!.noticeClosingSoon() },
          { name: 'notifications.purge-old', lockKey: 1103, run: () => deps.notificationSweeps!.purgeOld() },
        ]
      : []),
    // The mail outbox's drain (docs/architecture.md#mail-outbox), after the sweeps that queue mail.
    ...(deps.mail ? [{ name: 'mail.drain-outbox', lockKey: 1301, run: (stop?: AbortSignal) => deps.mail!.drainDue(stop) }] : []),
  ];
}

/** Projects (docs/architecture.md#sweeps): keys 1201 and up, clear of other modules' sweeps. */
function projectSweeps(
  projects: Pick<ProjectsService, 'cancelOverdueCreations' | 'openFundingDue'> | undefined,
  participations: Pick<ParticipationsService, 'closeFundingDue' | 'startAdsDue'> | undefined,
  proofs: Pick<ProofsService, 'noticeOverdueProofs'> | undefined,
): Sweep[] {
  if (!projects) return [];
  return [
    { name: 'projects.cancel-overdue-creations', lockKey: 1201, run: (stop) => projects.cancelOverdueCreations(stop) },
    { name: 'projects.open-funding', lockKey: 1202, run: (stop) => projects.openFundingDue(stop) },
    ...(participations
      ? [
          { name: 'projects.close-funding', lockKey: 1203, run: (stop?: AbortSignal) => participations.closeFundingDue(stop) },
          { name: 'projects.start-ads', lockKey: 1204, run: (stop?: AbortSignal) => participations.startAdsDue(stop) },
        ]
      : []),
    ...(proofs ? [{ name: 'projects.notice-overdue-proofs', lockKey: 1205, run: (stop?: AbortSignal) => proofs.noticeOverdueProofs(stop) }] : []),
  ];
}

/** Inquiry retention (docs/product.md#inquiries): keys 1501 and up. Plain deletes of rows past their edge, files first. */
function supportSweeps(support: Pick<SupportService, 'purgeExpiredImages' | 'purgeExpiredInquiries'> | undefined): Sweep[] {
  if (!support) return [];
  return [
    { name: 'support.purge-inquiry-images', lockKey: 1501, run: () => support.purgeExpiredImages() },
    { name: 'support.purge-inquiries', lockKey: 1502, run: () => support.purgeExpiredInquiries() },
  ];
}

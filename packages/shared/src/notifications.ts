import { z } from 'zod';
import { decimalIntegerParam } from './artists.ts';
import { localizedNameSchema } from './locale.ts';
import { projectReferenceSchema } from './project-reference.ts';

/**
 * In-app notifications (docs/product.md#notifications). Each kind is one line here, with the
 * parameters its text needs; the web translates `kind` and fills in `params`.
 */
export const notificationParamSchemas = {
  /** The operator approved the request: create it before the deadline (ISO time). */
  approved: z.object({ creationDeadline: z.string().optional() }),
  /** The operator rejected the request, with the reason the creator sees. */
  rejected: z.object({ reason: z.string() }),
  /**
   * The approved project was not created by its deadline: the 7-day creation window's end, or its
   * funding end when that came first (`funding_end`). Absent on older rows: the creation window.
   */
  cancelled_deadline: z.object({ cause: z.enum(['creation_window', 'funding_end']).optional() }),
  /** The creator created the project (deposit paid, page open). */
  created: z.object({}),
  succeeded: z.object({}),
  failed: z.object({}),
  cancelled: z.object({ reason: z.string().optional() }),
  awarded: z.object({}),
  /**
   * The ad's proof is overdue (docs/product.md#execution): past `dueAt`, the media of `bookedCount`
   * still without proof, each by its names in the five languages. Told once per project.
   */
  proof_overdue: z.object({ dueAt: z.string(), bookedCount: z.number().int(), missing: z.array(localizedNameSchema) }),
  points_returned: z.object({ amount: z.number().int(), currency: z.enum(['orange', 'berry']) }),
  /** One lot's remaining points, told at 30 and again at 7 days before its end (docs/product.md#notifications). */
  points_expiring: z.object({ amount: z.number().int(), currency: z.enum(['orange', 'berry']), expiresAt: z.string() }),
  /** An operator answered the user's inquiry; the answer itself goes by mail to the inquiry's address. */
  inquiry_answered: z.object({ inquiryId: z.number().int().optional(), inquiryTitle: z.string().optional() }),
  /** A project of an artist the user follows opened for funding. */
  project_opened: z.object({}),
  /** A project the user joined closes within 24 hours (at `closesAt`, an ISO instant). */
  closing_soon: z.object({ closesAt: z.string() }),
  /** A guardian's cancellation refunded the unspent part of a charge: the amount paid back and the Orange taken (docs/product.md#guardian-cancellation). */
  guardian_refund: z.object({ amountKrw: z.number().int(), orange: z.number().int(), bonusOrange: z.number().int() }),
} as const;

export type NotificationKind = keyof typeof notificationParamSchemas;
export const notificationKinds = Object.keys(notificationParamSchemas) as [NotificationKind, ...NotificationKind[]];
export const notificationKindSchema = z.enum(notificationKinds);
export type NotificationParams<K extends NotificationKind> = z.infer<(typeof notificationParamSchemas)[K]>;

export const notificationIdSchema = decimalIntegerParam(1, 2_147_483_647);

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: notificationKindSchema,
  /** The project it is about, or null (points, inquiries). */
  projectId: z.number().int().nullable(),
  /** That project as it stands now; null when there is none (or it no longer exists). */
  project: projectReferenceSchema.nullable(),
  params: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.strictObject({
  cursor: z.string().max(100).optional(),
  limit: decimalIntegerParam(1, 50).default(20),
});

export const notificationListResponseSchema = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
});

export const notificationParamsSchema = z.strictObject({ notificationId: notificationIdSchema });

export const notificationReadResponseSchema = z.object({
  notification: notificationSchema,
  hasUnreadNotification: z.boolean(),
});

/** Marking every notification read: how many this call marked (0 when none were unread). */
export const notificationsReadAllResponseSchema = z.object({
  marked: z.number().int(),
  hasUnreadNotification: z.boolean(),
});

/**
 * The kinds a user can have mailed, each on or off on the profile (docs/product.md#notifications).
 * An inquiry's answer is not among them: the answer is itself a mail, sent to the inquiry's address.
 */
export const mailableNotificationKinds = notificationKinds.filter((kind) => kind !== 'inquiry_answered') as Exclude<NotificationKind, 'inquiry_answered'>[];
export type MailableNotificationKind = Exclude<NotificationKind, 'inquiry_answered'>;

/**
 * The promotional kinds (docs/product.md#night-time): the only ones whose mail waits for 08:00 KST
 * at night without the night-time consent. Every other kind is transactional (an answer, a
 * decision on the fan's own request, a project's outcome, a refund, an account notice) and leaves
 * at once, night or not. Creator updates and anniversary reminders belong here when they come.
 */
export const promotionalNotificationKinds: readonly NotificationKind[] = ['project_opened', 'closing_soon'];

export const notificationPreferencesSchema = z.object({
  /** Mail on or off for each mailable kind (on unless turned off). */
  mail: z.record(z.enum(mailableNotificationKinds as [MailableNotificationKind, ...MailableNotificationKind[]]), z.boolean()),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** A change of some kinds' mail; kinds not named keep their setting. */
export const notificationPreferencesPatchSchema = z.strictObject({
  mail: z.partialRecord(z.enum(mailableNotificationKinds as [MailableNotificationKind, ...MailableNotificationKind[]]), z.boolean()),
});

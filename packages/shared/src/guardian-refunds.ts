import { z } from 'zod';
import { projectReferenceSchema } from './project-reference.ts';
import { safeText, withoutControlCharacters } from './safe-text.ts';

/**
 * A guardian's cancellation of a minor's charge (docs/product.md#guardian-cancellation): an
 * operator refunds the unspent part of a charge the guardian names, past the 7-day window.
 * Operators only.
 */

/** Finding the charge: by the fan's nickname (their charges, newest first), an order id or a charge id. */
export const operatorChargeSearchQuerySchema = z.strictObject({ q: safeText(200, { min: 1 }) });

export const guardianRefundStatuses = ['refunding', 'refunded', 'failed'] as const;

export const operatorChargeSchema = z.object({
  id: z.uuid(),
  orderId: z.string(),
  status: z.string(),
  orange: z.number().int(),
  bonusOrange: z.number().int(),
  amountKrw: z.number().int(),
  method: z.string(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  /** The fan who paid; nickname null once the account is deleted. */
  fan: z.object({ id: z.uuid(), nickname: z.string().nullable() }),
});
export type OperatorCharge = z.infer<typeof operatorChargeSchema>;

export const operatorChargeSearchResponseSchema = z.object({ items: z.array(operatorChargeSchema) });

/** Where the spent part of a charge went: a project or event (with the project now), an exchange to Berry, an expiry. */
export const guardianRefundSpentSchema = z.object({
  kind: z.enum(['project', 'event', 'exchange', 'expiry', 'other']),
  project: projectReferenceSchema.nullable(),
  /** Orange (purchased and bonus) of this charge spent there and not returned. */
  orange: z.number().int(),
});
export type GuardianRefundSpent = z.infer<typeof guardianRefundSpentSchema>;

export const guardianRefundSchema = z.object({
  id: z.number().int(),
  status: z.enum(guardianRefundStatuses),
  orange: z.number().int(),
  bonusOrange: z.number().int(),
  amountKrw: z.number().int(),
  reason: z.string(),
  inquiryId: z.number().int().nullable(),
  operator: z.object({ nickname: z.string().nullable() }),
  failureCode: z.string().nullable(),
  requestedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type GuardianRefund = z.infer<typeof guardianRefundSchema>;

export const guardianRefundPreviewSchema = z.object({
  charge: operatorChargeSchema,
  /** What a guardian's cancellation would take now: the unspent purchased Orange (refunded in KRW) and bonus (taken with it). */
  refundable: z.object({ orange: z.number().int(), bonusOrange: z.number().int(), amountKrw: z.number().int() }),
  /** What was spent and stays spent (docs/product.md#guardian-cancellation), in total and where. */
  spent: z.object({ orange: z.number().int(), items: z.array(guardianRefundSpentSchema) }),
  /** Why it cannot be done now, as an error code; null when it can. */
  refusal: z.string().nullable(),
  /** Guardian refunds of this charge so far, oldest first. */
  refunds: z.array(guardianRefundSchema),
});
export type GuardianRefundPreview = z.infer<typeof guardianRefundPreviewSchema>;

export const guardianRefundReasonMax = 1000;

export const guardianRefundBodySchema = z.strictObject({
  /** Why: what the guardian said, as the operator records it (audit log). */
  reason: withoutControlCharacters(z.string().max(guardianRefundReasonMax), { multiline: true }).refine((value) => value.trim().length > 0, 'The reason is empty'),
  /** The guardian's inquiry, when the request came as one. */
  inquiryId: z.number().int().min(1).max(2_147_483_647).optional(),
});
export type GuardianRefundBody = z.infer<typeof guardianRefundBodySchema>;

export const guardianRefundResponseSchema = z.object({ refund: guardianRefundSchema, preview: guardianRefundPreviewSchema });
export type GuardianRefundResponse = z.infer<typeof guardianRefundResponseSchema>;

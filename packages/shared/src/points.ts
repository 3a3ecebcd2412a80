import { z } from 'zod';
import { projectReferenceSchema } from './project-reference.ts';
import { safeText } from './safe-text.ts';
import { chargeStatuses, historyTabs, krwPerOrange, lotKinds, pointAmountMax, pointCurrencies } from './points-rules.ts';

/**
 * Points (docs/product.md#points): the API's schemas. The rules and constants both sides apply
 * live in `points-rules.ts`, free of zod, re-exported here so existing imports keep working.
 */
export * from './points-rules.ts';

export type ChargePackage = { id: string; orange: number; bonusPercent: number; bonusOrange: number; priceKrw: number };

function chargePackage(orange: number, bonusPercent: number): ChargePackage {
  // The bonus is a whole number of points, rounded down (500 × 3 % = 15).
  return { id: `orange-${orange}`, orange, bonusPercent, bonusOrange: Math.floor((orange * bonusPercent) / 100), priceKrw: orange * krwPerOrange };
}

/** docs/product.md#charge-packages — the packages, shown on the point-charge screen and charged by the API. */
export const chargePackages: readonly ChargePackage[] = [
  chargePackage(100, 0),
  chargePackage(300, 0),
  chargePackage(500, 3),
  chargePackage(1000, 5),
  chargePackage(3000, 7),
  chargePackage(5000, 10),
];

export function findChargePackage(id: string): ChargePackage | undefined {
  return chargePackages.find((candidate) => candidate.id === id);
}

export const paymentMethods = ['card', 'bank_transfer', 'kakao_pay', 'naver_pay', 'toss_pay'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** History entry types (docs/product.md#screens). */
export const pointTransactionTypes = ['charge', 'bonus', 'spend', 'refund', 'return', 'exchange'] as const;
export type PointTransactionType = (typeof pointTransactionTypes)[number];

/** History reasons (docs/product.md#returns, docs/product.md#events): what the web translates as the entry's content. */
export const pointReasons = [
  'point_charge',
  'bonus_from_charge',
  'project_participation',
  'event_participation',
  'exchange',
  'expiry',
  'project_not_achieved',
  'event_not_achieved',
  'refund_of_charge',
  'refund_reversed',
  'guardian_refund',
  'guardian_refund_reversed',
  'account_deleted',
] as const;
export type PointReason = (typeof pointReasons)[number];

const pointBalanceSchema = z.object({
  /** What can be spent now: purchased + bonus. */
  total: z.number().int(),
  purchased: z.number().int(),
  /** Bonus points, shown as "additional earned". */
  bonus: z.number().int(),
  /** Of `total`, what expires within the next 30 days. */
  expiringWithin30Days: z.number().int(),
});

export const pointBalancesResponseSchema = z.object({ orange: pointBalanceSchema, berry: pointBalanceSchema });
export type PointBalances = z.infer<typeof pointBalancesResponseSchema>;

export const chargePackageSchema = z.object({
  id: z.string(),
  orange: z.number().int(),
  bonusPercent: z.number().int(),
  bonusOrange: z.number().int(),
  priceKrw: z.number().int(),
});
export const chargePackagesResponseSchema = z.object({ krwPerOrange: z.number().int(), items: z.array(chargePackageSchema) });

export const paymentMethodSchema = z.enum(paymentMethods);

export const createChargeBodySchema = z.strictObject({
  packageId: z.string().max(40),
  method: paymentMethodSchema,
});
export type CreateChargeBody = z.infer<typeof createChargeBodySchema>;

export const chargeIdParamsSchema = z.strictObject({ chargeId: z.uuid() });

export const chargeSchema = z.object({
  id: z.uuid(),
  status: z.enum(chargeStatuses),
  packageId: z.string(),
  orange: z.number().int(),
  bonusOrange: z.number().int(),
  amountKrw: z.number().int(),
  method: paymentMethodSchema,
  /**
   * Why the payment failed: a code from the app's closed list (the web shows its translation) and
   * the app's own English wording of it, never the gateway's text.
   */
  failure: z.object({ code: z.string(), reason: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  refundedAt: z.iso.datetime().nullable(),
  /** Whether a refund would be accepted now (whole charge, 7 × 24 h, untouched lots). */
  refundable: z.boolean(),
});
export type Charge = z.infer<typeof chargeSchema>;

export const createChargeResponseSchema = z.object({ charge: chargeSchema, checkoutUrl: z.string() });

/**
 * The gateway's return queries reach the database and the gateway, so each field is held to the
 * characters it can carry: order ids are ours (`ord_` + base64url), payment keys and codes are
 * printable ASCII, and no field takes a control character (PostgreSQL refuses NUL in text; a 400
 * here is the answer, never a 500 there).
 */
const orderIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Expected 1–64 letters, digits, - or _');
const gatewayCodeSchema = z.string().regex(/^[A-Za-z0-9_]{1,100}$/, 'Expected 1–100 letters, digits or _');
const gatewayTextSchema = safeText(500);

/** Query of the gateway's success return (Toss Payments' names). */
export const paymentSuccessQuerySchema = z.strictObject({
  orderId: orderIdSchema,
  paymentKey: z.string().regex(/^[\x21-\x7e]{1,200}$/, 'Expected 1–200 printable ASCII characters'),
  amount: z.string().regex(/^[0-9]{1,12}$/).transform(Number),
  paymentType: gatewayCodeSchema.max(40).optional(),
});
/**
 * Query of the gateway's failure return. `message` is the gateway's own text: accepted (the gateway
 * sends it) but never stored or shown; the app shows the translation of a known `code`.
 */
export const paymentFailQuerySchema = z.strictObject({
  orderId: orderIdSchema,
  code: gatewayCodeSchema.optional(),
  message: gatewayTextSchema.optional(),
});

/** A positive whole number of points within what a wallet can ever hold. */
export const pointAmountSchema = z.number().int().min(1).max(pointAmountMax);

export const exchangeBodySchema = z.strictObject({ orange: pointAmountSchema });
export const exchangeResponseSchema = z.object({
  orange: z.number().int(),
  berry: z.number().int(),
  spendTransactionId: z.string(),
  exchangeTransactionId: z.string(),
});

export const historyQuerySchema = z.strictObject({
  currency: z.enum(pointCurrencies),
  tab: z.enum(historyTabs).default('all'),
  cursor: z.string().max(100).optional(),
  limit: z
    .string()
    .regex(/^[0-9]{1,3}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(50))
    .default(20),
});

export const historyEntrySchema = z.object({
  transactionId: z.string(),
  currency: z.enum(pointCurrencies),
  type: z.enum(pointTransactionTypes),
  reason: z.enum(pointReasons),
  /** What the entry is about, as a reason code the web translates. */
  content: z.enum(pointReasons),
  /** Signed: a credit is positive, a debit negative. */
  amount: z.number().int(),
  date: z.iso.datetime(),
  /** The charge this entry belongs to, for charges, bonuses and refunds. */
  payment: z.object({ chargeId: z.uuid(), amountKrw: z.number().int(), method: paymentMethodSchema }).nullable(),
  chargeDate: z.iso.datetime().nullable(),
  /** Usable through (the latest expiry of the lots credited), for credits. */
  usableDate: z.iso.datetime().nullable(),
  chargeMethod: paymentMethodSchema.nullable(),
  /** The project the points moved for, as it stands now (its title read when the history is). */
  project: projectReferenceSchema.nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyResponseSchema = z.object({ items: z.array(historyEntrySchema), nextCursor: z.string().nullable() });

export const transactionIdParamsSchema = z.strictObject({ transactionId: z.string().regex(/^[0-9]{1,15}$/) });

export const historyDetailResponseSchema = historyEntrySchema.extend({
  /** Which lots gave or received what. */
  lots: z.array(z.object({ kind: z.enum(lotKinds), amount: z.number().int(), expiresAt: z.iso.datetime() })),
});

export const reconciliationResponseSchema = z.object({
  ok: z.boolean(),
  checkedAt: z.iso.datetime(),
  violations: z.array(z.object({ invariant: z.string(), subject: z.string(), detail: z.string() })),
});
export type Reconciliation = z.infer<typeof reconciliationResponseSchema>;

/** The header that makes a point-moving write safe to retry (docs/architecture.md#idempotency). */
export const idempotencyKeyHeaderSchema = z.object({
  'idempotency-key': z.string().regex(/^[A-Za-z0-9_\-:.]{8,100}$/, 'Expected 8–100 letters, digits, - _ : .'),
});

/** docs/product.md#exchange, word for word. */
export const exchangeFailedMessage = 'Exchange failed. Please charge and try again.';

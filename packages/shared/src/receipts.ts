import { z } from 'zod';
import { paymentMethodSchema, pointReasons, pointTransactionTypes } from './points.ts';
import { pointCurrencies } from './points-rules.ts';
import { projectReferenceSchema } from './project-reference.ts';

/**
 * A charge's receipt (docs/product.md#payments, docs/decisions/105-receipts-and-vat.md): only for
 * a confirmed or refunded charge, to its buyer. The rules (VAT, masking, numbering) are
 * `receipt-rules.ts`.
 */
export const receiptSchema = z.object({
  /** `OR-{KST year of approval}-{the charge's ledger entry id, zero-padded}`: the same on every read. */
  number: z.string(),
  /** When the receipt was issued: the charge's approval, so it too is the same on every read. */
  issuedAt: z.iso.datetime(),
  /** The seller as configured now (MERCHANT_NAME, MERCHANT_BUSINESS_NUMBER, MERCHANT_ADDRESS). */
  merchant: z.object({ name: z.string(), businessNumber: z.string(), address: z.string() }),
  buyer: z.object({ nickname: z.string().nullable(), email: z.string().nullable() }),
  /** What was bought, in the buyer's language ("오렌지 1,000 + 보너스 50"); `points` has the same as numbers. */
  item: z.string(),
  amountKrw: z.number().int(),
  supplyKrw: z.number().int(),
  vatKrw: z.number().int(),
  method: paymentMethodSchema,
  approvedAt: z.iso.datetime(),
  orderId: z.string(),
  /** The gateway's payment key, its first and last 4 characters shown. */
  paymentKeyMasked: z.string(),
  points: z.object({ purchased: z.number().int(), bonus: z.number().int() }),
  /** When the whole charge was refunded, else null. */
  refundedAt: z.iso.datetime().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptResponseSchema = z.object({ receipt: receiptSchema });
export type ReceiptResponse = z.infer<typeof receiptResponseSchema>;

export const statementFormats = ['json', 'csv'] as const;
export type StatementFormat = (typeof statementFormats)[number];

/**
 * The yearly statement's query: a KST year of four digits (`20x6`, `99999`, `2026.5` or none are a
 * 400) and a format, JSON by default.
 */
export const statementQuerySchema = z.strictObject({
  year: z.string().regex(/^[0-9]{4}$/, 'Expected a year of four digits').transform(Number),
  format: z.enum(statementFormats).default('json'),
});

export const statementEntrySchema = z.object({
  transactionId: z.string(),
  date: z.iso.datetime(),
  currency: z.enum(pointCurrencies),
  type: z.enum(pointTransactionTypes),
  reason: z.enum(pointReasons),
  /** Signed points: a credit positive, a debit negative. */
  amount: z.number().int(),
  /**
   * Money that moved with the entry, in KRW, from the payments module: paid (a charge, positive),
   * paid back (a refund, negative), or back as not refunded (a reversed refund, positive); else null.
   */
  amountKrw: z.number().int().nullable(),
  /** The charge the entry belongs to (charges, bonuses, refunds), for its receipt. */
  chargeId: z.uuid().nullable(),
  project: projectReferenceSchema.nullable(),
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

export const statementTotalsSchema = z.object({
  chargedKrw: z.number().int(),
  refundedKrw: z.number().int(),
  spentOrange: z.number().int(),
  returnedOrange: z.number().int(),
  exchangedOrange: z.number().int(),
  expiredOrange: z.number().int(),
  spentBerry: z.number().int(),
  returnedBerry: z.number().int(),
  expiredBerry: z.number().int(),
});
export type StatementTotals = z.infer<typeof statementTotalsSchema>;

export const statementResponseSchema = z.object({
  year: z.number().int(),
  entries: z.array(statementEntrySchema),
  totals: statementTotalsSchema,
  /** The KST year the account was made in: the first a statement can hold (the web offers it to this one). */
  firstYear: z.number().int(),
});
export type Statement = z.infer<typeof statementResponseSchema>;

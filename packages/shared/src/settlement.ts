import { z } from 'zod';
import { languageSchema } from './locale.ts';
import { projectMediumSchema, projectStatusSchema } from './projects.ts';
import { surplusUses } from './settlement-rules.ts';

/**
 * A closed project's settlement (docs/product.md#funding-close, decision 107): every figure computed
 * from the ledger's escrow entries and the media the request froze, never typed by anyone.
 * Amounts are whole points of the project's currency, except the media lines, priced in Orange as
 * the catalogue sells them (an event's goal is their total × 13 in Berry, docs/product.md#goal).
 */
/** A booked medium as the request froze it: Orange per unit, the duration, and price × duration. */
export const settlementLineSchema = projectMediumSchema.pick({ mediaId: true, name: true, priceUnit: true, price: true, duration: true, amount: true });
export type SettlementLine = z.infer<typeof settlementLineSchema>;

export const projectSettlementResponseSchema = z.object({
  status: projectStatusSchema,
  currency: z.enum(['orange', 'berry']),
  goal: z.number().int(),
  /** What came into the escrow: every participation, the deposit included. */
  raised: z.number().int(),
  /** The people who put points in, the creator included. */
  participantCount: z.number().int(),
  /** The creator's deposit (0 for an event, which has none). */
  deposit: z.number().int(),
  lines: z.array(settlementLineSchema),
  mediaTotal: z.number().int(),
  /** What was kept above the goal. */
  surplus: z.number().int(),
  surplusUse: z.enum(surplusUses),
  /** Points given back to fans' lots. */
  returned: z.number().int(),
  /** Returns of accounts deleted since, which the ledger forfeits (docs/product.md#returns). */
  forfeited: z.number().int(),
  /** Whether the escrow account's movements add up to these figures and to the project's own counters. */
  ledgerMatches: z.boolean(),
});
export type ProjectSettlement = z.infer<typeof projectSettlementResponseSchema>;

/** `format=csv` answers the same figures as a CSV download. */
export const settlementQuerySchema = z.strictObject({ lang: languageSchema.optional(), format: z.enum(['json', 'csv']).optional() });

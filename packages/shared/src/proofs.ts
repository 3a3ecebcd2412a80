import { z } from 'zod';
import { decimalIntegerParam } from './artists.ts';
import { withoutControlCharacters } from './safe-text.ts';

/**
 * A record of a project's proof chain (docs/product.md#execution): a proof of one booked medium (a
 * photo or a clip), or the withdrawal of an earlier one (`withdraws`, with its `reason`). Each
 * record's `recordHash` is the SHA-256 of its canonical JSON with the previous record's hash.
 */
export const proofRecordSchema = z.object({
  id: z.number().int(),
  mediaId: z.number().int(),
  kind: z.enum(['photo', 'video']),
  /** The published file; null for a withdrawal, and once a proof is withdrawn. */
  url: z.string().nullable(),
  capturedAt: z.string().nullable(),
  /** `exif`: read from the photo; `operator`: entered by the operator (no EXIF time). */
  capturedAtSource: z.enum(['exif', 'operator']).nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  distanceMeters: z.number().int().nullable(),
  farFromMedium: z.boolean(),
  /** SHA-256 (hex) of the published file's bytes; null for a withdrawal. */
  sha256: z.string().nullable(),
  previousHash: z.string().nullable(),
  recordHash: z.string(),
  postedAt: z.string(),
  /** The operator who posted it, by nickname (null once that account is gone). */
  operator: z.string().nullable(),
  /** The proof this record withdraws, for a withdrawal; else null. */
  withdraws: z.number().int().nullable(),
  reason: z.string().nullable(),
  /** Whether a later record withdrew this proof. */
  withdrawn: z.boolean(),
});
export type ProofRecord = z.infer<typeof proofRecordSchema>;

export const proofStatusSchema = z.enum(['not_due', 'due', 'proven', 'overdue']);

export const proofsPostedResponseSchema = z.object({ proofs: z.array(proofRecordSchema) });
export type ProofsPostedResponse = z.infer<typeof proofsPostedResponseSchema>;
export const proofWithdrawalResponseSchema = z.object({ proof: proofRecordSchema });

/** An operator's reason for withdrawing a proof: one to 500 characters, kept in the chain. */
export const proofWithdrawalBodySchema = z.strictObject({ reason: withoutControlCharacters(z.string().trim().min(1).max(500), { multiline: true }) });

/** The proof form's text fields: the medium proven, and the capture time when the file has none of its own. */
export const proofFieldsSchema = z.strictObject({
  mediaId: decimalIntegerParam(1, 2_147_483_647),
  /** ISO 8601 with an offset (`Z` or `+09:00`), to the second or finer. */
  capturedAt: z.iso.datetime({ offset: true }).optional(),
});

export const proofIdParamsSchema = z.strictObject({ proofId: decimalIntegerParam(1, 999_999_999) });

export const projectProofResponseSchema = z.object({
  dueAt: z.string(),
  status: proofStatusSchema,
  bookedCount: z.number().int(),
  provenCount: z.number().int(),
  media: z.array(
    z.object({
      mediaId: z.number().int(),
      name: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      status: proofStatusSchema,
      /** Its records, oldest first, withdrawals included. */
      proofs: z.array(proofRecordSchema),
    }),
  ),
  chain: z.object({ length: z.number().int(), head: z.string().nullable(), valid: z.boolean() }),
});
export type ProjectProof = z.infer<typeof projectProofResponseSchema>;

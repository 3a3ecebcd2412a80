import { z } from 'zod';
import { decimalIntegerParam } from './artists.ts';

/**
 * The operator console's view of the mail outbox (docs/architecture.md#mail-outbox): the latest
 * mails, newest first, with where each stands. Operators only.
 */
export const operatorMailsQuerySchema = z.strictObject({
  /** Mails with an id below this one (the previous page's `nextBeforeId`). */
  beforeId: decimalIntegerParam(1, 2_147_483_647).optional(),
  limit: decimalIntegerParam(1, 50).default(20),
});

export const operatorMailSchema = z.object({
  id: z.number().int(),
  recipient: z.string(),
  language: z.string(),
  /** The template: a notification kind, or `inquiry_answered`. */
  template: z.string(),
  /** pending (waiting for its next attempt), sent (the server accepted it), failed (refused for good). */
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  lastError: z.string().nullable(),
});
export type OperatorMail = z.infer<typeof operatorMailSchema>;

export const operatorMailsResponseSchema = z.object({
  items: z.array(operatorMailSchema),
  nextBeforeId: z.number().int().nullable(),
  /** Where mail goes: `smtp` (SMTP_URL) or `file` (.eml files in DATA_DIR/outbox). */
  transport: z.enum(['smtp', 'file']),
});
export type OperatorMailsPage = z.infer<typeof operatorMailsResponseSchema>;

import { z } from 'zod';
import { safeText } from './safe-text.ts';

/**
 * The operator audit log (docs/product.md#operators): every operator action, who took it, when,
 * and the state before and after. Read by operators only, newest first.
 */
export const operatorAuditLogPageSize = 20;

export const operatorAuditLogQuerySchema = z.strictObject({ cursor: safeText(100).optional() });

export const operatorAuditLogEntrySchema = z.object({
  id: z.number().int(),
  /** When the action was taken (ISO instant; business time when the test clock is on). */
  at: z.string(),
  /** nickname null once the operator's account is deleted. */
  operator: z.object({ nickname: z.string().nullable() }),
  /**
   * What was done: `project.approve`, `project.reject`, `event.create`, `cancel`, `award`,
   * `report.hide`, `report.restore`, `report.dismiss`, `test_clock.advance`; new actions may appear.
   */
  action: z.string(),
  /** The project concerned (for a report: the project the reported item belongs to); null for none. */
  projectId: z.number().int().nullable(),
  /** The action's own JSON record of the state before and after; null where there is none (a creation). */
  before: z.unknown(),
  after: z.unknown(),
});
export type OperatorAuditLogEntry = z.infer<typeof operatorAuditLogEntrySchema>;

export const operatorAuditLogResponseSchema = z.object({ items: z.array(operatorAuditLogEntrySchema), nextCursor: z.string().nullable() });
export type OperatorAuditLogPage = z.infer<typeof operatorAuditLogResponseSchema>;

import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/** Every operator action: who, what, when, and the state before and after (docs/product.md#operators). */
export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => users.id),
    /** e.g. project.approve, project.reject, test_clock.advance. */
    action: text('action').notNull(),
    projectId: integer('project_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('operator_audit_log_project_idx').on(table.projectId, table.id), index('operator_audit_log_at_idx').on(table.at)],
);

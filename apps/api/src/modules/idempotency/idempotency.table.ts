import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/**
 * The first answer to a write sent with an `Idempotency-Key` (docs/architecture.md#idempotency): the same key and
 * body get it again; the same key with another body is a 409.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    /** Method, path and a hash of the body. */
    requestHash: text('request_hash').notNull(),
    /**
     * `{ value }` for a write that ran, `{ refusal: { code, message, details? } }` for one refused:
     * never an HTTP status, which a replay takes from the code (lib/errors.ts#errorStatuses).
     */
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] }), index('idempotency_keys_created_idx').on(table.createdAt)],
);

import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/** Each agreement with the terms version and time it was given (docs/product.md#accounts). */
export const userAgreements = pgTable(
  'user_agreements',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    termsVersion: text('terms_version').notNull(),
    agreed: boolean('agreed').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind] }),
    check('user_agreements_kind_check', sql`${table.kind} in ('service', 'privacy', 'uniqueIdentification', 'marketing')`),
  ],
);

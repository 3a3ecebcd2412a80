import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * The test clock's offset (docs/architecture.md#test-clock, decision 050): one row, kept in the
 * database so a restart of the API keeps business time where the operators moved it, and every
 * process follows it.
 */
export const testClock = pgTable(
  'test_clock',
  {
    /** Always true: the table holds at most one row. */
    single: boolean('single').primaryKey().default(true),
    /** Whole hours: a move is whole days (24 each) or whole hours. */
    offsetHours: integer('offset_hours').notNull(),
  },
  (table) => [check('test_clock_single_row', sql`${table.single}`), check('test_clock_offset_forward', sql`${table.offsetHours} >= 0`)],
);

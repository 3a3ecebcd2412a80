import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { testClock } from './test-clock.table.ts';

/** The test clock's stored offset in whole days (decision 050). */
export function createTestClockRepository({ db }: { db: DbOrTx }) {
  return {
    async offsetDays(): Promise<number> {
      const [row] = await db.select({ offsetDays: testClock.offsetDays }).from(testClock);
      return row?.offsetDays ?? 0;
    },

    /** Adds `days` in one statement, so two moves at once both count; the new offset. */
    async advance(days: number): Promise<number> {
      const [row] = await db
        .insert(testClock)
        .values({ single: true, offsetDays: days })
        .onConflictDoUpdate({ target: testClock.single, set: { offsetDays: sql`${testClock.offsetDays} + ${days}` } })
        .returning({ offsetDays: testClock.offsetDays });
      return row!.offsetDays;
    },
  };
}

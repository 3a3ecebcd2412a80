import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { testClock } from './test-clock.table.ts';

/** The test clock's stored offset in whole hours (docs/architecture.md#test-clock). */
export function createTestClockRepository({ db }: { db: DbOrTx }) {
  return {
    async offsetHours(): Promise<number> {
      const [row] = await db.select({ offsetHours: testClock.offsetHours }).from(testClock);
      return row?.offsetHours ?? 0;
    },

    /** Adds `hours` in one statement, so two moves at once both count; the new offset. */
    async advance(hours: number): Promise<number> {
      const [row] = await db
        .insert(testClock)
        .values({ single: true, offsetHours: hours })
        .onConflictDoUpdate({ target: testClock.single, set: { offsetHours: sql`${testClock.offsetHours} + ${hours}` } })
        .returning({ offsetHours: testClock.offsetHours });
      return row!.offsetHours;
    },
  };
}

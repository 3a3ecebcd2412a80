import type { Clock } from './clock.ts';

const dayMs = 86_400_000;

/**
 * TEST_CLOCK=on (docs/architecture.md#test-clock): the API's business clock is the base clock plus
 * an offset an operator moves forward in whole days, as Stripe's test clocks do, so a person or an
 * end-to-end test can watch a 40-day lifecycle in seconds. Only forward: deadlines and expiries
 * already passed never come back. The offset is kept in the database (the test-clock module) and
 * set here at start and after each move, so a restart keeps it.
 */
export function createTestClock(base: Clock) {
  let offsetDays = 0;
  return {
    now: () => new Date(base.now().getTime() + offsetDays * dayMs),
    /** The stored offset: never backwards, whatever the store says. */
    setOffsetDays(days: number) {
      offsetDays = Math.max(offsetDays, days);
    },
    get offsetDays() {
      return offsetDays;
    },
  };
}

export type TestClock = ReturnType<typeof createTestClock>;

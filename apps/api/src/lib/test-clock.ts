import type { Clock } from './clock.ts';

const hourMs = 3_600_000;

/**
 * TEST_CLOCK=on (docs/architecture.md#test-clock): the API's business clock is the base clock plus
 * an offset an operator moves forward in whole days or hours, as Stripe's test clocks do, so a
 * person or an end-to-end test can watch a 40-day lifecycle, or a night, in seconds. Only forward:
 * deadlines and expiries already passed never come back. The offset is kept in the database (the
 * test-clock module), which every process follows, so a restart or another process keeps it.
 */
export function createTestClock(base: Clock) {
  let offsetHours = 0;
  return {
    now: () => new Date(base.now().getTime() + offsetHours * hourMs),
    /** The stored offset: never backwards, whatever the store says. */
    setOffsetHours(hours: number) {
      offsetHours = Math.max(offsetHours, hours);
    },
    get offsetHours() {
      return offsetHours;
    },
    get offsetDays() {
      return Math.floor(offsetHours / 24);
    },
  };
}

export type TestClock = ReturnType<typeof createTestClock>;

/** Time is injected everywhere so tests can move it (docs/architecture.md#time). */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export function createManualClock(start: Date = new Date('2026-11-22T03:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set(to: Date) {
      current = to.getTime();
    },
    advance(milliseconds: number) {
      current += milliseconds;
    },
  };
}
export type ManualClock = ReturnType<typeof createManualClock>;

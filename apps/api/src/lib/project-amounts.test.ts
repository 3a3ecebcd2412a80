import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkCreation,
  creationDeadlineFor,
  creationTooLate,
  depositBoundsFor,
  endOfKstDay,
  eventGoalOf,
  isMinimumUnitAllowed,
  largestParticipationFor,
  minimumUnitMaxFor,
  minimumUnitMin,
  participationRefusal,
  participationTaken,
  perUserLimitOf,
} from '@orchard/shared/project-rules';

/**
 * Property tests of the amount rules the API and the web share (docs/product.md#deposit,
 * #participation, #creation, #events): every one decides money, so each is checked over many goals
 * and units rather than a few examples.
 */
const seed = Number(process.env.ORCHARD_FUZZ_SEED ?? Date.now() % 2 ** 31);
const goals = fc.integer({ min: 20, max: 10_000_000 });
/** A goal and a unit the creator may choose for it. */
const goalAndUnit = goals.chain((goal) => fc.record({ goal: fc.constant(goal), unit: fc.integer({ min: minimumUnitMin, max: minimumUnitMaxFor(goal) }) }));

describe(`project amounts (seed ${seed})`, () => {
  it('the deposit bounds are whole units, the minimum at least 5 % and one unit, the maximum at most 50 %, and never crossed', () => {
    fc.assert(
      fc.property(goalAndUnit, ({ goal, unit }) => {
        const { minimum, maximum } = depositBoundsFor(goal, unit);
        expect(minimum % unit).toBe(0);
        expect(maximum % unit).toBe(0);
        expect(minimum).toBeGreaterThanOrEqual(unit);
        expect(minimum * 100).toBeGreaterThanOrEqual(goal * 5);
        expect(minimum - unit < Math.max(unit, Math.ceil((goal * 5) / 100))).toBe(true);
        expect(maximum).toBeLessThanOrEqual(perUserLimitOf(goal));
        expect(maximum + unit).toBeGreaterThan(perUserLimitOf(goal));
        expect(minimum).toBeLessThanOrEqual(maximum);
      }),
      { seed, numRuns: 2_000 },
    );
  });

  it('a creation accepts exactly the deposits on the unit between the bounds', () => {
    fc.assert(
      fc.property(goalAndUnit, fc.integer({ min: 0, max: 10_000_000 }), ({ goal, unit }, deposit) => {
        const { minimum, maximum } = depositBoundsFor(goal, unit);
        const accepted = checkCreation({ goal, minimumUnit: unit, deposit }).length === 0;
        expect(accepted).toBe(deposit >= minimum && deposit <= maximum && deposit % unit === 0);
      }),
      { seed, numRuns: 2_000 },
    );
  });

  it('a unit above what one person may put in is refused, as no deposit could be made', () => {
    fc.assert(
      fc.property(goals, fc.integer({ min: 1, max: 2_000 }), (goal, unit) => {
        if (isMinimumUnitAllowed(unit, goal)) expect(depositBoundsFor(goal, unit).maximum).toBeGreaterThanOrEqual(unit);
        else expect(checkCreation({ goal, minimumUnit: unit, deposit: unit })[0]?.code).toBe('projects.minimum_unit_invalid');
      }),
      { seed, numRuns: 2_000 },
    );
  });

  it('a fan asking the largest amount offered is accepted, one unit more is refused, and no refusal lets a total pass the limit', () => {
    fc.assert(
      fc.property(goalAndUnit, fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), ({ goal, unit }, already, amount) => {
        const remaining = perUserLimitOf(goal) - Math.min(already, perUserLimitOf(goal));
        const largest = largestParticipationFor(unit, remaining);
        if (largest >= unit) expect(participationRefusal(largest, unit, remaining)).toBeNull();
        expect(participationRefusal(largest + unit, unit, remaining)).not.toBeNull();
        if (participationRefusal(amount, unit, remaining) === null) {
          expect(amount % unit).toBe(0);
          expect(amount).toBeGreaterThanOrEqual(unit);
          expect(amount).toBeLessThanOrEqual(remaining);
        }
      }),
      { seed, numRuns: 2_000 },
    );
  });

  it('a limited project takes what was asked, or just what remains to the goal when that is less', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.option(fc.integer({ min: 1, max: 1_000_000 })), (amount, goalRemaining) => {
        const taken = participationTaken(amount, goalRemaining);
        expect(taken).toBeLessThanOrEqual(amount);
        if (goalRemaining !== null) expect(taken).toBe(Math.min(amount, goalRemaining));
        else expect(taken).toBe(amount);
      }),
      { seed },
    );
  });

  it('the creation deadline is the earlier of the 7-day window and the funding end, and nothing is created after it', () => {
    const instants = fc.date({ min: new Date('2026-01-01'), max: new Date('2030-01-01'), noInvalidDate: true });
    fc.assert(
      fc.property(instants, fc.integer({ min: -3, max: 30 }), fc.integer({ min: -5, max: 40 }), (approvedAt, endInDays, nowInMinutes) => {
        const fundingEndDate = new Date(approvedAt.getTime() + 9 * 3_600_000 + endInDays * 86_400_000).toISOString().slice(0, 10);
        const deadline = creationDeadlineFor(approvedAt, fundingEndDate);
        expect(deadline.getTime()).toBeLessThanOrEqual(endOfKstDay(fundingEndDate).getTime());
        const now = new Date(deadline.getTime() + nowInMinutes * 3_600_000 * 6);
        expect(creationTooLate(approvedAt, fundingEndDate, now) === null).toBe(now.getTime() <= deadline.getTime());
        if (now.getTime() > endOfKstDay(fundingEndDate).getTime()) expect(creationTooLate(approvedAt, fundingEndDate, now)).toBe('projects.funding_ended');
      }),
      { seed, numRuns: 1_000 },
    );
  });

  it("an event's Berry goal is worth its media total in Orange", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (orange) => {
        expect(eventGoalOf(orange) / 13).toBe(orange);
      }),
      { seed },
    );
  });
});

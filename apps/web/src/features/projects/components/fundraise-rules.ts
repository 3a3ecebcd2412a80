import { largestParticipationFor, participationTaken, roundUpToUnit } from '@orchard/shared/project-rules';

/**
 * What the fundraise sheet lets a fan put in (docs/product.md#participation), by the rules the
 * server applies: whole units of the minimum unit, at least one, and no more than the user's
 * remaining share (50 % of the goal, the deposit counted) rounded down to the unit. In a limited
 * project the stepper stops at the first step that reaches the goal, and the participation takes
 * only what remains to it.
 */
export type FundraiseProject = {
  goal: number;
  raised: number;
  purpose: 'limited' | 'ongoing';
  minimumUnit: number | null;
  perUserLimit: number;
  viewerContribution: number;
};

export type FundraiseBounds = { unit: number; userRemaining: number; goalRemaining: number | null; max: number };

export function fundraiseBounds(project: FundraiseProject): FundraiseBounds {
  const unit = Math.max(1, project.minimumUnit ?? 1);
  const userRemaining = Math.max(0, project.perUserLimit - project.viewerContribution);
  const goalRemaining = project.purpose === 'limited' ? Math.max(0, project.goal - project.raised) : null;
  const largest = largestParticipationFor(unit, userRemaining);
  // Past the step that reaches the goal, a larger choice would take no more.
  const max = goalRemaining === null ? largest : Math.min(largest, Math.max(unit, roundUpToUnit(goalRemaining, unit)));
  return { unit, userRemaining, goalRemaining, max };
}

/** The amount after a step up or down, kept within [unit, max] on the unit's grid. */
export function stepAmount(amount: number, direction: 1 | -1, bounds: FundraiseBounds): number {
  const next = amount + direction * bounds.unit;
  return Math.min(bounds.max, Math.max(bounds.unit, next));
}

/** What a participation of `amount` will take: the amount, or just what remains to a limited goal. */
export function amountTaken(amount: number, bounds: FundraiseBounds): number {
  return participationTaken(amount, bounds.goalRemaining);
}

/** Whole percent funded, floored, so 99.9 % never shows as 100 %. */
export function percentFunded(raised: number, goal: number): number {
  return goal > 0 ? Math.floor((raised * 100) / goal) : 0;
}

/** Whole days left until the close (D-day), counted on KST calendar days. */
export function daysUntilClose(closesAt: Date, now: Date): number | null {
  if (now.getTime() >= closesAt.getTime()) return null;
  const kstDay = (instant: Date) => Math.floor((instant.getTime() + 9 * 3_600_000) / 86_400_000);
  // The close is 00:00 KST of the day after the end date: the end date itself is D-Day.
  return kstDay(closesAt) - 1 - kstDay(now);
}

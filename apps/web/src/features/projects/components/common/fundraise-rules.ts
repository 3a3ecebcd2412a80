import { participationCapFor, participationTaken, roundDownToUnit, type ParticipationCap } from '@orchard/shared/project-rules';

/**
 * What the fundraise sheet lets a fan put in (docs/product.md#participation), by the rules the
 * server applies (participationCapFor): whole units of the minimum unit, at least one, up to the
 * one cap, the user's remaining share (50 % of the goal, the deposit counted) rounded down to the
 * unit or, in a limited project, what remains to the goal.
 */
export type FundraiseProject = {
  goal: number;
  raised: number;
  purpose: 'limited' | 'ongoing';
  minimumUnit: number | null;
  perUserLimit: number;
  viewerContribution: number;
};

export type FundraiseBounds = ParticipationCap & { goalRemaining: number | null };

export function fundraiseBounds(project: FundraiseProject): FundraiseBounds {
  const goalRemaining = project.purpose === 'limited' ? Math.max(0, project.goal - project.raised) : null;
  const userRemaining = Math.max(0, project.perUserLimit - project.viewerContribution);
  return { ...participationCapFor({ minimumUnit: project.minimumUnit ?? 1, userRemaining, goalRemaining }), goalRemaining };
}

/** The amount after a step up or down, kept within [unit, largest] on the unit's grid. */
export function stepAmount(amount: number, direction: 1 | -1, bounds: FundraiseBounds): number {
  return clampAmount(amount + direction * bounds.unit, bounds);
}

/** An amount brought onto the unit's grid within [unit, largest] (an amount kept from before the bounds moved). */
export function clampAmount(amount: number, bounds: FundraiseBounds): number {
  return Math.min(bounds.largest, Math.max(bounds.unit, roundDownToUnit(amount, bounds.unit)));
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

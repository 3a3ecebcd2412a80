/**
 * What the fundraise sheet lets a fan put in (docs/product.md#participation): at least the minimum
 * unit, in steps of it, and no more than the user's remaining share (50 % of the goal, the deposit
 * counted). A limited project also caps what passes the goal; the server applies every rule again.
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
  const largestStep = Math.floor(userRemaining / unit) * unit;
  return { unit, userRemaining, goalRemaining, max: largestStep };
}

/** The amount after a step up or down, kept within [unit, max] on the unit's grid. */
export function stepAmount(amount: number, direction: 1 | -1, bounds: FundraiseBounds): number {
  const next = amount + direction * bounds.unit;
  return Math.min(bounds.max, Math.max(bounds.unit, next));
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

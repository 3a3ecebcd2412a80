import { berryPerOrange } from './points-rules.ts';

/**
 * The rules of a project request and its creation (docs/product.md#requests, #ad-dates,
 * #creation, #deposit, #participation), as pure functions both the web (to guide the user) and the API (to decide)
 * call. Zod-free, so the web's request and creation screens import it without validation code.
 *
 * Every "day" is a KST calendar day (UTC+9, no daylight saving: docs/product.md#time); dates are
 * `YYYY-MM-DD` strings, which compare correctly as strings.
 */

const kstOffsetMs = 9 * 3_600_000;
const dayMs = 86_400_000;

/** The request's ad start is at least this many KST days after today. */
export const adStartMinDaysAhead = 41;
/** Funding ends this many days before the ad starts (D-40). */
export const fundingEndDaysBeforeAdStart = 40;
/** An approved project must be created by 23:59:59 KST of this day after the approval day. */
export const creationWindowDays = 7;
/** The creator's deposit is at least this percentage of the goal. */
export const depositMinPercent = 5;
/** docs/product.md#participation: one user may put in at most this share of the goal, the deposit included. */
export const perUserLimitPercent = 50;
/** The creator chooses the minimum participation unit within these bounds (Orange). */
export const minimumUnitMin = 10;
export const minimumUnitMax = 1_000;
/** How many media one request may list. */
export const requestMediaMax = 20;

export type KstDate = string;

const kstDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written `YYYY-MM-DD` (rejects 2026-02-30). */
export function isKstDate(value: string): boolean {
  const match = kstDatePattern.exec(value);
  if (!match) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** The KST calendar date an instant falls on. */
export function kstDateOf(instant: Date): KstDate {
  return new Date(instant.getTime() + kstOffsetMs).toISOString().slice(0, 10);
}

export function addDays(date: KstDate, days: number): KstDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: KstDate, to: KstDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);
}

/** 00:00:00.000 KST of a date, as an instant. */
export function startOfKstDay(date: KstDate): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - kstOffsetMs);
}

/** 23:59:59.999 KST of a date, as an instant. */
export function endOfKstDay(date: KstDate): Date {
  return new Date(startOfKstDay(date).getTime() + dayMs - 1);
}

/** The first ad start date a request made today may choose. */
export function earliestAdStartDate(today: KstDate): KstDate {
  return addDays(today, adStartMinDaysAhead);
}

export function fundingEndDateFor(adStartDate: KstDate): KstDate {
  return addDays(adStartDate, -fundingEndDaysBeforeAdStart);
}

/** The ad runs for the package's days, the start day included. */
export function adEndDateFor(adStartDate: KstDate, packageDays: number): KstDate {
  return addDays(adStartDate, packageDays - 1);
}

/** Funding closes at 00:00 KST of the day after its end date (docs/product.md#funding-close). */
export function fundingClosesAt(fundingEndDate: KstDate): Date {
  return startOfKstDay(addDays(fundingEndDate, 1));
}

/**
 * The last instant an approved project may be created (docs/product.md#creation): 23:59:59.999 KST
 * of the 7th day after approval, or of the funding end date when that comes first, since a
 * project created after its funding ended could never be funded.
 */
export function creationDeadlineFor(approvedAt: Date, fundingEndDate: KstDate): Date {
  const windowEnd = endOfKstDay(addDays(kstDateOf(approvedAt), creationWindowDays));
  const fundingEnd = endOfKstDay(fundingEndDate);
  return windowEnd.getTime() <= fundingEnd.getTime() ? windowEnd : fundingEnd;
}

/**
 * Which end a creation deadline is (docs/product.md#creation): the funding end when it sets the
 * deadline, else the 7-day window. A request cancelled at its deadline is told this cause.
 */
export function creationDeadlineCause(deadline: Date, fundingEndDate: KstDate): 'creation_window' | 'funding_end' {
  return deadline.getTime() === endOfKstDay(fundingEndDate).getTime() ? 'funding_end' : 'creation_window';
}

/** Why a creation at `now` is too late, or null: the funding end is named first, as it is final. */
export function creationTooLate(approvedAt: Date, fundingEndDate: KstDate, now: Date): 'projects.funding_ended' | 'projects.creation_deadline_passed' | null {
  if (now.getTime() > endOfKstDay(fundingEndDate).getTime()) return 'projects.funding_ended';
  return now.getTime() > creationDeadlineFor(approvedAt, fundingEndDate).getTime() ? 'projects.creation_deadline_passed' : null;
}

/** The most one user may put into a project in total (docs/product.md#participation). */
export function perUserLimitOf(goal: number): number {
  return Math.floor((goal * perUserLimitPercent) / 100);
}

/** The largest whole number of units within `amount` (0 when not even one fits). */
export function roundDownToUnit(amount: number, unit: number): number {
  return Math.floor(amount / unit) * unit;
}

/** The smallest whole number of units that reaches `amount`. */
export function roundUpToUnit(amount: number, unit: number): number {
  return Math.ceil(amount / unit) * unit;
}

/**
 * The largest unit a creator may choose for a goal: 1,000, and no more than the per-user limit,
 * since the deposit (at least one unit) must fit within it.
 */
export function minimumUnitMaxFor(goal: number): number {
  return Math.min(minimumUnitMax, perUserLimitOf(goal));
}

/** A unit the creator may choose: 10 to 1,000, and, when the goal is given, within its per-user limit. */
export function isMinimumUnitAllowed(unit: number, goal?: number): boolean {
  const max = goal === undefined ? minimumUnitMax : minimumUnitMaxFor(goal);
  return Number.isSafeInteger(unit) && unit >= minimumUnitMin && unit <= max;
}

/**
 * The deposit's bounds (docs/product.md#deposit). The deposit is the creator's participation, so
 * whole units: at least 5 % of the goal rounded up to the unit (and one unit), at most the
 * per-user limit (50 %) rounded down to the unit. For a unit the goal allows, minimum ≤ maximum.
 */
export function depositBoundsFor(goal: number, minimumUnit: number): { minimum: number; maximum: number } {
  return {
    minimum: Math.max(minimumUnit, roundUpToUnit(Math.ceil((goal * depositMinPercent) / 100), minimumUnit)),
    maximum: roundDownToUnit(perUserLimitOf(goal), minimumUnit),
  };
}

/** The smallest deposit a creation accepts (depositBoundsFor). */
export function minimumDepositFor(goal: number, minimumUnit: number): number {
  return depositBoundsFor(goal, minimumUnit).minimum;
}

export type ParticipationRefusal = 'projects.below_minimum_unit' | 'projects.not_unit_multiple' | 'projects.over_user_limit';

/**
 * Whether a fan may ask to put in `amount` (docs/product.md#participation): whole units of the
 * project's minimum unit, at least one, and no more than what the fan's per-user limit leaves
 * (`userRemaining`). The server decides with it; the fundraise sheet offers only amounts it accepts.
 */
export function participationRefusal(amount: number, minimumUnit: number, userRemaining: number): ParticipationRefusal | null {
  if (amount < minimumUnit) return 'projects.below_minimum_unit';
  if (amount % minimumUnit !== 0) return 'projects.not_unit_multiple';
  return amount > largestParticipationFor(minimumUnit, userRemaining) ? 'projects.over_user_limit' : null;
}

/** The largest amount a fan may still ask for: what the limit leaves, rounded down to the unit. */
export function largestParticipationFor(minimumUnit: number, userRemaining: number): number {
  return roundDownToUnit(Math.max(0, userRemaining), minimumUnit);
}

/**
 * What a participation takes: the amount asked, or, in a limited project, no more than what remains
 * to the goal (`goalRemaining`, null for an ongoing project). Only that last participation may be
 * off the unit, or below it.
 */
export function participationTaken(amount: number, goalRemaining: number | null): number {
  return goalRemaining === null ? amount : Math.min(amount, goalRemaining);
}

export type ParticipationCap = {
  unit: number;
  /** The largest amount the fan may choose: whole units, within the limit, and no step past the one that reaches a limited goal. */
  largest: number;
  /** The most a participation will take: `largest`, or what remains to a limited goal when that is less. */
  cap: number;
  /** Which rule sets the cap: the fan's 50 % share, or what remains to a limited goal. */
  limitedBy: 'user' | 'goal';
};

/**
 * The one cap on what a fan may still put in (docs/product.md#participation): the per-user limit
 * rounded down to the unit and, in a limited project, what remains to the goal. The fundraise sheet
 * states it and steps to it; the server's refusal (participationRefusal) and the amount it takes
 * (participationTaken) agree with it at every step.
 */
export function participationCapFor(limits: { minimumUnit: number; userRemaining: number; goalRemaining: number | null }): ParticipationCap {
  const unit = Math.max(1, limits.minimumUnit);
  const byUser = largestParticipationFor(unit, limits.userRemaining);
  const goalRemaining = limits.goalRemaining === null ? null : Math.max(0, limits.goalRemaining);
  if (goalRemaining === null || goalRemaining > byUser) return { unit, largest: byUser, cap: byUser, limitedBy: 'user' };
  // The step that reaches the goal is the last one: a larger choice would take no more.
  return { unit, largest: roundUpToUnit(goalRemaining, unit), cap: goalRemaining, limitedBy: 'goal' };
}

/** How many points a participation taking `taken` lacks from a balance of `balance` (0 when it is covered). */
export function participationShortfall(taken: number, balance: number): number {
  return Math.max(0, taken - balance);
}

/** An event's goal in Berry (docs/product.md#events): the media total in Orange, in Berry at the exchange rate. */
export function eventGoalOf(orangeGoal: number): number {
  return orangeGoal * berryPerOrange;
}

/**
 * The last KST day an operator may cancel a succeeded project (docs/product.md#cancellation): the
 * same calendar day one month before the ad start, or that month's last day when it lacks the day
 * (an ad starting 31 March may be cancelled through 28 or 29 February).
 */
export function lastCancellationDayFor(adStartDate: KstDate): KstDate {
  const [year, month, day] = adStartDate.split('-').map(Number) as [number, number, number];
  const monthIndex = year * 12 + (month - 1) - 1;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = (monthIndex % 12) + 1;
  const daysInTarget = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth).padStart(2, '0')}-${String(Math.min(day, daysInTarget)).padStart(2, '0')}`;
}

/** A created project opens for funding on its funding start day (KST). */
export function isFundingOpenOn(fundingStartDate: KstDate, today: KstDate): boolean {
  return today >= fundingStartDate;
}

export type PriceUnit = 'day' | 'second';

/** What the rules need to know of a medium: its categories, price and the durations it sells. */
export type MediumForRules = {
  id: number;
  categoryCode: string;
  priceUnit: PriceUnit;
  /** Orange per unit (a day, or a second of a spot). */
  price: number;
  /** The durations a request may choose, in the medium's unit. */
  durations: readonly number[];
};

export type PackageForRules = { days: number; categoryCodes: readonly string[] };

export type MediumSelection = { mediaId: number; duration: number | null | undefined };

/** Goal = Σ price × duration over the selected media, in Orange (docs/product.md#goal). */
export function goalOf(selections: readonly { price: number; duration: number }[]): number {
  return selections.reduce((sum, selection) => sum + selection.price * selection.duration, 0);
}

/**
 * A duration a medium sells: one of its listed durations, and, for media sold by the day, no
 * longer than the package's ad period.
 */
export function isDurationAllowed(medium: MediumForRules, packageDays: number, duration: number): boolean {
  if (!Number.isSafeInteger(duration) || duration <= 0) return false;
  if (!medium.durations.includes(duration)) return false;
  return medium.priceUnit !== 'day' || duration <= packageDays;
}

export type RequestViolation =
  | { code: 'projects.ad_start_too_soon'; field: 'adStartDate'; earliest: KstDate }
  | { code: 'projects.funding_start_invalid'; field: 'fundingStartDate'; earliest: KstDate; latest: KstDate }
  | { code: 'projects.media_required'; field: 'media' }
  | { code: 'projects.too_many_media'; field: 'media'; max: number }
  | { code: 'projects.media_duplicate'; field: 'media'; mediaId: number }
  | { code: 'projects.media_unknown'; field: 'media'; mediaId: number }
  | { code: 'projects.medium_not_in_package'; field: 'media'; mediaId: number }
  | { code: 'projects.duration_missing'; field: 'media'; mediaId: number }
  | { code: 'projects.duration_not_allowed'; field: 'media'; mediaId: number; allowed: number[] };

export type RequestPlan = {
  goal: number;
  adEndDate: KstDate;
  fundingEndDate: KstDate;
  media: { mediaId: number; duration: number; price: number; priceUnit: PriceUnit; amount: number }[];
};

/**
 * Checks a request against every rule and, when it passes, computes its dates and goal.
 * `findMedium` answers undefined for a medium that does not exist.
 */
export function planRequest(input: {
  today: KstDate;
  pkg: PackageForRules;
  media: readonly MediumSelection[];
  adStartDate: KstDate;
  fundingStartDate: KstDate;
  findMedium: (mediaId: number) => MediumForRules | undefined;
}): { ok: true; plan: RequestPlan } | { ok: false; violations: RequestViolation[] } {
  const violations: RequestViolation[] = [];
  const earliest = earliestAdStartDate(input.today);
  if (input.adStartDate < earliest) violations.push({ code: 'projects.ad_start_too_soon', field: 'adStartDate', earliest });
  const fundingEndDate = fundingEndDateFor(input.adStartDate);
  if (input.fundingStartDate < input.today || input.fundingStartDate > fundingEndDate) {
    violations.push({ code: 'projects.funding_start_invalid', field: 'fundingStartDate', earliest: input.today, latest: fundingEndDate });
  }
  if (input.media.length === 0) violations.push({ code: 'projects.media_required', field: 'media' });
  if (input.media.length > requestMediaMax) violations.push({ code: 'projects.too_many_media', field: 'media', max: requestMediaMax });
  const seen = new Set<number>();
  const planned: RequestPlan['media'] = [];
  for (const selection of input.media) {
    if (seen.has(selection.mediaId)) {
      violations.push({ code: 'projects.media_duplicate', field: 'media', mediaId: selection.mediaId });
      continue;
    }
    seen.add(selection.mediaId);
    const medium = input.findMedium(selection.mediaId);
    if (!medium) {
      violations.push({ code: 'projects.media_unknown', field: 'media', mediaId: selection.mediaId });
      continue;
    }
    if (!input.pkg.categoryCodes.includes(medium.categoryCode)) {
      violations.push({ code: 'projects.medium_not_in_package', field: 'media', mediaId: medium.id });
      continue;
    }
    if (selection.duration === null || selection.duration === undefined) {
      violations.push({ code: 'projects.duration_missing', field: 'media', mediaId: medium.id });
      continue;
    }
    if (!isDurationAllowed(medium, input.pkg.days, selection.duration)) {
      const allowed = medium.durations.filter((duration) => isDurationAllowed(medium, input.pkg.days, duration));
      violations.push({ code: 'projects.duration_not_allowed', field: 'media', mediaId: medium.id, allowed });
      continue;
    }
    planned.push({
      mediaId: medium.id,
      duration: selection.duration,
      price: medium.price,
      priceUnit: medium.priceUnit,
      amount: medium.price * selection.duration,
    });
  }
  if (violations.length > 0) return { ok: false, violations };
  return {
    ok: true,
    plan: {
      goal: goalOf(planned),
      adEndDate: adEndDateFor(input.adStartDate, input.pkg.days),
      fundingEndDate,
      media: planned,
    },
  };
}

export type DepositViolationCode = 'projects.deposit_too_low' | 'projects.deposit_too_high' | 'projects.deposit_not_unit_multiple';

export type CreationViolation =
  | { code: 'projects.minimum_unit_invalid'; field: 'minimumUnit'; min: number; max: number }
  | { code: DepositViolationCode; field: 'deposit'; minimum: number; maximum: number; unit: number };

/** What is wrong with a deposit for these bounds and unit, or null. */
export function depositProblem(deposit: number, minimumUnit: number, bounds: { minimum: number; maximum: number }): DepositViolationCode | null {
  if (!Number.isSafeInteger(deposit) || deposit < bounds.minimum) return 'projects.deposit_too_low';
  if (deposit > bounds.maximum) return 'projects.deposit_too_high';
  return deposit % minimumUnit === 0 ? null : 'projects.deposit_not_unit_multiple';
}

/** Checks the creator's unit and deposit against the goal (docs/product.md#deposit); every deposit refusal names both bounds. */
export function checkCreation(input: { goal: number; minimumUnit: number; deposit: number }): CreationViolation[] {
  if (!isMinimumUnitAllowed(input.minimumUnit, input.goal)) {
    return [{ code: 'projects.minimum_unit_invalid', field: 'minimumUnit', min: minimumUnitMin, max: minimumUnitMaxFor(input.goal) }];
  }
  const bounds = depositBoundsFor(input.goal, input.minimumUnit);
  const code = depositProblem(input.deposit, input.minimumUnit, bounds);
  return code === null ? [] : [{ code, field: 'deposit', ...bounds, unit: input.minimumUnit }];
}

/** Whether an approved project can no longer be created at `now` (creationDeadlineFor). */
export function isCreationDeadlinePassed(approvedAt: Date, fundingEndDate: KstDate, now: Date): boolean {
  return creationTooLate(approvedAt, fundingEndDate, now) !== null;
}

/** Only these hosts are accepted for the introduction's links (docs/product.md#creation). */
export const youtubeHosts = ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be'] as const;
export const xHosts = ['x.com', 'www.x.com', 'twitter.com', 'www.twitter.com', 'mobile.twitter.com'] as const;

function isHttpsUrlOnHosts(value: string, hosts: readonly string[]): boolean {
  if (value.length > 500) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.username === '' && url.password === '' && url.port === '' && hosts.includes(url.hostname.toLowerCase());
}

export function isYoutubeUrl(value: string): boolean {
  return isHttpsUrlOnHosts(value, youtubeHosts);
}

export function isXUrl(value: string): boolean {
  return isHttpsUrlOnHosts(value, xHosts);
}

/** A link as the URL parser reads it, which is what a browser opens: `isYoutubeUrl` or `isXUrl` has accepted it. */
export function normaliseLink(value: string): string {
  return new URL(value).href;
}

/** An X handle: 1–15 letters, digits or `_`, with an optional leading `@` the user may type. */
export function normaliseXId(value: string): string | null {
  const trimmed = value.trim().replace(/^@/, '');
  return /^[A-Za-z0-9_]{1,15}$/.test(trimmed) ? trimmed : null;
}

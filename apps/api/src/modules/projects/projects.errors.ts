import type { CreationViolation, RequestViolation } from '@orchard/shared/project-rules';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/errors.ts';

/** Another user's pending request answers exactly like a missing one (no existence leak). */
export const projectNotFound = () => notFound('projects.not_found', 'There is no such project.');

export const artistUnknown = () => unprocessable('projects.artist_unknown', 'There is no such artist.');
export const packageUnknown = () => unprocessable('projects.package_unknown', 'There is no such ad package.');

export const notRequested = (status: string) =>
  conflict('projects.not_requested', 'Only a request waiting for the inventory check can be decided.', { status });
export const notApproved = (status: string) => conflict('projects.not_approved', 'Only an approved project can be created.', { status });

export const creationDeadlinePassed = (deadline: Date) =>
  unprocessable('projects.creation_deadline_passed', 'The creation deadline (7 days after approval) has passed.', {
    creationDeadline: deadline.toISOString(),
  });
/** docs/product.md#creation: a project whose funding period has ended can no longer be created. */
export const fundingEnded = (fundingEndDate: string) =>
  unprocessable('projects.funding_ended', 'The funding period of this project has ended, so it can no longer be created.', { fundingEndDate });

export const thumbnailClosed = (status: string) =>
  conflict('projects.thumbnail_closed', "An event's thumbnail can be changed only until its funding closes.", { status });
export const thumbnailRequired = () => unprocessable('projects.thumbnail_required', 'Upload the thumbnail before creating the project.');

export const cursorInvalid = () => badRequest('projects.cursor_invalid', 'The cursor is not valid.', [{ in: 'querystring', path: '/cursor' }]);

const requestMessages: Record<RequestViolation['code'], string> = {
  'projects.ad_start_too_soon': 'The ad must start at least 41 days from today.',
  'projects.funding_start_invalid': 'Funding must start between today and the funding end date (40 days before the ad starts).',
  'projects.media_required': 'Choose at least one medium.',
  'projects.too_many_media': 'Too many media in one request.',
  'projects.media_duplicate': 'A medium is listed twice.',
  'projects.media_unknown': 'There is no such medium.',
  'projects.medium_not_in_package': 'This package does not include the medium’s category.',
  'projects.duration_missing': 'Set a duration for every medium.',
  'projects.duration_not_allowed': 'This medium is not sold for that duration.',
};

/** The first violation names the error; all of them travel in details for the form. */
export function requestRefused(violations: RequestViolation[]) {
  const first = violations[0]!;
  return unprocessable(first.code, requestMessages[first.code], { violations });
}

const creationMessages: Record<CreationViolation['code'], string> = {
  'projects.minimum_unit_invalid': 'The minimum deposit unit is 10 to 1,000 Orange, and at most half the goal.',
  // The product's own words for a deposit below the minimum (docs/product.md#deposit); the 5 % rule shares them.
  'projects.deposit_too_low':
    'You have entered an amount lower than the minimum deposit unit. Please deposit at least the minimum unit.',
  'projects.deposit_too_high': 'The deposit is more than one person may put in: at most half the goal, rounded down to the unit.',
  'projects.deposit_not_unit_multiple': 'The deposit is a participation: a whole number of minimum units.',
};

/** The first violation names the error; a deposit's refusal carries both bounds for the form. */
export function creationRefused(violations: CreationViolation[]) {
  const first = violations[0]!;
  const bounds = first.field === 'deposit' ? { minimum: first.minimum, maximum: first.maximum, unit: first.unit } : {};
  return unprocessable(first.code, creationMessages[first.code], { violations, ...bounds });
}

/** docs/product.md#participation */
export const notFunding = (status: string) => conflict('projects.not_funding', 'This project is not taking participations now.', { status });
/** docs/product.md#reports: a hidden project takes no participation, like or comment. */
export const projectHidden = () => conflict('projects.hidden', 'This project was hidden by an operator and takes no participation, like or comment.');
export const belowMinimumUnit = (minimumUnit: number) =>
  unprocessable('projects.below_minimum_unit', `A participation is at least the project's minimum unit (${minimumUnit}).`, { minimumUnit });
export const notUnitMultiple = (minimumUnit: number) =>
  unprocessable('projects.not_unit_multiple', `A participation is a whole number of the project's minimum unit (${minimumUnit}).`, { minimumUnit });
/** `largest`: the most the fan may still ask for, the remaining share rounded down to the unit, as the sheet states it. */
export const overUserLimit = (remaining: number, largest: number) =>
  unprocessable('projects.over_user_limit', `One person may put in at most half of the goal, the deposit included: ${largest} more at most.`, { remaining, largest });
/** docs/product.md#cancellation */
export const notCancellable = (status: string) =>
  conflict('projects.not_cancellable', 'Only a succeeded project can be cancelled, up to one month before its ad starts.', { status });
/** docs/product.md#funding-close: a settlement is published once funding has closed (decision 107). */
export const notClosed = (status: string) => conflict('projects.not_closed', 'The settlement is published once funding has closed.', { status });
/** docs/product.md#execution */
export const notRunning = (status: string) => conflict('projects.not_running', 'Proof can be posted only while the ad is running or after it was proven.', { status });

import { depositBoundsFor, depositProblem, isMinimumUnitAllowed, isXUrl, isYoutubeUrl, normaliseXId } from '@orchard/shared/project-rules';
import type { CreationDraft } from '../../stores/creation-draft.ts';

/** The creation's 6 steps, then the deposit (docs/product.md#creation, docs/product.md#deposit). */
export const creationSteps = ['history', 'depositUnit', 'title', 'thumbnail', 'introduction', 'creator', 'deposit'] as const;
export type CreationStep = (typeof creationSteps)[number];
export const numberedCreationSteps = 6;

export const titleMaxLength = 60;
export const introductionMaxLength = 5000;

export type CreationProblem =
  | 'unitInvalid'
  | 'titleMissing'
  | 'titleTooLong'
  | 'thumbnailMissing'
  | 'introductionMissing'
  | 'youtubeInvalid'
  | 'xUrlInvalid'
  | 'xIdInvalid'
  | 'emailMissing'
  | 'emailInvalid'
  | 'depositInvalid'
  | 'depositTooLow'
  | 'depositTooHigh'
  | 'depositOffUnit'
  | 'depositShort';

/**
 * Problems the step already shows beside their own field (the email's message, the deposit's, the
 * charge prompt): the bottom hint leaves them out, so no error is printed twice.
 */
export const problemsShownByTheirField: ReadonlySet<CreationProblem> = new Set(['emailInvalid', 'depositTooLow', 'depositTooHigh', 'depositOffUnit', 'depositShort']);

const depositProblems = {
  'projects.deposit_too_low': 'depositTooLow',
  'projects.deposit_too_high': 'depositTooHigh',
  'projects.deposit_not_unit_multiple': 'depositOffUnit',
} as const;

/** Whole numbers only, as typed: "1e3", "1.5" and "-1" are not amounts. */
export function parseWholeNumber(text: string): number | null {
  return /^[0-9]{1,9}$/.test(text.trim()) ? Number(text.trim()) : null;
}

/** The same check the form shows as "Invalid email format." / "Valid email format.". */
export function isEmailValid(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
}

/**
 * What keeps a step from going on, or null. `goal` bounds the unit and the deposit (null where there
 * is no deposit: an event); `orangeAvailable`, when known, must cover the deposit.
 */
export function creationProblem(
  step: CreationStep,
  draft: CreationDraft,
  context: { goal: number | null; hasThumbnail: boolean; orangeAvailable?: number | undefined },
): CreationProblem | null {
  const unit = parseWholeNumber(draft.minimumUnit);
  switch (step) {
    case 'history':
      return null;
    case 'depositUnit':
      return unit === null || !isMinimumUnitAllowed(unit, context.goal ?? undefined) ? 'unitInvalid' : null;
    case 'title':
      if (draft.title.trim().length === 0) return 'titleMissing';
      return draft.title.trim().length > titleMaxLength ? 'titleTooLong' : null;
    case 'thumbnail':
      return context.hasThumbnail ? null : 'thumbnailMissing';
    case 'introduction':
      if (draft.introduction.trim().length === 0) return 'introductionMissing';
      if (draft.youtubeUrl.trim() && !isYoutubeUrl(draft.youtubeUrl.trim())) return 'youtubeInvalid';
      return draft.xUrl.trim() && !isXUrl(draft.xUrl.trim()) ? 'xUrlInvalid' : null;
    case 'creator':
      if (normaliseXId(draft.creatorXId) === null) return 'xIdInvalid';
      if (draft.creatorEmail.trim() === '') return 'emailMissing';
      return isEmailValid(draft.creatorEmail) ? null : 'emailInvalid';
    case 'deposit': {
      const deposit = parseWholeNumber(draft.deposit);
      if (deposit === null || unit === null || context.goal === null) return 'depositInvalid';
      const problem = depositProblem(deposit, unit, depositBoundsFor(context.goal, unit));
      if (problem !== null) return depositProblems[problem];
      return context.orangeAvailable !== undefined && deposit > context.orangeAvailable ? 'depositShort' : null;
    }
  }
}

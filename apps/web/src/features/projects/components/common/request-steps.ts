import type { AdPackage, Medium } from '@orchard/shared';
import { earliestAdStartDate, fundingEndDateFor, goalOf, isDurationAllowed } from '@orchard/shared/project-rules';
import type { RequestDraft } from '../../stores/request-draft.ts';

/** The request's 7 steps, in order (docs/product.md#requests). */
export const requestSteps = ['artist', 'purpose', 'package', 'media', 'adStart', 'fundingDates', 'confirmation'] as const;
export type RequestStep = (typeof requestSteps)[number];

/** What a step still lacks; the key of the hint the screen shows under a disabled Next. */
export type StepProblem =
  | 'artistMissing'
  | 'purposeMissing'
  | 'optionMissing'
  | 'packageMissing'
  | 'mediaMissing'
  | 'mediumNotInPackage'
  | 'durationMissing'
  | 'adStartMissing'
  | 'adStartTooSoon'
  | 'fundingStartMissing'
  | 'fundingStartOutOfRange'
  | 'termsMissing';

export type RequestContext = { today: string; pkg: AdPackage | undefined; findMedium(mediaId: number): Medium | undefined };

/**
 * The first thing keeping the user on a step, or null when Next may go on. The same shared rules
 * the server applies; the server still checks everything again.
 */
export function stepProblem(step: RequestStep, draft: RequestDraft, context: RequestContext): StepProblem | null {
  switch (step) {
    case 'artist':
      return draft.artistId === null ? 'artistMissing' : null;
    case 'purpose':
      if (draft.purpose === null) return 'purposeMissing';
      return draft.option === null ? 'optionMissing' : null;
    case 'package':
      return draft.packageId === null || !context.pkg ? 'packageMissing' : null;
    case 'media': {
      if (draft.media.length === 0) return 'mediaMissing';
      for (const selection of draft.media) {
        const medium = context.findMedium(selection.mediaId);
        if (!medium || !context.pkg || !context.pkg.categoryCodes.includes(medium.categoryCode)) return 'mediumNotInPackage';
        if (selection.duration === null || !isDurationAllowed(medium, context.pkg.days, selection.duration)) return 'durationMissing';
      }
      return null;
    }
    case 'adStart':
      if (draft.adStartDate === null) return 'adStartMissing';
      return draft.adStartDate < earliestAdStartDate(context.today) ? 'adStartTooSoon' : null;
    case 'fundingDates': {
      if (draft.fundingStartDate === null) return 'fundingStartMissing';
      if (draft.adStartDate === null) return 'adStartMissing';
      const fundingEnd = fundingEndDateFor(draft.adStartDate);
      return draft.fundingStartDate < context.today || draft.fundingStartDate > fundingEnd ? 'fundingStartOutOfRange' : null;
    }
    case 'confirmation':
      return draft.termsAgreed ? null : 'termsMissing';
  }
}

/** The first step with a problem: where a restored draft (or a stale one) resumes at the latest. */
export function firstStepWithProblem(draft: RequestDraft, context: RequestContext): number {
  const index = requestSteps.findIndex((step) => stepProblem(step, draft, context) !== null);
  return index === -1 ? requestSteps.length - 1 : index;
}

/** The goal the confirmation shows: Σ price × duration of the chosen media. The server computes its own. */
export function draftGoal(draft: RequestDraft, findMedium: RequestContext['findMedium']): number {
  return goalOf(
    draft.media.flatMap((selection) => {
      const medium = findMedium(selection.mediaId);
      return medium && selection.duration !== null ? [{ price: medium.price, duration: selection.duration }] : [];
    }),
  );
}

/** Durations a medium offers within the package's ad period. */
export function durationChoices(medium: Medium, pkg: AdPackage): number[] {
  return medium.durations.filter((duration) => isDurationAllowed(medium, pkg.days, duration));
}

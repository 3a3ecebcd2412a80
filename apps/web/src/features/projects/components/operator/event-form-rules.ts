import type { EventBody } from '@orchard/shared';
import { emptyCreationDraft, type CreationDraft } from '../../stores/creation-draft.ts';
import { emptyRequestDraft, type RequestDraft } from '../../stores/request-draft.ts';
import { creationProblem, parseWholeNumber, type CreationProblem } from '../common/creation-steps.ts';
import { requestSteps, stepProblem, type RequestContext, type StepProblem } from '../common/request-steps.ts';

/**
 * An operator's event (docs/product.md#events) in one form: a request's fields and a creation's,
 * checked with the same rules as the fan's two flows; no terms, no creator contact, no deposit.
 */
export type EventDraft = Omit<RequestDraft, 'step' | 'termsAgreed'> & Pick<CreationDraft, 'minimumUnit' | 'title' | 'introduction' | 'youtubeUrl' | 'xUrl'> & { hasThumbnail: boolean };

export const emptyEventDraft: EventDraft = {
  artistId: null,
  purpose: null,
  option: null,
  packageId: null,
  media: [],
  adStartDate: null,
  fundingStartDate: null,
  minimumUnit: '',
  title: '',
  introduction: '',
  youtubeUrl: '',
  xUrl: '',
  hasThumbnail: false,
};

export type EventProblem = { source: 'request'; problem: StepProblem } | { source: 'creation'; problem: CreationProblem };

const creationChecks = ['depositUnit', 'title', 'thumbnail', 'introduction'] as const;

/** The first thing the form still lacks, in the order of its fields; null when it may be sent. */
export function eventProblem(draft: EventDraft, context: RequestContext): EventProblem | null {
  const asRequest: RequestDraft = { ...emptyRequestDraft, ...draft, termsAgreed: true };
  for (const step of requestSteps) {
    const problem = stepProblem(step, asRequest, context);
    if (problem) return { source: 'request', problem };
  }
  const asCreation: CreationDraft = { ...emptyCreationDraft, ...draft };
  for (const step of creationChecks) {
    // An event has no deposit, so its goal bounds nothing here.
    const problem = creationProblem(step, asCreation, { goal: null, hasThumbnail: draft.hasThumbnail });
    if (problem) return { source: 'creation', problem };
  }
  return null;
}

/** The body of POST /api/operator/events from a draft without problems. */
export function eventBodyOf(draft: EventDraft): EventBody {
  const optional = (text: string) => (text.trim() ? text.trim() : undefined);
  return {
    artistId: draft.artistId!,
    purpose: draft.purpose!,
    option: draft.option!,
    packageId: draft.packageId!,
    media: draft.media.map((selection) => ({ mediaId: selection.mediaId, duration: selection.duration! })),
    adStartDate: draft.adStartDate!,
    fundingStartDate: draft.fundingStartDate!,
    minimumUnit: parseWholeNumber(draft.minimumUnit)!,
    title: draft.title.trim(),
    introduction: draft.introduction.trim(),
    youtubeUrl: optional(draft.youtubeUrl),
    xUrl: optional(draft.xUrl),
  };
}

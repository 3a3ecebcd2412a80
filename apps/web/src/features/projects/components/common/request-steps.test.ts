import type { AdPackage, Medium } from '@orchard/shared';
import { describe, expect, it } from 'vitest';
import { emptyRequestDraft, type RequestDraft } from '../../stores/request-draft.ts';
import { draftGoal, durationChoices, firstStepWithProblem, stepProblem, type RequestContext } from './request-steps.ts';

const basic: AdPackage = { id: 'basic', name: 'Basic', days: 7, categoryCodes: ['ADMM002', 'ADMM004'] };

function medium(id: number, categoryCode: Medium['categoryCode'], priceUnit: Medium['priceUnit'], price: number, durations: number[]): Medium {
  return {
    id,
    name: `Medium ${id}`,
    categoryCode,
    subCategoryCode: 'ADMS006',
    categoryName: 'c',
    subCategoryName: 's',
    address: 'Seoul',
    latitude: 37.5,
    longitude: 127,
    priceUnit,
    price,
    durations,
    format: 'JPG',
    operatorName: 'o',
  };
}

const subway = medium(1, 'ADMM002', 'day', 100, [1, 3, 7, 14]);
const billboard = medium(2, 'ADMM001', 'day', 500, [7]);
const spot = medium(3, 'ADMM004', 'second', 2, [15, 30]);
const catalogue = new Map([subway, billboard, spot].map((item) => [item.id, item]));
const today = '2026-03-01';
const context: RequestContext = { today, pkg: basic, findMedium: (id) => catalogue.get(id) };

const complete: RequestDraft = {
  ...emptyRequestDraft,
  artistId: 7,
  purpose: 'limited',
  option: 'image',
  packageId: 'basic',
  media: [
    { mediaId: 1, duration: 7 },
    { mediaId: 3, duration: 30 },
  ],
  adStartDate: '2026-04-11',
  fundingStartDate: '2026-03-01',
  termsAgreed: true,
};

describe('request steps: what keeps Next disabled (the shared rules; the server checks again)', () => {
  it('the ad start is allowed 41 days ahead and refused 40 days ahead', () => {
    expect(stepProblem('adStart', { ...complete, adStartDate: '2026-04-11' }, context)).toBeNull();
    expect(stepProblem('adStart', { ...complete, adStartDate: '2026-04-10' }, context)).toBe('adStartTooSoon');
    expect(stepProblem('adStart', { ...complete, adStartDate: null }, context)).toBe('adStartMissing');
  });

  it('the funding start lies between today and the funding end (ad start − 40 days), both included', () => {
    expect(stepProblem('fundingDates', { ...complete, fundingStartDate: '2026-03-02' }, context)).toBeNull();
    expect(stepProblem('fundingDates', { ...complete, fundingStartDate: '2026-03-03' }, context)).toBe('fundingStartOutOfRange');
    expect(stepProblem('fundingDates', { ...complete, fundingStartDate: '2026-02-28' }, context)).toBe('fundingStartOutOfRange');
    expect(stepProblem('fundingDates', { ...complete, fundingStartDate: null }, context)).toBe('fundingStartMissing');
  });

  it('a medium the package does not allow, or one without a duration, holds the media step', () => {
    expect(stepProblem('media', complete, context)).toBeNull();
    expect(stepProblem('media', { ...complete, media: [] }, context)).toBe('mediaMissing');
    expect(stepProblem('media', { ...complete, media: [{ mediaId: 2, duration: 7 }] }, context)).toBe('mediumNotInPackage');
    expect(stepProblem('media', { ...complete, media: [{ mediaId: 1, duration: null }] }, context)).toBe('durationMissing');
    // 14 days is on the medium's list but longer than basic's 7-day ad period.
    expect(stepProblem('media', { ...complete, media: [{ mediaId: 1, duration: 14 }] }, context)).toBe('durationMissing');
  });

  it('purpose needs both the purpose and the creative option; confirmation needs the terms', () => {
    expect(stepProblem('purpose', { ...complete, option: null }, context)).toBe('optionMissing');
    expect(stepProblem('purpose', { ...complete, purpose: null }, context)).toBe('purposeMissing');
    expect(stepProblem('confirmation', { ...complete, termsAgreed: false }, context)).toBe('termsMissing');
    expect(stepProblem('artist', { ...complete, artistId: null }, context)).toBe('artistMissing');
  });

  it('a restored draft resumes at the first step that no longer holds', () => {
    expect(firstStepWithProblem(complete, context)).toBe(6);
    expect(firstStepWithProblem({ ...complete, adStartDate: '2026-04-01' }, context)).toBe(4);
    expect(firstStepWithProblem({ ...complete, packageId: null }, { ...context, pkg: undefined })).toBe(2);
  });

  it('the goal shown is Σ price × duration; durations offered stay within the package period', () => {
    expect(draftGoal(complete, context.findMedium)).toBe(100 * 7 + 2 * 30);
    expect(durationChoices(subway, basic)).toEqual([1, 3, 7]);
    expect(durationChoices(spot, basic)).toEqual([15, 30]);
  });
});

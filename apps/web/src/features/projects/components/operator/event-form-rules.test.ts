import type { AdPackage, Medium } from '@orchard/shared';
import { eventBodySchema } from '@orchard/shared';
import { describe, expect, it } from 'vitest';
import { emptyEventDraft, eventBodyOf, eventProblem, type EventDraft } from './event-form-rules.ts';
import type { RequestContext } from '../common/request-steps.ts';

const basic: AdPackage = { id: 'basic', name: 'Basic', days: 7, categoryCodes: ['ADMM002'] };
const subway: Medium = {
  id: 1,
  name: 'Gangnam',
  categoryCode: 'ADMM002',
  subCategoryCode: 'ADMS006',
  categoryName: 'c',
  subCategoryName: 's',
  address: 'Seoul',
  latitude: 37.5,
  longitude: 127,
  priceUnit: 'day',
  price: 100,
  durations: [1, 3, 7],
  format: 'JPG',
  operatorName: 'o',
};
const context: RequestContext = { today: '2026-03-01', pkg: basic, findMedium: (id) => (id === 1 ? subway : undefined) };

const complete: EventDraft = {
  ...emptyEventDraft,
  artistId: 7,
  purpose: 'ongoing',
  option: 'image',
  packageId: 'basic',
  media: [{ mediaId: 1, duration: 7 }],
  adStartDate: '2026-04-11',
  fundingStartDate: '2026-03-01',
  minimumUnit: '10',
  title: '  Berry birthday  ',
  introduction: 'Together',
  youtubeUrl: ' ',
  xUrl: 'https://x.com/orchard',
  hasThumbnail: true,
};

describe('the event form (docs/product.md#events)', () => {
  it('names the first missing field in the order of the form, from the request rules then the creation rules', () => {
    expect(eventProblem(emptyEventDraft, context)).toEqual({ source: 'request', problem: 'artistMissing' });
    expect(eventProblem({ ...complete, media: [{ mediaId: 1, duration: null }] }, context)).toEqual({ source: 'request', problem: 'durationMissing' });
    expect(eventProblem({ ...complete, adStartDate: '2026-04-10' }, context)).toEqual({ source: 'request', problem: 'adStartTooSoon' });
    expect(eventProblem({ ...complete, fundingStartDate: '2026-03-03' }, context)).toEqual({ source: 'request', problem: 'fundingStartOutOfRange' });
    expect(eventProblem({ ...complete, minimumUnit: '5' }, context)).toEqual({ source: 'creation', problem: 'unitInvalid' });
    expect(eventProblem({ ...complete, title: ' ' }, context)).toEqual({ source: 'creation', problem: 'titleMissing' });
    expect(eventProblem({ ...complete, hasThumbnail: false }, context)).toEqual({ source: 'creation', problem: 'thumbnailMissing' });
    expect(eventProblem({ ...complete, youtubeUrl: 'http://youtube.com/x' }, context)).toEqual({ source: 'creation', problem: 'youtubeInvalid' });
    expect(eventProblem(complete, context)).toBeNull();
  });

  it('sends what the API accepts: trimmed texts, empty links left out', () => {
    const body = eventBodyOf(complete);
    expect(body).toMatchObject({ title: 'Berry birthday', minimumUnit: 10, xUrl: 'https://x.com/orchard' });
    expect(body).not.toHaveProperty('youtubeUrl', expect.anything());
    expect(eventBodySchema.safeParse(body).success).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { emptyCreationDraft, type CreationDraft } from '../../stores/creation-draft.ts';
import { creationProblem, isEmailValid, parseWholeNumber } from './creation-steps.ts';

const draft: CreationDraft = {
  ...emptyCreationDraft,
  projectId: 1,
  minimumUnit: '100',
  title: 'Birthday ad',
  introduction: 'Hello',
  creatorXId: '@fan_01',
  creatorEmail: 'fan@example.com',
  deposit: '500',
};
const context = { goal: 10_000, hasThumbnail: true };

describe('creation steps', () => {
  it('the minimum unit is a whole number from 10 to 1,000', () => {
    expect(creationProblem('depositUnit', { ...draft, minimumUnit: '9' }, context)).toBe('unitInvalid');
    expect(creationProblem('depositUnit', { ...draft, minimumUnit: '10' }, context)).toBeNull();
    expect(creationProblem('depositUnit', { ...draft, minimumUnit: '1000' }, context)).toBeNull();
    expect(creationProblem('depositUnit', { ...draft, minimumUnit: '1001' }, context)).toBe('unitInvalid');
    expect(creationProblem('depositUnit', { ...draft, minimumUnit: '1e3' }, context)).toBe('unitInvalid');
  });

  it('the unit is at most half the goal, as the deposit must fit within it', () => {
    expect(creationProblem('depositUnit', { ...draft, minimumUnit: '525' }, { ...context, goal: 1_050 })).toBeNull();
    expect(creationProblem('depositUnit', { ...draft, minimumUnit: '526' }, { ...context, goal: 1_050 })).toBe('unitInvalid');
  });

  it('the deposit is whole units from 5 % rounded up to 50 % rounded down, within the known balance', () => {
    const goal1050 = { ...context, goal: 1_050 };
    expect(creationProblem('deposit', { ...draft, minimumUnit: '10', deposit: '600' }, goal1050)).toBe('depositTooHigh');
    expect(creationProblem('deposit', { ...draft, minimumUnit: '10', deposit: '520' }, goal1050)).toBeNull();
    expect(creationProblem('deposit', { ...draft, minimumUnit: '10', deposit: '65' }, goal1050)).toBe('depositOffUnit');
    expect(creationProblem('deposit', { ...draft, minimumUnit: '10', deposit: '520' }, { ...goal1050, orangeAvailable: 519 })).toBe('depositShort');
    expect(creationProblem('deposit', { ...draft, minimumUnit: '10', deposit: '520' }, { ...goal1050, orangeAvailable: 520 })).toBeNull();
  });

  it('the deposit is at least 5 % of the goal and at least the unit', () => {
    expect(creationProblem('deposit', { ...draft, deposit: '499' }, context)).toBe('depositTooLow');
    expect(creationProblem('deposit', { ...draft, deposit: '500' }, context)).toBeNull();
    expect(creationProblem('deposit', { ...draft, minimumUnit: '1000', deposit: '999' }, context)).toBe('depositTooLow');
    expect(creationProblem('deposit', { ...draft, deposit: '5.5' }, context)).toBe('depositInvalid');
  });

  it('links only to YouTube and X over https; the X ID and email are checked', () => {
    expect(creationProblem('introduction', { ...draft, youtubeUrl: 'https://youtu.be/abc' }, context)).toBeNull();
    expect(creationProblem('introduction', { ...draft, youtubeUrl: 'https://evil.example/watch' }, context)).toBe('youtubeInvalid');
    expect(creationProblem('introduction', { ...draft, xUrl: 'javascript:alert(1)' }, context)).toBe('xUrlInvalid');
    expect(creationProblem('creator', { ...draft, creatorXId: 'not a handle' }, context)).toBe('xIdInvalid');
    expect(creationProblem('creator', { ...draft, creatorEmail: 'fan@' }, context)).toBe('emailInvalid');
    expect(creationProblem('creator', { ...draft, creatorEmail: ' ' }, context)).toBe('emailMissing');
    expect(creationProblem('thumbnail', draft, { ...context, hasThumbnail: false })).toBe('thumbnailMissing');
  });

  it('amounts are plain digits only', () => {
    expect(parseWholeNumber(' 42 ')).toBe(42);
    for (const text of ['-1', '1.5', '1e3', '', 'abc']) expect(parseWholeNumber(text)).toBeNull();
    expect(isEmailValid('a@b.co')).toBe(true);
    expect(isEmailValid('a b@c.d')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  adEndDateFor,
  checkCreation,
  creationDeadlineFor,
  creationTooLate,
  depositBoundsFor,
  eventGoalOf,
  largestParticipationFor,
  participationCapFor,
  participationRefusal,
  participationShortfall,
  participationTaken,
  minimumUnitMaxFor,
  earliestAdStartDate,
  fundingClosesAt,
  fundingEndDateFor,
  goalOf,
  isCreationDeadlinePassed,
  isDurationAllowed,
  isKstDate,
  isMinimumUnitAllowed,
  isXUrl,
  isYoutubeUrl,
  kstDateOf,
  lastCancellationDayFor,
  minimumDepositFor,
  normaliseXId,
  planRequest,
  type MediumForRules,
} from './project-rules.ts';

const subway: MediumForRules = { id: 1, categoryCode: 'ADMM002', priceUnit: 'day', price: 300, durations: [7, 14, 28] };
const airport: MediumForRules = { id: 2, categoryCode: 'ADMM003', priceUnit: 'second', price: 50, durations: [15, 30] };
const catalogue = new Map([subway, airport].map((medium) => [medium.id, medium]));
const basic = { days: 7, categoryCodes: ['ADMM002', 'ADMM004'] };
const prestige = { days: 28, categoryCodes: ['ADMM001', 'ADMM002', 'ADMM003', 'ADMM004'] };
const today = '2026-03-01';

const request = (overrides: Partial<Parameters<typeof planRequest>[0]> = {}) =>
  planRequest({
    today,
    pkg: prestige,
    media: [
      { mediaId: 1, duration: 14 },
      { mediaId: 2, duration: 30 },
    ],
    adStartDate: '2026-04-11',
    fundingStartDate: today,
    findMedium: (id) => catalogue.get(id),
    ...overrides,
  });

describe('KST dates', () => {
  it('takes the KST calendar day of an instant: 14:59:59 UTC is still the same day, 15:00 UTC the next', () => {
    expect(kstDateOf(new Date('2026-03-01T14:59:59.999Z'))).toBe('2026-03-01');
    expect(kstDateOf(new Date('2026-03-01T15:00:00.000Z'))).toBe('2026-03-02');
  });

  it('accepts only real dates written YYYY-MM-DD', () => {
    expect(isKstDate('2028-02-29')).toBe(true);
    expect(isKstDate('2026-02-29')).toBe(false);
    expect(isKstDate('2026-2-01')).toBe(false);
    expect(isKstDate('2026-02-01T00:00')).toBe(false);
  });
});

describe('ad and funding dates (docs/product.md#ad-dates)', () => {
  it('needs the ad to start at least 41 days ahead: 41 passes, 40 is refused', () => {
    expect(earliestAdStartDate(today)).toBe('2026-04-11');
    expect(request({ adStartDate: '2026-04-11' }).ok).toBe(true);
    const tooSoon = request({ adStartDate: '2026-04-10' });
    expect(tooSoon.ok).toBe(false);
    if (!tooSoon.ok) expect(tooSoon.violations[0]).toMatchObject({ code: 'projects.ad_start_too_soon', earliest: '2026-04-11' });
  });

  it('ends funding 40 days before the ad starts and the ad after the package days', () => {
    expect(fundingEndDateFor('2026-04-11')).toBe('2026-03-02');
    expect(adEndDateFor('2026-04-11', 7)).toBe('2026-04-17');
    expect(adEndDateFor('2026-04-11', 28)).toBe('2026-05-08');
    const planned = request();
    expect(planned.ok && planned.plan).toMatchObject({ fundingEndDate: '2026-03-02', adEndDate: '2026-05-08' });
  });

  it('lets funding start from today up to the funding end, not before today nor after the end', () => {
    expect(request({ fundingStartDate: '2026-03-02' }).ok).toBe(true);
    expect(request({ fundingStartDate: '2026-03-03' })).toMatchObject({ ok: false, violations: [{ code: 'projects.funding_start_invalid' }] });
    expect(request({ fundingStartDate: '2026-02-28' })).toMatchObject({ ok: false, violations: [{ code: 'projects.funding_start_invalid' }] });
  });

  it('closes funding at 00:00 KST of the day after the end date', () => {
    expect(fundingClosesAt('2026-03-02').toISOString()).toBe('2026-03-02T15:00:00.000Z');
  });
});

describe('media, durations and the goal (docs/product.md#goal)', () => {
  it('computes the goal as the sum of price × duration', () => {
    expect(goalOf([{ price: 300, duration: 14 }, { price: 50, duration: 30 }])).toBe(5_700);
    const planned = request();
    expect(planned.ok && planned.plan.goal).toBe(5_700);
  });

  it('refuses a medium whose category the package does not include', () => {
    expect(request({ pkg: basic, media: [{ mediaId: 2, duration: 15 }] })).toMatchObject({
      ok: false,
      violations: [{ code: 'projects.medium_not_in_package', mediaId: 2 }],
    });
  });

  it('refuses a missing duration, a duration the medium does not sell, and days beyond the package', () => {
    expect(request({ media: [{ mediaId: 1, duration: null }] })).toMatchObject({ ok: false, violations: [{ code: 'projects.duration_missing' }] });
    expect(request({ media: [{ mediaId: 1, duration: 10 }] })).toMatchObject({ ok: false, violations: [{ code: 'projects.duration_not_allowed' }] });
    expect(isDurationAllowed(subway, 7, 7)).toBe(true);
    expect(isDurationAllowed(subway, 7, 14)).toBe(false);
    expect(isDurationAllowed(airport, 7, 30)).toBe(true);
  });

  it('refuses no media, an unknown medium and a medium listed twice', () => {
    expect(request({ media: [] })).toMatchObject({ ok: false, violations: [{ code: 'projects.media_required' }] });
    expect(request({ media: [{ mediaId: 9, duration: 7 }] })).toMatchObject({ ok: false, violations: [{ code: 'projects.media_unknown' }] });
    expect(
      request({
        media: [
          { mediaId: 1, duration: 7 },
          { mediaId: 1, duration: 14 },
        ],
      }),
    ).toMatchObject({ ok: false, violations: [{ code: 'projects.media_duplicate' }] });
  });
});

describe('creation (docs/product.md#creation, #deposit)', () => {
  it('allows a minimum unit of 10 to 1,000, and no more than half the goal: 9 and 1,001 are refused', () => {
    expect([9, 10, 1_000, 1_001].map((unit) => isMinimumUnitAllowed(unit))).toEqual([false, true, true, false]);
    expect(checkCreation({ goal: 10_000, minimumUnit: 9, deposit: 500 })[0]?.code).toBe('projects.minimum_unit_invalid');
    expect(checkCreation({ goal: 10_000, minimumUnit: 1_001, deposit: 1_001 })[0]?.code).toBe('projects.minimum_unit_invalid');
    // A 1,050 goal lets one person put in 525: a unit of 526 could not even make the deposit.
    expect(minimumUnitMaxFor(1_050)).toBe(525);
    expect([525, 526].map((unit) => isMinimumUnitAllowed(unit, 1_050))).toEqual([true, false]);
    expect(checkCreation({ goal: 1_050, minimumUnit: 526, deposit: 526 })).toMatchObject([{ code: 'projects.minimum_unit_invalid', max: 525 }]);
  });

  it('needs a deposit of 5 % of the goal, rounded up to the unit: below is refused, the minimum passes', () => {
    expect(minimumDepositFor(10_000, 10)).toBe(500);
    expect(checkCreation({ goal: 10_000, minimumUnit: 10, deposit: 490 })).toMatchObject([{ code: 'projects.deposit_too_low', minimum: 500, maximum: 5_000 }]);
    expect(checkCreation({ goal: 10_000, minimumUnit: 10, deposit: 500 })).toEqual([]);
    // 5 % of 10,001 is 500.05: 501 points, then up to the unit of 10.
    expect(minimumDepositFor(10_001, 10)).toBe(510);
  });

  it('needs the deposit to be at least the unit when the unit is above 5 %', () => {
    expect(minimumDepositFor(1_000, 100)).toBe(100);
    expect(checkCreation({ goal: 1_000, minimumUnit: 100, deposit: 99 })).toMatchObject([{ code: 'projects.deposit_too_low', minimum: 100 }]);
  });

  it('caps the deposit at half the goal rounded down to the unit: 600 on a 1,050 goal is refused, 520 passes', () => {
    expect(depositBoundsFor(1_050, 10)).toEqual({ minimum: 60, maximum: 520 });
    expect(checkCreation({ goal: 1_050, minimumUnit: 10, deposit: 600 })).toMatchObject([{ code: 'projects.deposit_too_high', minimum: 60, maximum: 520, unit: 10 }]);
    expect(checkCreation({ goal: 1_050, minimumUnit: 10, deposit: 530 })[0]?.code).toBe('projects.deposit_too_high');
    expect(checkCreation({ goal: 1_050, minimumUnit: 10, deposit: 520 })).toEqual([]);
    expect(checkCreation({ goal: 1_050, minimumUnit: 10, deposit: 525 })[0]?.code).toBe('projects.deposit_too_high');
    expect(checkCreation({ goal: 1_050, minimumUnit: 10, deposit: 61 })[0]?.code).toBe('projects.deposit_not_unit_multiple');
  });

  it('ends the creation window at 23:59:59.999 KST of the 7th day after approval', () => {
    // Approved at 23:30 KST on 1 March (14:30 UTC): the deadline is the end of 8 March KST.
    const approvedAt = new Date('2026-03-01T14:30:00Z');
    const fundingEndDate = '2026-03-20';
    expect(creationDeadlineFor(approvedAt, fundingEndDate).toISOString()).toBe('2026-03-08T14:59:59.999Z');
    expect(isCreationDeadlinePassed(approvedAt, fundingEndDate, new Date('2026-03-08T14:59:59.000Z'))).toBe(false);
    expect(isCreationDeadlinePassed(approvedAt, fundingEndDate, new Date('2026-03-08T15:00:00.000Z'))).toBe(true);
    expect(creationTooLate(approvedAt, fundingEndDate, new Date('2026-03-08T15:00:00.000Z'))).toBe('projects.creation_deadline_passed');
  });

  it('ends the creation window at the end of the funding end date when that comes first', () => {
    const approvedAt = new Date('2026-03-01T03:00:00Z');
    const fundingEndDate = '2026-03-02';
    expect(creationDeadlineFor(approvedAt, fundingEndDate).toISOString()).toBe('2026-03-02T14:59:59.999Z');
    expect(creationTooLate(approvedAt, fundingEndDate, new Date('2026-03-02T14:59:59.999Z'))).toBeNull();
    expect(creationTooLate(approvedAt, fundingEndDate, new Date('2026-03-02T15:00:00.000Z'))).toBe('projects.funding_ended');
    expect(creationTooLate(approvedAt, fundingEndDate, new Date('2026-03-10T00:00:00.000Z'))).toBe('projects.funding_ended');
  });

  it('accepts only https links on YouTube and X hosts, and X handles', () => {
    expect(isYoutubeUrl('https://www.youtube.com/watch?v=abc')).toBe(true);
    expect(isYoutubeUrl('https://youtu.be/abc')).toBe(true);
    expect(isYoutubeUrl('http://youtube.com/watch?v=abc')).toBe(false);
    expect(isYoutubeUrl('https://youtube.com.evil.example/')).toBe(false);
    expect(isYoutubeUrl('javascript:alert(1)')).toBe(false);
    expect(isXUrl('https://x.com/orchard')).toBe(true);
    expect(isXUrl('https://user@x.com/')).toBe(false);
    expect(normaliseXId('@orchard_fan')).toBe('orchard_fan');
    expect(normaliseXId('orchard fan')).toBeNull();
    expect(normaliseXId('a'.repeat(16))).toBeNull();
  });
});

describe('cancellation (docs/product.md#cancellation)', () => {
  it('is possible through the same day one month before the ad start, or that month\'s last day', () => {
    expect(lastCancellationDayFor('2027-02-01')).toBe('2027-01-01');
    expect(lastCancellationDayFor('2027-01-15')).toBe('2026-12-15');
    expect(lastCancellationDayFor('2027-03-31')).toBe('2027-02-28');
    expect(lastCancellationDayFor('2028-03-30')).toBe('2028-02-29');
  });
});

describe('participation amounts (docs/product.md#participation)', () => {
  it('takes whole units, at least one, within what the limit leaves', () => {
    expect(participationRefusal(40, 50, 1_000)).toBe('projects.below_minimum_unit');
    expect(participationRefusal(120, 50, 1_000)).toBe('projects.not_unit_multiple');
    expect(participationRefusal(550, 50, 525)).toBe('projects.over_user_limit');
    expect(participationRefusal(500, 50, 525)).toBeNull();
    expect(largestParticipationFor(50, 525)).toBe(500);
    expect(largestParticipationFor(50, 25)).toBe(0);
  });

  it('takes no more than what remains to a limited goal, even below the unit', () => {
    expect(participationTaken(500, 450)).toBe(450);
    expect(participationTaken(500, 5)).toBe(5);
    expect(participationTaken(500, null)).toBe(500);
  });

  it('states one cap: the limit rounded down to the unit, or what remains to a limited goal', () => {
    // 165 left of the limit in steps of 10: 160, not 165.
    expect(participationCapFor({ minimumUnit: 10, userRemaining: 165, goalRemaining: null })).toEqual({ unit: 10, largest: 160, cap: 160, limitedBy: 'user' });
    // A limited project 230 short of its goal, 1,050 left of the limit: 230, not 1,050.
    expect(participationCapFor({ minimumUnit: 10, userRemaining: 1_050, goalRemaining: 230 })).toEqual({ unit: 10, largest: 230, cap: 230, limitedBy: 'goal' });
    // Off the grid: the step that reaches the goal is the last, and takes only what remains.
    expect(participationCapFor({ minimumUnit: 100, userRemaining: 5_000, goalRemaining: 450 })).toEqual({ unit: 100, largest: 500, cap: 450, limitedBy: 'goal' });
    expect(participationCapFor({ minimumUnit: 100, userRemaining: 5_000, goalRemaining: 5 })).toMatchObject({ largest: 100, cap: 5 });
    // The limit binds before a goal further away.
    expect(participationCapFor({ minimumUnit: 50, userRemaining: 525, goalRemaining: 800 })).toEqual({ unit: 50, largest: 500, cap: 500, limitedBy: 'user' });
    expect(participationCapFor({ minimumUnit: 50, userRemaining: 25, goalRemaining: 800 }).cap).toBe(0);
  });

  it('agrees with the server at every step: each amount up to the cap is taken, one unit more is refused', () => {
    for (const [minimumUnit, userRemaining, goalRemaining] of [[10, 165, null], [10, 1_050, 230], [100, 5_000, 450], [50, 525, 800], [30, 100, 95]] as const) {
      const { largest, cap } = participationCapFor({ minimumUnit, userRemaining, goalRemaining });
      for (let amount = minimumUnit; amount <= largest; amount += minimumUnit) {
        expect(participationRefusal(amount, minimumUnit, userRemaining)).toBeNull();
        expect(participationTaken(amount, goalRemaining)).toBeLessThanOrEqual(cap);
      }
      expect(participationTaken(largest, goalRemaining)).toBe(cap);
      if (goalRemaining === null || goalRemaining > largest) expect(participationRefusal(largest + minimumUnit, minimumUnit, userRemaining)).toBe('projects.over_user_limit');
    }
  });

  it('names what a balance lacks', () => {
    expect(participationShortfall(50, 0)).toBe(50);
    expect(participationShortfall(600, 650)).toBe(0);
  });
});

describe('events (docs/product.md#events)', () => {
  it('counts the goal in Berry: 390 Orange of media is a 5,070 Berry goal', () => {
    expect(eventGoalOf(390)).toBe(5_070);
  });
});

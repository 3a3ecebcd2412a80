import { describe, expect, it } from 'vitest';
import { amountTaken, clampAmount, daysUntilClose, fundraiseBounds, percentFunded, stepAmount } from './fundraise-rules.ts';

const base = { goal: 10_000, raised: 2_000, purpose: 'ongoing' as const, minimumUnit: 100, perUserLimit: 5_000, viewerContribution: 0 };

describe('fundraise bounds (docs/product.md#participation)', () => {
  it('lets a fan put in up to half the goal in unit steps', () => {
    expect(fundraiseBounds(base)).toEqual({ unit: 100, largest: 5_000, cap: 5_000, limitedBy: 'user', goalRemaining: null });
  });
  it('counts what the fan already put in, the deposit included', () => {
    expect(fundraiseBounds({ ...base, viewerContribution: 4_950 }).largest).toBe(0);
    expect(fundraiseBounds({ ...base, viewerContribution: 4_850 }).largest).toBe(100);
  });
  it('tells a limited project what remains to the goal', () => {
    expect(fundraiseBounds({ ...base, purpose: 'limited', raised: 9_950 }).goalRemaining).toBe(50);
  });
  it('offers only whole units within the limit, as the server takes them', () => {
    // Half of 10,050 is 5,025: a unit of 100 reaches 5,000, never 5,025.
    expect(fundraiseBounds({ ...base, goal: 10_050, perUserLimit: 5_025 }).largest).toBe(5_000);
  });
  it('stops a limited project at the step that reaches the goal, and takes just what remains', () => {
    const bounds = fundraiseBounds({ ...base, purpose: 'limited', minimumUnit: 50, raised: 9_550 });
    expect(bounds).toMatchObject({ goalRemaining: 450, largest: 450, cap: 450 });
    const offGrid = fundraiseBounds({ ...base, purpose: 'limited', minimumUnit: 100, raised: 9_550 });
    expect(offGrid.largest).toBe(500);
    expect(amountTaken(500, offGrid)).toBe(450);
    expect(amountTaken(300, offGrid)).toBe(300);
    const belowUnit = fundraiseBounds({ ...base, purpose: 'limited', raised: 9_995 });
    expect([belowUnit.largest, amountTaken(belowUnit.largest, belowUnit)]).toEqual([100, 5]);
  });
  it('steps within the grid and the bounds', () => {
    const bounds = fundraiseBounds({ ...base, viewerContribution: 4_700 });
    expect(stepAmount(100, 1, bounds)).toBe(200);
    expect(stepAmount(300, 1, bounds)).toBe(300);
    expect(stepAmount(100, -1, bounds)).toBe(100);
  });
  it('brings a kept amount onto the grid within the bounds', () => {
    const bounds = fundraiseBounds({ ...base, viewerContribution: 4_700 });
    expect([clampAmount(600, bounds), clampAmount(250, bounds), clampAmount(0, bounds)]).toEqual([300, 200, 100]);
  });
});

describe('progress and D-day', () => {
  it('floors the percent', () => {
    expect(percentFunded(9_999, 10_000)).toBe(99);
    expect(percentFunded(15_000, 10_000)).toBe(150);
  });
  it('counts KST days to the end date; null once closed', () => {
    const closesAt = new Date('2026-12-11T00:00:00+09:00'); // end date 2026-12-10
    expect(daysUntilClose(closesAt, new Date('2026-12-10T23:59:59+09:00'))).toBe(0);
    expect(daysUntilClose(closesAt, new Date('2026-12-09T00:00:00+09:00'))).toBe(1);
    expect(daysUntilClose(closesAt, new Date('2026-12-01T08:00:00+09:00'))).toBe(9);
    expect(daysUntilClose(closesAt, closesAt)).toBeNull();
  });
});

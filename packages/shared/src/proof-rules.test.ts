import { describe, expect, it } from 'vitest';
import { bookedPeriodOf, distanceInMeters, isWithinBooking, mediumProofStatus, projectProofStatus, proofDueAt } from './proof-rules.ts';

describe('proof rules (docs/product.md#execution)', () => {
  it('a proof is due by 23:59:59.999 KST of the third day after the ad start, across a month end', () => {
    expect(proofDueAt('2026-03-09').toISOString()).toBe('2026-03-12T14:59:59.999Z');
    expect(proofDueAt('2026-02-27').toISOString()).toBe('2026-03-02T14:59:59.999Z');
    expect(proofDueAt('2026-12-30').toISOString()).toBe('2027-01-02T14:59:59.999Z');
  });

  it('a medium sold by the day is booked for its duration from the ad start; one sold by the second for the whole ad', () => {
    const ad = { adStartDate: '2026-03-09', adEndDate: '2026-03-22' };
    expect(bookedPeriodOf({ priceUnit: 'day', duration: 7 }, ad)).toEqual({ from: new Date('2026-03-08T15:00:00.000Z'), to: new Date('2026-03-15T14:59:59.999Z') });
    expect(bookedPeriodOf({ priceUnit: 'second', duration: 15 }, ad)).toEqual({ from: new Date('2026-03-08T15:00:00.000Z'), to: new Date('2026-03-22T14:59:59.999Z') });
    // A day booking longer than the package ends with the ad.
    expect(bookedPeriodOf({ priceUnit: 'day', duration: 30 }, ad).to).toEqual(new Date('2026-03-22T14:59:59.999Z'));
  });

  it('a capture counts from the first to the last millisecond of the booking, and not one outside', () => {
    const period = bookedPeriodOf({ priceUnit: 'day', duration: 1 }, { adStartDate: '2026-03-09', adEndDate: '2026-03-09' });
    expect(isWithinBooking(new Date('2026-03-08T15:00:00.000Z'), period)).toBe(true);
    expect(isWithinBooking(new Date('2026-03-09T14:59:59.999Z'), period)).toBe(true);
    expect(isWithinBooking(new Date('2026-03-08T14:59:59.999Z'), period)).toBe(false);
    expect(isWithinBooking(new Date('2026-03-09T15:00:00.000Z'), period)).toBe(false);
  });

  it('measures the distance from a medium in whole meters', () => {
    const gangnam = { latitude: 37.497942, longitude: 127.027621 };
    expect(distanceInMeters(gangnam, gangnam)).toBe(0);
    // One thousandth of a degree of latitude is about 111 m anywhere.
    expect(distanceInMeters(gangnam, { ...gangnam, latitude: gangnam.latitude + 0.001 })).toBe(111);
    // Gangnam station to Seoul station: about 8.0 km as the crow flies.
    const seoulStation = { latitude: 37.554648, longitude: 126.970702 };
    expect(distanceInMeters(gangnam, seoulStation)).toBeGreaterThan(7_900);
    expect(distanceInMeters(gangnam, seoulStation)).toBeLessThan(8_200);
    expect(distanceInMeters(gangnam, seoulStation)).toBe(distanceInMeters(seoulStation, gangnam));
  });

  it('a medium is proven with a proof, not due before its ad runs, due until the due time and overdue after', () => {
    const dueAt = new Date('2026-03-12T14:59:59.999Z');
    const before = new Date('2026-03-12T14:59:59.999Z');
    const after = new Date('2026-03-12T15:00:00.000Z');
    expect(mediumProofStatus({ proven: true, adStarted: true, dueAt, now: after })).toBe('proven');
    expect(mediumProofStatus({ proven: false, adStarted: false, dueAt, now: after })).toBe('not_due');
    expect(mediumProofStatus({ proven: false, adStarted: true, dueAt, now: before })).toBe('due');
    expect(mediumProofStatus({ proven: false, adStarted: true, dueAt, now: after })).toBe('overdue');
  });

  it("a project's proof is proven when every medium is, else its most pressing medium's", () => {
    expect(projectProofStatus(['proven', 'proven'])).toBe('proven');
    expect(projectProofStatus(['proven', 'due', 'overdue'])).toBe('overdue');
    expect(projectProofStatus(['proven', 'due'])).toBe('due');
    expect(projectProofStatus(['not_due', 'proven'])).toBe('not_due');
    expect(projectProofStatus([])).toBe('not_due');
  });
});

import { addDays, endOfKstDay, startOfKstDay, type KstDate } from './project-rules.ts';

/**
 * Proof of each booked medium (docs/product.md#execution): when a medium's ad runs, when its proof
 * is due, how far a photo was taken from it, and what the proof section says of it. Pure, so the
 * API and its tests share one reading.
 */

/** A proof is due by the end (23:59:59 KST) of this many days after the ad start. */
export const proofDueDays = 3;
/** A photo taken farther than this from the medium's coordinates is accepted but flagged. */
export const farFromMediumMeters = 1_000;

export type ProofStatus = 'not_due' | 'due' | 'proven' | 'overdue';

/** The last instant a project's proof is on time: 23:59:59.999 KST of the third day after the ad start. */
export function proofDueAt(adStartDate: KstDate): Date {
  return endOfKstDay(addDays(adStartDate, proofDueDays));
}

/**
 * The period a medium was booked for, as instants: from 00:00 KST of the ad start, for `duration`
 * days when it is sold by the day, else (a spot of N seconds, shown all through) the whole ad period.
 */
export function bookedPeriodOf(medium: { priceUnit: 'day' | 'second'; duration: number }, ad: { adStartDate: KstDate; adEndDate: KstDate }): { from: Date; to: Date } {
  const lastDay = medium.priceUnit === 'day' ? addDays(ad.adStartDate, medium.duration - 1) : ad.adEndDate;
  // A day-priced booking never outlasts the package (the request's rules), but the earlier end wins if it did.
  return { from: startOfKstDay(ad.adStartDate), to: endOfKstDay(lastDay < ad.adEndDate ? lastDay : ad.adEndDate) };
}

export function isWithinBooking(capturedAt: Date, period: { from: Date; to: Date }): boolean {
  return capturedAt.getTime() >= period.from.getTime() && capturedAt.getTime() <= period.to.getTime();
}

const earthRadiusMeters = 6_371_008.8;

/** The great-circle distance in whole meters (haversine on the mean Earth radius: well within a meter at city scale). */
export function distanceInMeters(from: { latitude: number; longitude: number }, to: { latitude: number; longitude: number }): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLatitude = radians(to.latitude - from.latitude);
  const dLongitude = radians(to.longitude - from.longitude);
  const a = Math.sin(dLatitude / 2) ** 2 + Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLongitude / 2) ** 2;
  return Math.round(2 * earthRadiusMeters * Math.asin(Math.min(1, Math.sqrt(a))));
}

/**
 * One medium's standing: proven once it holds a proof not withdrawn; otherwise not due while the ad
 * has not started (or never will), due until `dueAt`, overdue after it.
 */
export function mediumProofStatus(input: { proven: boolean; adStarted: boolean; dueAt: Date; now: Date }): ProofStatus {
  if (input.proven) return 'proven';
  if (!input.adStarted) return 'not_due';
  return input.now.getTime() > input.dueAt.getTime() ? 'overdue' : 'due';
}

/** The project's standing from its media': proven when every one is; else the most pressing of the rest. */
export function projectProofStatus(media: readonly ProofStatus[]): ProofStatus {
  if (media.length > 0 && media.every((status) => status === 'proven')) return 'proven';
  for (const status of ['overdue', 'due'] as const) if (media.includes(status)) return status;
  return 'not_due';
}

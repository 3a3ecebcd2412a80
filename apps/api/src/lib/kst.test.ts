import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addKstDays, addKstMonths, endOfKstDay, kstDateOf, startOfKstDay } from './kst.ts';

describe('KST calendar', () => {
  it('puts 15:00 UTC on the next KST day and 14:59:59.999 UTC on the same one', () => {
    expect(kstDateOf(new Date('2026-11-22T14:59:59.999Z'))).toBe('2026-11-22');
    expect(kstDateOf(new Date('2026-11-22T15:00:00.000Z'))).toBe('2026-11-23');
  });

  it('ends a KST day at 23:59:59.999 KST', () => {
    expect(endOfKstDay('2026-11-22').toISOString()).toBe('2026-11-22T14:59:59.999Z');
    expect(startOfKstDay('2026-11-23').toISOString()).toBe('2026-11-22T15:00:00.000Z');
  });

  it('clamps month arithmetic to the last day of shorter months', () => {
    expect(addKstMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addKstMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addKstMonths('2026-11-22', 60)).toBe('2031-11-22');
    expect(addKstMonths('2026-12-15', 1)).toBe('2027-01-15');
  });

  it('keeps every instant inside its own KST day', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (instant) => {
        const date = kstDateOf(instant);
        expect(startOfKstDay(date).getTime()).toBeLessThanOrEqual(instant.getTime());
        expect(endOfKstDay(date).getTime()).toBeGreaterThanOrEqual(instant.getTime());
        expect(kstDateOf(new Date(endOfKstDay(date).getTime() + 1))).toBe(addKstDays(date, 1));
      }),
    );
  });
});

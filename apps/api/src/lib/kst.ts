/**
 * Korea Standard Time: UTC+9 all year (no daylight saving), so calendar arithmetic is exact with a
 * fixed offset. Every business "day" is a KST calendar day (docs/product.md#time).
 */
const kstOffsetMs = 9 * 3_600_000;
const dayMs = 86_400_000;

/** A KST calendar date as `YYYY-MM-DD`. */
export type KstDate = string;

export function kstDateOf(instant: Date): KstDate {
  return new Date(instant.getTime() + kstOffsetMs).toISOString().slice(0, 10);
}

/** 00:00:00.000 KST of a date, as an instant. */
export function startOfKstDay(date: KstDate): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - kstOffsetMs);
}

/** The last millisecond of a KST date (23:59:59.999), as an instant. */
export function endOfKstDay(date: KstDate): Date {
  return new Date(startOfKstDay(date).getTime() + dayMs - 1);
}

export function addKstDays(date: KstDate, days: number): KstDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/**
 * The same day `months` later; a day the target month lacks (31st, 29 February) becomes the
 * month's last day, as people count "one month after 31 January".
 */
export function addKstMonths(date: KstDate, months: number): KstDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const targetMonthIndex = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(targetMonthIndex / 12);
  const targetMonth = (targetMonthIndex % 12) + 1;
  const daysInTarget = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const targetDay = Math.min(day, daysInTarget);
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth).padStart(2, '0')}-${String(targetDay).padStart(2, '0')}`;
}

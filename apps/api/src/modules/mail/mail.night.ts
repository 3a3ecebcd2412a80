/**
 * The night-time rule (docs/product.md#night-time): a promotional mail due between 21:00 and 08:00
 * KST waits until 08:00 KST, unless the recipient's night-time consent is on; a transactional mail
 * leaves at once. Pure, so tests hold it at its edges (20:59, 21:00, 07:59, 08:00).
 */
const kstOffsetMs = 9 * 3_600_000;
const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
export const nightStartsKstHour = 21;
export const nightEndsKstHour = 8;

/** The earliest instant the mail may leave: `now`, or 08:00 KST after a night-time `now` for a promotional mail without consent. */
export function mailSendableFrom(now: Date, { promotional, nightConsent }: { promotional: boolean; nightConsent: boolean }): Date {
  if (!promotional || nightConsent) return now;
  const kstMs = now.getTime() + kstOffsetMs;
  const startOfKstDayMs = Math.floor(kstMs / dayMs) * dayMs;
  const hour = Math.floor((kstMs - startOfKstDayMs) / hourMs);
  if (hour >= nightEndsKstHour && hour < nightStartsKstHour) return now;
  const morningKstMs = startOfKstDayMs + nightEndsKstHour * hourMs + (hour >= nightStartsKstHour ? dayMs : 0);
  return new Date(morningKstMs - kstOffsetMs);
}

import type { Charge, PointCurrency } from '@orchard/shared';
import type * as Shared from '@orchard/shared';

/** decisions (Points): 1 Orange = 13 Berry. Kept here (types only from shared) and checked against it. */
export const berryPerOrange = 13;
const berryRateMatchesShared: typeof Shared.berryPerOrange = berryPerOrange;
void berryRateMatchesShared;

/** The most Orange one exchange may name (the API's pointAmountSchema). */
export const maxExchangeOrange = 100_000_000;

export type ExchangeCheck =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'insufficient'; orange: number; berry: number }
  | { kind: 'ok'; orange: number; berry: number };

export function berryForOrange(orange: number): number {
  return orange * berryPerOrange;
}

/** What the exchange form's input means: a whole number of Orange, at least 1, at most the balance. */
export function checkExchange(input: string, availableOrange: number | null): ExchangeCheck {
  const text = input.trim();
  if (text === '') return { kind: 'empty' };
  if (!/^[0-9]{1,9}$/.test(text)) return { kind: 'invalid' };
  const orange = Number(text);
  if (orange < 1 || orange > maxExchangeOrange) return { kind: 'invalid' };
  const berry = berryForOrange(orange);
  if (availableOrange !== null && orange > availableOrange) return { kind: 'insufficient', orange, berry };
  return { kind: 'ok', orange, berry };
}

/** decisions (Points): a refund within 7 × 24 h of payment. */
export const refundWindowMs = 7 * 24 * 60 * 60 * 1000;

export type RefundRefusal = 'refund_already_refunded' | 'refund_in_progress' | 'refund_not_paid' | 'refund_window_passed' | 'refund_points_used';

/**
 * Why a charge cannot be refunded, for the history detail (the server's `refundable` decides; this
 * only names the reason, in the order the server checks them).
 */
export function refundRefusal(charge: Charge, now: Date): RefundRefusal | null {
  if (charge.refundable) return null;
  if (charge.status === 'refunded') return 'refund_already_refunded';
  if (charge.status === 'refunding') return 'refund_in_progress';
  if (charge.status !== 'confirmed' || charge.paidAt === null) return 'refund_not_paid';
  if (now.getTime() - new Date(charge.paidAt).getTime() > refundWindowMs) return 'refund_window_passed';
  return 'refund_points_used';
}

/** A signed amount as the history shows it: credits with a plus sign, debits with a minus sign. */
export function signedAmount(amount: number, formatted: string): string {
  if (amount > 0) return `+${formatted}`;
  if (amount < 0) return `\u2212${formatted.replace(/^-/, '')}`;
  return formatted;
}

export const currencyDotClass: Record<PointCurrency, string> = { orange: 'dot dot--orange', berry: 'dot dot--berry' };

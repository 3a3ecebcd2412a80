import { berryPerOrange, pointAmountMax } from '@orchard/shared/points-rules';

/** What the exchange field holds, read as the user meant it, or why it cannot be exchanged. */
export type ExchangeCheck =
  | { kind: 'empty' }
  | { kind: 'not_digits' }
  | { kind: 'fraction' }
  | { kind: 'not_positive' }
  | { kind: 'too_large' }
  | { kind: 'over_balance'; orange: number; available: number }
  | { kind: 'ok'; orange: number; berry: number };

/**
 * The exchange field's text as a whole number of Orange (docs/product.md#exchange). Full-width
 * digits (a Japanese or Chinese keyboard) and correctly placed thousands separators are read as
 * the same number; anything else is refused with its reason rather than rewritten, so what is
 * exchanged is always what the user typed.
 */
export function checkExchange(input: string, availableOrange: number | null): ExchangeCheck {
  // NFKC turns full-width digits, signs and points into their ASCII forms ("１２" → "12").
  const text = input.normalize('NFKC').trim();
  if (text === '') return { kind: 'empty' };
  if (/^[+-]?\d+([.,]\d+)?$/.test(text) && /^-/.test(text)) return { kind: 'not_positive' };
  if (/^\d*\.\d+$/.test(text)) return { kind: 'fraction' };
  const digits = /^\d{1,3}(,\d{3})+$/.test(text) ? text.replaceAll(',', '') : text;
  if (!/^\+?\d+$/.test(digits)) return { kind: 'not_digits' };
  const orange = Number(digits.replace(/^\+/, ''));
  if (orange < 1) return { kind: 'not_positive' };
  if (orange > pointAmountMax) return { kind: 'too_large' };
  if (availableOrange !== null && orange > availableOrange) return { kind: 'over_balance', orange, available: availableOrange };
  return { kind: 'ok', orange, berry: orange * berryPerOrange };
}

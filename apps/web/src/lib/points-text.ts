import type { Language } from '@orchard/shared';
import type { PointCurrency } from '@orchard/shared/points-rules';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatNumber } from './format.ts';
import { useLanguageAndCurrencyStore } from './stores/language-and-currency.ts';

/** A signed amount as the history shows it: credits with a plus sign, debits with a true minus sign. */
export function signedAmount(amount: number, formatted: string): string {
  if (amount > 0) return `+${formatted}`;
  if (amount < 0) return `\u2212${formatted.replace(/^-/, '')}`;
  return formatted;
}

/**
 * The one way an amount of points is written (docs/product.md#points): the number in the
 * language's digits and the currency's name in that language, in its word order ("1,050 오렌지",
 * "1,050オレンジ", "1,050 橙子", "1,050 Orange"). `signed` writes credits and debits as the history does.
 */
export function formatPoints(t: TFunction, language: Language, amount: number, currency: PointCurrency, options: { signed?: boolean } = {}): string {
  const number = options.signed ? signedAmount(amount, formatNumber(Math.abs(amount), language)) : formatNumber(amount, language);
  return t(`common:points.amount.${currency}`, { amount: number });
}

/** `formatPoints` for one currency in the viewer's language: `pointsText(1200)` → "1,200 오렌지". */
export function usePointsText(currency: PointCurrency) {
  const { t } = useTranslation('common');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  return (amount: number, options?: { signed?: boolean }) => formatPoints(t, language, amount, currency, options);
}

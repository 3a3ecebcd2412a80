import { useTranslation } from 'react-i18next';
import { formatNumber } from './format.ts';
import { useLanguageAndCurrencyStore } from './stores/language-and-currency.ts';

type PriceUnit = 'day' | 'second';

/** "30 Orange per day" / "2 Orange per second": a medium's price in its unit. */
export function usePriceText() {
  const { t } = useTranslation('mediaDetail');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  return (medium: { price: number; priceUnit: PriceUnit }) => t(`price.per.${medium.priceUnit}`, { price: formatNumber(medium.price, language) });
}

/** "7 days" / "15 seconds": a duration in a medium's unit. */
export function useDurationText() {
  const { t } = useTranslation('mediaDetail');
  return (unit: PriceUnit, value: number) => t(`duration.${unit}`, { count: value });
}

/** "1,200 Orange". */
export function useOrangeText() {
  const { t } = useTranslation('mediaDetail');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  return (amount: number) => t('orange', { amount: formatNumber(amount, language) });
}

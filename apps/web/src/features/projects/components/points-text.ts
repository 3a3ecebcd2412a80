import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';

/** "1,200 Orange" for a project, "1,200 Berry" for an event. */
export function usePointsText(currency: 'orange' | 'berry') {
  const { t } = useTranslation('projectDetail');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  return (amount: number) => t(`points.${currency}`, { amount: formatNumber(amount, language) });
}

import { useTranslation } from 'react-i18next';
import { usePointsText } from './points-text.ts';

type PriceUnit = 'day' | 'second';

/** "30 Orange per day" / "2 Orange per second": a medium's price in its unit. */
export function usePriceText() {
  const { t } = useTranslation('mediaDetail');
  const pointsText = usePointsText('orange');
  return (medium: { price: number; priceUnit: PriceUnit }) => t(`price.per.${medium.priceUnit}`, { price: pointsText(medium.price) });
}

/** "7 days" / "15 seconds": a duration in a medium's unit. */
export function useDurationText() {
  const { t } = useTranslation('mediaDetail');
  return (unit: PriceUnit, value: number) => t(`duration.${unit}`, { count: value });
}

import { useTranslation } from 'react-i18next';
import { useDisplayAmount } from '../../../lib/exchange-rates.ts';
import { formatKrw } from '../../../lib/format.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';

/**
 * What is charged or was paid: always in won (docs/product.md#currencies), with the amount in
 * another display currency after it as a hint ("₩100,000 ≈ $71.00").
 */
export function KrwAmount({ amountKrw, testId }: { amountKrw: number; testId?: string }) {
  const { t } = useTranslation('common');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const currency = useLanguageAndCurrencyStore((state) => state.currency);
  const { format } = useDisplayAmount();
  const converted = currency === 'KRW' ? null : format(amountKrw);
  return (
    <span className="krw-amount" data-testid={testId}>
      {formatKrw(amountKrw, language)}
      {converted ? <span className="krw-amount__hint">{t('money.approximately', { amount: converted })}</span> : null}
    </span>
  );
}

import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useBalances } from '../api/get-balances.ts';
import './points.css';

/** My page's points owned (docs/product.md#screens): Orange purchased plus bonus "additional earned", and Berry. */
export function PointsOwned() {
  const { t } = useTranslation(['myPage', 'common']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const balances = useBalances();
  if (balances.isError) return <p className="form-message form-message--error">{apiErrorMessage(t, balances.error)}</p>;
  const amount = (value: number | undefined) => (value === undefined ? t('myPage:points.pendingAmount') : formatNumber(value, language));
  const orange = balances.data?.orange;
  const berry = balances.data?.berry;
  return (
    <ul className="points-card__kinds" aria-busy={balances.isPending}>
      <li className="balance-row">
        <span className="dot dot--orange" aria-hidden="true" />
        <span className="balance-row__name">{t('common:points.orange')}</span>
        <span className="balance-row__total" data-testid="orange-balance">
          {amount(orange?.total)}
        </span>
        <span className="balance-row__detail">
          {t('myPage:points.purchased', { amount: amount(orange?.purchased) })}
          <span aria-hidden="true" className="balance-row__sep" />
          {t('myPage:points.additionalEarned', { amount: amount(orange?.bonus) })}
        </span>
      </li>
      <li className="balance-row">
        <span className="dot dot--berry" aria-hidden="true" />
        <span className="balance-row__name">{t('common:points.berry')}</span>
        <span className="balance-row__total" data-testid="berry-balance">
          {amount(berry?.total)}
        </span>
        <span className="balance-row__detail">{t('common:points.berryNote')}</span>
      </li>
    </ul>
  );
}

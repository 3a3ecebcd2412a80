import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { Button, Spinner } from '../../../components/ui/primitives.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { usePointsText } from '../../../lib/points-text.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { usePackages } from '../api/get-packages.ts';
import { KrwAmount } from './krw-amount.tsx';

/** The payment tab: the charge packages with their bonus, priced in won as charged (tax included), the display currency as a hint. */
export function ChargePackages() {
  const { t } = useTranslation(['myPage', 'common']);
  const navigate = useNavigate();
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const packages = usePackages();
  const orangeText = usePointsText('orange');
  const [selected, setSelected] = useState<string | null>(null);
  if (packages.isPending) return <Spinner label={t('common:loading')} />;
  if (packages.isError) return <p className="form-message form-message--error">{apiErrorMessage(t, packages.error)}</p>;
  const chosen = selected ?? packages.data.items[0]?.id ?? null;
  return (
    <div className="stack">
      <ul className="package-list" aria-label={t('myPage:charge.packagesLabel')}>
        {packages.data.items.map((item) => (
          <li key={item.id}>
            <button type="button" className="package-option" aria-pressed={item.id === chosen} onClick={() => setSelected(item.id)}>
              <span className="dot dot--orange" aria-hidden="true" />
              <span className="package-option__main">
                <span className="package-option__orange">{orangeText(item.orange)}</span>
                {item.bonusOrange > 0 ? (
                  <span className="package-option__bonus">
                    {t('myPage:charge.bonus', { amount: formatNumber(item.bonusOrange, language), percent: item.bonusPercent })}
                  </span>
                ) : null}
              </span>
              <span className="package-option__price">
                <KrwAmount amountKrw={item.priceKrw} />
              </span>
            </button>
          </li>
        ))}
      </ul>
      <p className="form-hint">{t('myPage:charge.taxIncluded')}</p>
      <div className="bottom-action">
        <Button block disabled={chosen === null} onClick={() => chosen && void navigate(`${paths.payment}?${new URLSearchParams({ package: chosen })}`)}>
          {t('myPage:charge.next')}
        </Button>
      </div>
    </div>
  );
}

import type { Currency, Language } from '@orchard/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '../../../components/ui/bottom-sheet.tsx';
import { CheckIcon, ChevronDownIcon } from '../../../components/ui/icons.tsx';
import { useDisplayAmount, orangePriceKrw } from '../../../lib/exchange-rates.ts';
import { formatKstCalendarDay } from '../../../lib/format.ts';
import { currencies, languages } from '../../../lib/locale.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useShellStore } from '../../../lib/stores/shell.ts';
import { useUserInfoStore } from '../../../lib/stores/user-info.ts';
import { useUpdateCurrencyAndLanguage } from '../api/update-currency-and-language.ts';
import { useUnsentChoicesStore } from '../stores/unsent-choices.ts';
import './language-and-currency-sheet.css';

type Section = 'language' | 'currency';

/** Each language names itself, so a reader who chose the wrong one can still find theirs. */
const languageAutonyms: Record<Language, string> = { ko: '한국어', en: 'English', zh: '中文', ja: '日本語', es: 'Español' };

/**
 * docs/product.md#screens: two accordion sections, one open at a time, language first. A choice applies locally
 * at once and, when a user id exists, is sent to the server one field per call; signed out, it is sent at sign-in.
 */
export function LanguageAndCurrencySheet() {
  const { t } = useTranslation('common');
  const [openSection, setOpenSection] = useState<Section>('language');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const currency = useLanguageAndCurrencyStore((state) => state.currency);
  const setLanguage = useLanguageAndCurrencyStore((state) => state.setLanguage);
  const setCurrency = useLanguageAndCurrencyStore((state) => state.setCurrency);
  const userId = useUserInfoStore((state) => state.id);
  const close = useShellStore((state) => state.closeLanguageAndCurrencySheet);
  const update = useUpdateCurrencyAndLanguage();
  // Signed out, the choice waits for the sign-in (docs/product.md#accounts).
  const markUnsent = useUnsentChoicesStore((state) => state.mark);
  const { format, asOf } = useDisplayAmount();
  const languagePanelId = useId();
  const currencyPanelId = useId();

  const chooseLanguage = (next: Language) => {
    setLanguage(next);
    if (userId) update.mutate({ language: next });
    else markUnsent('language');
  };
  const chooseCurrency = (next: Currency) => {
    setCurrency(next);
    if (userId) update.mutate({ currency: next });
    else markUnsent('currency');
  };
  const orangePrice = format(orangePriceKrw);

  return (
    <BottomSheet open onClose={close} title={t('languageCurrency.title')} closeLabel={t('actions.close')}>
      <div className="accordion">
        <h3 className="accordion__heading">
          <button
            type="button"
            className="accordion__trigger"
            aria-expanded={openSection === 'language'}
            aria-controls={languagePanelId}
            onClick={() => setOpenSection('language')}
          >
            <span>{t('languageCurrency.language')}</span>
            <span className="accordion__value">{languageAutonyms[language]}</span>
            <ChevronDownIcon className="accordion__chevron" width={20} height={20} />
          </button>
        </h3>
        {openSection === 'language' ? (
          <ul id={languagePanelId} className="option-list" aria-label={t('languageCurrency.language')}>
            {languages.map((option) => (
              <li key={option}>
                <button type="button" className="option-list__option" aria-pressed={option === language} onClick={() => chooseLanguage(option)}>
                  <span lang={option}>{languageAutonyms[option]}</span>
                  <span className="option-list__hint">{t(`languageCurrency.languages.${option}`)}</span>
                  {option === language ? <CheckIcon className="option-list__check" width={20} height={20} /> : null}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <h3 className="accordion__heading">
          <button
            type="button"
            className="accordion__trigger"
            aria-expanded={openSection === 'currency'}
            aria-controls={currencyPanelId}
            onClick={() => setOpenSection('currency')}
          >
            <span>{t('languageCurrency.currency')}</span>
            <span className="accordion__value">{currency}</span>
            <ChevronDownIcon className="accordion__chevron" width={20} height={20} />
          </button>
        </h3>
        {openSection === 'currency' ? (
          <div id={currencyPanelId}>
            <ul className="option-list" aria-label={t('languageCurrency.currency')}>
              {currencies.map((option) => (
                <li key={option}>
                  <button type="button" className="option-list__option" aria-pressed={option === currency} onClick={() => chooseCurrency(option)}>
                    <span>{option}</span>
                    <span className="option-list__hint">{t(`languageCurrency.currencies.${option}`)}</span>
                    {option === currency ? <CheckIcon className="option-list__check" width={20} height={20} /> : null}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      {orangePrice ? (
        <p className="sheet-note" data-testid="orange-price">
          {t('languageCurrency.orangePrice', { price: orangePrice })}
          {asOf ? <span className="sheet-note__date">{t('languageCurrency.ratesAsOf', { date: formatKstCalendarDay(asOf, language) })}</span> : null}
        </p>
      ) : null}
    </BottomSheet>
  );
}

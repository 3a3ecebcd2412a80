import type { PaymentMethod } from '@orchard/shared';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, Spinner } from '../../../components/ui/primitives.tsx';
import { useDisplayAmount } from '../../../lib/exchange-rates.ts';
import { formatCurrency, formatNumber } from '../../../lib/format.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useCreateCharge } from '../api/create-charge.ts';
import { usePackages } from '../api/get-packages.ts';
import { useActionKey } from '../hooks/use-action-key.ts';
import './points.css';

/** decisions (Points): the sample payment methods, in the API's names. */
export const paymentMethodOptions = ['card', 'bank_transfer', 'kakao_pay', 'naver_pay', 'toss_pay'] as const satisfies readonly PaymentMethod[];

/** Leaves the app for the gateway's checkout page; it comes back through /api/payments/return/*. */
export function goToCheckout(url: string) {
  window.location.assign(url);
}

/**
 * The checkout page in the language the app shows now. Only a page on the app's own origin (the
 * sandbox gateway, served by the API) takes `lang`; a real gateway's address is left as it is.
 */
export function checkoutInLanguage(url: string, language: string, origin = window.location.origin): string {
  const target = new URL(url, origin);
  if (target.origin !== origin) return url;
  target.searchParams.set('lang', language);
  return target.href;
}

/** spec §2 Payment: the chosen package, a payment method, then the gateway. */
export function PaymentMethods() {
  const { t } = useTranslation(['myPage', 'common']);
  const [search] = useSearchParams();
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const currency = useLanguageAndCurrencyStore((state) => state.currency);
  const { format } = useDisplayAmount();
  const packages = usePackages();
  const createCharge = useCreateCharge();
  const actionKey = useActionKey();
  const [method, setMethod] = useState<PaymentMethod>('card');
  if (packages.isPending) return <Spinner label={t('common:loading')} />;
  if (packages.isError) return <p className="form-message form-message--error">{apiErrorMessage(t, packages.error)}</p>;
  const item = packages.data.items.find((candidate) => candidate.id === search.get('package'));
  if (!item) {
    return (
      <EmptyState
        message={t('myPage:payment.noPackage')}
        action={
          <Link to="/my-page/point-charge" className="button button--secondary">
            {t('myPage:payment.choosePackage')}
          </Link>
        }
      />
    );
  }
  const krw = formatCurrency(item.priceKrw, 'KRW', language);
  const pay = () =>
    createCharge.mutate(
      { packageId: item.id, method, idempotencyKey: actionKey.keyFor(`charge:${item.id}:${method}`) },
      {
        onSuccess: ({ checkoutUrl }) => {
          actionKey.settle(null);
          goToCheckout(checkoutInLanguage(checkoutUrl, language));
        },
        onError: (cause) => actionKey.settle(cause),
      },
    );
  return (
    <div className="stack">
      <section className="card" aria-labelledby="payment-order-title">
        <h2 id="payment-order-title" className="card__title">
          {t('myPage:payment.order')}
        </h2>
        <dl className="detail-list">
          <div className="detail-list__row">
            <dt>{t('myPage:payment.charge')}</dt>
            <dd>{t('myPage:points.orangeAmount', { amount: formatNumber(item.orange, language) })}</dd>
          </div>
          {item.bonusOrange > 0 ? (
            <div className="detail-list__row">
              <dt>{t('myPage:points.bonusLabel')}</dt>
              <dd>{t('myPage:points.orangeAmount', { amount: formatNumber(item.bonusOrange, language) })}</dd>
            </div>
          ) : null}
          <div className="detail-list__row detail-list__row--total">
            <dt>{t('myPage:payment.price')}</dt>
            <dd>{format(item.priceKrw) ?? krw}</dd>
          </div>
        </dl>
        <p className="form-hint">{currency === 'KRW' ? t('myPage:charge.taxIncluded') : t('myPage:payment.paidInKrw', { amount: krw })}</p>
      </section>
      <fieldset className="method-list">
        <legend className="section-title">{t('myPage:payment.methodsLabel')}</legend>
        {paymentMethodOptions.map((option) => (
          <label key={option} className="method-option">
            <input type="radio" name="payment-method" value={option} checked={method === option} onChange={() => setMethod(option)} className="method-option__input" />
            <span className="method-option__radio" aria-hidden="true" />
            <span className="method-option__label">{t(`myPage:payment.methods.${option}`)}</span>
          </label>
        ))}
      </fieldset>
      {createCharge.isError ? (
        <p className="form-message form-message--error" role="alert">
          {apiErrorMessage(t, createCharge.error)}
        </p>
      ) : null}
      <div className="bottom-action">
        <p className="bottom-action__hint">{t('myPage:payment.gatewayNote')}</p>
        <Button block disabled={createCharge.isPending || createCharge.isSuccess} onClick={pay}>
          {createCharge.isPending || createCharge.isSuccess ? t('myPage:payment.redirecting') : t('myPage:payment.pay', { amount: format(item.priceKrw) ?? krw })}
        </Button>
      </div>
    </div>
  );
}

import type { PaymentMethod } from '@orchard/shared';
import { useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { Button, EmptyState, Spinner } from '../../../components/ui/primitives.tsx';
import { formatKrw } from '../../../lib/format.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { usePointsText } from '../../../lib/points-text.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useCreateCharge } from '../api/create-charge.ts';
import { usePackages } from '../api/get-packages.ts';
import { goToCheckout, rememberDeparture } from '../checkout/checkout-history.ts';
import { useActionKey } from '../hooks/use-action-key.ts';
import { KrwAmount } from './krw-amount.tsx';
import './points.css';

/** The sample payment methods (docs/product.md#payments), in the API's names. */
export const paymentMethodOptions = ['card', 'bank_transfer', 'kakao_pay', 'naver_pay', 'toss_pay'] as const satisfies readonly PaymentMethod[];

const refundRuleKeys = ['window', 'untouched', 'bonus', 'whole'] as const;

/** The refund rules in short, as the buyer must see them before paying (docs/product.md#refunds). */
function RefundRules() {
  const { t } = useTranslation('myPage');
  const titleId = useId();
  return (
    <section className="card card--quiet" role="region" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('payment.refunds.title')}
      </h2>
      <ul className="rule-list">
        {refundRuleKeys.map((key) => (
          <li key={key}>{t(`payment.refunds.${key}`)}</li>
        ))}
      </ul>
    </section>
  );
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

/** The chosen package, a payment method, the purchase consent, then the gateway (docs/product.md#payments). */
export function PaymentMethods() {
  const { t } = useTranslation(['myPage', 'common']);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const orangeText = usePointsText('orange');
  const packages = usePackages();
  const createCharge = useCreateCharge();
  const actionKey = useActionKey();
  const consentId = useId();
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [consented, setConsented] = useState(false);
  if (packages.isPending) return <Spinner label={t('common:loading')} />;
  if (packages.isError) return <p className="form-message form-message--error">{apiErrorMessage(t, packages.error)}</p>;
  const item = packages.data.items.find((candidate) => candidate.id === search.get('package'));
  if (!item) {
    return (
      <EmptyState
        message={t('myPage:payment.noPackage')}
        action={
          <Link to={paths.pointCharge} className="button button--secondary">
            {t('myPage:payment.choosePackage')}
          </Link>
        }
      />
    );
  }
  const leaving = createCharge.isPending || createCharge.isSuccess;
  const pay = () => {
    if (!consented) return;
    createCharge.mutate(
      { packageId: item.id, method, idempotencyKey: actionKey.keyFor(`charge:${item.id}:${method}`) },
      {
        onSuccess: ({ charge, checkoutUrl }) => {
          actionKey.settle(null);
          // This page's history entry becomes the charge's result: Back from the gateway can never pay twice.
          void navigate(rememberDeparture(charge.id), { replace: true });
          goToCheckout(checkoutInLanguage(checkoutUrl, language));
        },
        onError: (cause) => actionKey.settle(cause),
      },
    );
  };
  return (
    <div className="stack payment-page">
      <section className="card" aria-labelledby="payment-order-title">
        <h2 id="payment-order-title" className="card__title">
          {t('myPage:payment.order')}
        </h2>
        <dl className="detail-list">
          <div className="detail-list__row">
            <dt>{t('myPage:payment.charge')}</dt>
            <dd>{orangeText(item.orange)}</dd>
          </div>
          {item.bonusOrange > 0 ? (
            <div className="detail-list__row">
              <dt>{t('myPage:points.bonusLabel')}</dt>
              <dd>{orangeText(item.bonusOrange)}</dd>
            </div>
          ) : null}
          <div className="detail-list__row detail-list__row--total">
            <dt>{t('myPage:payment.price')}</dt>
            <dd>
              <KrwAmount amountKrw={item.priceKrw} testId="payment-price" />
            </dd>
          </div>
        </dl>
        <p className="form-hint">{t('myPage:payment.paidInKrw')}</p>
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
      <RefundRules />
      <div className="consent">
        <input id={consentId} type="checkbox" className="consent__box" checked={consented} onChange={(event) => setConsented(event.target.checked)} />
        <label htmlFor={consentId} className="consent__label">
          {t('myPage:payment.consent')}
        </label>
        <p className="consent__links">
          <Link to={paths.terms('service')} className="text-link">
            {t('myPage:payment.termsLink')}
          </Link>
        </p>
      </div>
      {createCharge.isError ? (
        <p className="form-message form-message--error" role="alert">
          {apiErrorMessage(t, createCharge.error)}
        </p>
      ) : null}
      <p className="form-hint payment-page__gateway-note">{t('myPage:payment.gatewayNote')}</p>
      <div className="bottom-action">
        {consented ? null : <p className="bottom-action__hint">{t('myPage:payment.consentNeeded')}</p>}
        <Button block disabled={leaving || !consented} onClick={pay}>
          {leaving ? t('myPage:payment.redirecting') : t('myPage:payment.pay', { amount: formatKrw(item.priceKrw, language) })}
        </Button>
      </div>
    </div>
  );
}

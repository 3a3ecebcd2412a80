import type { Charge } from '@orchard/shared';
import type { TFunction } from 'i18next';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { CheckIcon, CloseIcon } from '../../../components/ui/icons.tsx';
import { Button, EmptyState, Spinner } from '../../../components/ui/primitives.tsx';
import { formatKstDate } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/http.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { usePointsText } from '../../../lib/points-text.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useCharge, usePendingPollsExhausted } from '../api/get-charge.ts';
import { forgetDeparture, gatewayEntriesToSkip } from '../checkout/checkout-history.ts';
import { KrwAmount } from './krw-amount.tsx';
import './points.css';

/** The gateway's code for a payment the user cancelled on its page. */
const cancelledByUser = 'PAY_PROCESS_CANCELED';

/**
 * The gateway's decline in the interface language. Only known codes are translated; anything else
 * reads as "no reason given", never the gateway's free text, which anyone could have put in a
 * return address (docs/product.md#payments).
 */
export function failureReason(t: TFunction, failure: Charge['failure']): string {
  const unknown = t('myPage:completedCharge.failureReasons.unknown');
  if (!failure) return unknown;
  return t(`myPage:completedCharge.failureReasons.${failure.code}`, { defaultValue: unknown });
}

/**
 * Arriving back from the gateway, steps back over its pages to the entry the payment page left
 * (this same result): Back then goes to point charge, never to the gateway or a payable page.
 * True while that step is under way.
 */
function useStepOverGatewayPages(chargeId: string): boolean {
  const [skip] = useState(() => gatewayEntriesToSkip(chargeId));
  useLayoutEffect(() => {
    forgetDeparture();
    if (skip > 0) window.history.go(-skip);
  }, [skip]);
  return skip > 0;
}

function isNotFound(error: unknown) {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/**
 * The result of a charge (docs/product.md#payments): confirmed, still pending, cancelled, failed,
 * or refunded. A second visit (Back, a reload, a link) shows the same result and can pay nothing.
 * `wayBack` is the way back to what sent the user to charge (a creation, a project), composed by the route.
 */
export function CompletedCharge({ chargeId, wayBack }: { chargeId: string; wayBack?: ReactNode }) {
  const { t } = useTranslation(['myPage', 'common', 'accounts']);
  const navigate = useNavigate();
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const orangeText = usePointsText('orange');
  const steppingBack = useStepOverGatewayPages(chargeId);
  const charge = useCharge(chargeId, { enabled: !steppingBack });
  const exhausted = usePendingPollsExhausted(chargeId, charge);
  if (steppingBack || charge.isPending) return <Spinner label={t('common:loading')} />;
  if (charge.isError) {
    return isNotFound(charge.error) ? (
      <EmptyState
        message={t('myPage:completedCharge.notFound')}
        action={
          <Link to={paths.pointCharge} replace className="button button--secondary">
            {t('myPage:completedCharge.backToCharge')}
          </Link>
        }
      />
    ) : (
      <p className="form-message form-message--error">{apiErrorMessage(t, charge.error)}</p>
    );
  }
  const data = charge.data;

  if (data.status === 'declined') {
    const cancelled = data.failure?.code === cancelledByUser;
    return (
      <section className="result-card result-card--failed" role="alert" aria-labelledby="charge-result-title">
        <span className="result-card__icon" aria-hidden="true">
          <CloseIcon width={28} height={28} />
        </span>
        <h2 id="charge-result-title" className="result-card__title">
          {cancelled ? t('myPage:completedCharge.cancelled') : t('myPage:completedCharge.failed')}
        </h2>
        <p className="result-card__reason" data-testid="failure-reason">
          {cancelled ? t('myPage:completedCharge.cancelledBody') : failureReason(t, data.failure)}
        </p>
        <Button block variant={wayBack ? 'secondary' : 'primary'} onClick={() => void navigate(paths.pointCharge, { replace: true })}>
          {t('myPage:completedCharge.ok')}
        </Button>
        {wayBack}
      </section>
    );
  }

  if (data.status === 'pending') {
    return (
      <section className="result-card" aria-labelledby="charge-result-title" aria-live="polite">
        <Spinner label={t('myPage:completedCharge.pendingTitle')} />
        <h2 id="charge-result-title" className="result-card__title">
          {t('myPage:completedCharge.pendingTitle')}
        </h2>
        <p className="result-card__reason">{exhausted ? t('myPage:completedCharge.pendingLong') : t('myPage:completedCharge.pendingBody')}</p>
        {exhausted ? (
          <>
            <Button block variant="secondary" disabled={charge.isFetching} onClick={() => void charge.refetch()}>
              {t('myPage:completedCharge.checkAgain')}
            </Button>
            <Link to={paths.pointCharge} replace className="text-link">
              {t('myPage:completedCharge.backToCharge')}
            </Link>
          </>
        ) : null}
        {wayBack}
      </section>
    );
  }

  const refunded = data.status === 'refunded' || data.status === 'refunding';
  return (
    <div className="stack">
      <section className="result-card result-card--ok" aria-labelledby="charge-result-title">
        <span className="result-card__icon" aria-hidden="true">
          <CheckIcon width={28} height={28} />
        </span>
        <h2 id="charge-result-title" className="result-card__title">
          {refunded ? t(`myPage:completedCharge.${data.status}`) : t('myPage:completedCharge.done')}
        </h2>
        <p className="result-card__amount" data-testid="charged-amount">
          {orangeText(data.orange + data.bonusOrange)}
        </p>
        <dl className="detail-list">
          <div className="detail-list__row">
            <dt>{t('myPage:payment.charge')}</dt>
            <dd>{orangeText(data.orange)}</dd>
          </div>
          <div className="detail-list__row">
            <dt>{t('myPage:points.bonusLabel')}</dt>
            <dd>{orangeText(data.bonusOrange)}</dd>
          </div>
          <div className="detail-list__row">
            <dt>{t('myPage:payment.price')}</dt>
            <dd>
              <KrwAmount amountKrw={data.amountKrw} testId="paid-amount" />
            </dd>
          </div>
          <div className="detail-list__row">
            <dt>{t('myPage:history.detail.chargeMethod')}</dt>
            <dd>{t(`myPage:payment.methods.${data.method}`)}</dd>
          </div>
          {data.paidAt ? (
            <div className="detail-list__row">
              <dt>{t('myPage:history.detail.chargeDate')}</dt>
              <dd>{formatKstDate(data.paidAt, language, { withTime: true })}</dd>
            </div>
          ) : null}
        </dl>
      </section>
      {data.status === 'confirmed' || data.status === 'refunded' ? (
        <Link to={paths.receipt(data.id)} className="text-link">
          {t('accounts:links.receipt')}
        </Link>
      ) : null}
      {wayBack}
      <div className="button-row">
        <Link to={paths.pointHistory('orange')} replace className="button button--secondary">
          {t('myPage:home.history')}
        </Link>
        <Link to={paths.myPage} replace className={wayBack ? 'button button--secondary' : 'button button--primary'}>
          {t('myPage:home.title')}
        </Link>
      </div>
    </div>
  );
}

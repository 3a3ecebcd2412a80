import type { Charge } from '@orchard/shared';
import type { TFunction } from 'i18next';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckIcon, CloseIcon } from '../../../components/ui/icons.tsx';
import { Button, EmptyState, Spinner } from '../../../components/ui/primitives.tsx';
import { useDisplayAmount } from '../../../lib/exchange-rates.ts';
import { formatCurrency, formatKstDate, formatNumber } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/http.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useCharge, usePendingPollsExhausted } from '../api/get-charge.ts';
import './points.css';

/** The gateway's decline, in the interface language when the code is a known one, else its own words. */
export function failureReason(t: TFunction, failure: Charge['failure']): string {
  if (!failure) return t('myPage:completedCharge.failureReasons.unknown');
  return t(`myPage:completedCharge.failureReasons.${failure.code}`, { defaultValue: failure.reason || t('myPage:completedCharge.failureReasons.unknown') });
}

function isNotFound(error: unknown) {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** spec §2 Completed-charge: the result of a charge — confirmed, still pending, failed, or refunded. */
export function CompletedCharge({ chargeId }: { chargeId: string }) {
  const { t } = useTranslation(['myPage', 'common']);
  const navigate = useNavigate();
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const { format } = useDisplayAmount();
  const charge = useCharge(chargeId);
  const exhausted = usePendingPollsExhausted(chargeId, charge);
  if (charge.isPending) return <Spinner label={t('common:loading')} />;
  if (charge.isError) {
    return isNotFound(charge.error) ? (
      <EmptyState
        message={t('myPage:completedCharge.notFound')}
        action={
          <Link to="/my-page/point-charge" className="button button--secondary">
            {t('myPage:completedCharge.backToCharge')}
          </Link>
        }
      />
    ) : (
      <p className="form-message form-message--error">{apiErrorMessage(t, charge.error)}</p>
    );
  }
  const data = charge.data;
  const number = (value: number) => formatNumber(value, language);
  const price = format(data.amountKrw) ?? formatCurrency(data.amountKrw, 'KRW', language);

  if (data.status === 'declined') {
    return (
      <section className="result-card result-card--failed" role="alert" aria-labelledby="charge-result-title">
        <span className="result-card__icon" aria-hidden="true">
          <CloseIcon width={28} height={28} />
        </span>
        <h2 id="charge-result-title" className="result-card__title">
          {t('myPage:completedCharge.failed')}
        </h2>
        <p className="result-card__reason" data-testid="failure-reason">
          {failureReason(t, data.failure)}
        </p>
        <Button block onClick={() => void navigate('/my-page/point-charge', { replace: true })}>
          {t('myPage:completedCharge.ok')}
        </Button>
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
          <Button block variant="secondary" disabled={charge.isFetching} onClick={() => void charge.refetch()}>
            {t('myPage:completedCharge.checkAgain')}
          </Button>
        ) : null}
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
          {t('myPage:points.orangeAmount', { amount: number(data.orange + data.bonusOrange) })}
        </p>
        <dl className="detail-list">
          <div className="detail-list__row">
            <dt>{t('myPage:payment.charge')}</dt>
            <dd>{t('myPage:points.orangeAmount', { amount: number(data.orange) })}</dd>
          </div>
          <div className="detail-list__row">
            <dt>{t('myPage:points.bonusLabel')}</dt>
            <dd>{t('myPage:points.orangeAmount', { amount: number(data.bonusOrange) })}</dd>
          </div>
          <div className="detail-list__row">
            <dt>{t('myPage:payment.price')}</dt>
            <dd>{price}</dd>
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
      <div className="button-row">
        <Link to="/my-page/point-history/orange" className="button button--secondary">
          {t('myPage:home.history')}
        </Link>
        <Link to="/my-page" className="button button--primary">
          {t('myPage:home.title')}
        </Link>
      </div>
    </div>
  );
}

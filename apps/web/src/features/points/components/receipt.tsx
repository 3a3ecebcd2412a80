import type { Receipt as ReceiptData } from '@orchard/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, Spinner } from '../../../components/ui/primitives.tsx';
import { ApiError } from '../../../lib/http.ts';
import { formatKrw, formatKstDate, formatNumber } from '../../../lib/format.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useReceipt } from '../api/get-receipt.ts';
import './receipt.css';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="receipt__row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** The receipt itself: what a printer gets (docs/decisions/105-receipts-and-vat.md). Amounts in won, times in KST. */
export function ReceiptSheet({ receipt }: { receipt: ReceiptData }) {
  const { t } = useTranslation(['accounts', 'myPage']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const won = (amount: number) => formatKrw(amount, language);
  const when = (iso: string) => formatKstDate(iso, language, { withTime: true });
  const { purchased, bonus } = receipt.points;
  const item =
    bonus > 0
      ? t('accounts:receipt.itemLine', { purchased: formatNumber(purchased, language), bonus: formatNumber(bonus, language) })
      : t('accounts:receipt.itemOnly', { purchased: formatNumber(purchased, language) });
  return (
    <article className="receipt" aria-labelledby="receipt-heading">
      <header className="receipt__head">
        <h2 id="receipt-heading" className="receipt__title">
          {t('accounts:receipt.heading')}
        </h2>
        <p className="receipt__number" data-testid="receipt-number">
          {receipt.number}
        </p>
        {receipt.refundedAt ? (
          <p className="receipt__refunded" role="note">
            {t('accounts:receipt.refunded')}
          </p>
        ) : null}
      </header>
      <dl className="receipt__list">
        <Row label={t('accounts:receipt.item')} testId="receipt-item">
          {item}
        </Row>
        <Row label={t('accounts:receipt.amount')} testId="receipt-amount">
          <strong>{won(receipt.amountKrw)}</strong>
        </Row>
        <Row label={t('accounts:receipt.supply')} testId="receipt-supply">
          {won(receipt.supplyKrw)}
        </Row>
        <Row label={t('accounts:receipt.vat')} testId="receipt-vat">
          {won(receipt.vatKrw)}
        </Row>
        <Row label={t('accounts:receipt.method')}>{t(`myPage:payment.methods.${receipt.method}`)}</Row>
        <Row label={t('accounts:receipt.approvedAt')}>{when(receipt.approvedAt)}</Row>
        {receipt.refundedAt ? <Row label={t('accounts:receipt.refundedAt')}>{when(receipt.refundedAt)}</Row> : null}
        <Row label={t('accounts:receipt.orderId')}>
          <span className="receipt__code">{receipt.orderId}</span>
        </Row>
        <Row label={t('accounts:receipt.paymentKey')}>
          <span className="receipt__code">{receipt.paymentKeyMasked}</span>
        </Row>
        <Row label={t('accounts:receipt.issuedAt')}>{when(receipt.issuedAt)}</Row>
      </dl>
      <section className="receipt__party" aria-label={t('accounts:receipt.buyer')}>
        <h3 className="receipt__party-title">{t('accounts:receipt.buyer')}</h3>
        <dl className="receipt__list">
          {receipt.buyer.nickname ? <Row label={t('accounts:receipt.nickname')}>{receipt.buyer.nickname}</Row> : null}
          {receipt.buyer.email ? <Row label={t('accounts:receipt.email')}>{receipt.buyer.email}</Row> : null}
        </dl>
      </section>
      <section className="receipt__party" aria-label={t('accounts:receipt.merchant')}>
        <h3 className="receipt__party-title">{t('accounts:receipt.merchant')}</h3>
        <dl className="receipt__list">
          <Row label={t('accounts:receipt.merchantName')}>{receipt.merchant.name}</Row>
          <Row label={t('accounts:receipt.businessNumber')}>{receipt.merchant.businessNumber}</Row>
          <Row label={t('accounts:receipt.address')}>{receipt.merchant.address}</Row>
        </dl>
      </section>
      <p className="receipt__note">{t('accounts:receipt.kst')}</p>
    </article>
  );
}

/**
 * A charge's printable receipt with its Print button; a charge not found (404, 400) or without a
 * receipt yet (409 points.no_receipt) says so in the user's language, with the way back.
 */
export function Receipt({ chargeId }: { chargeId: string }) {
  const { t } = useTranslation(['accounts', 'common']);
  const receipt = useReceipt(chargeId);
  if (receipt.isPending) return <Spinner label={t('common:loading')} />;
  if (receipt.isError) {
    const error = receipt.error;
    const message = error instanceof ApiError && (error.status === 404 || error.status === 400) ? t('accounts:receipt.notFound') : apiErrorMessage(t, error);
    return (
      <EmptyState
        message={message}
        action={
          <Link to={paths.pointHistory('orange')} className="button button--secondary">
            {t('accounts:receipt.backToHistory')}
          </Link>
        }
      />
    );
  }
  return (
    <div className="stack receipt-page">
      <ReceiptSheet receipt={receipt.data} />
      <div className="button-row receipt-page__actions">
        <Link to={paths.pointHistory('orange')} className="button button--secondary">
          {t('accounts:receipt.backToHistory')}
        </Link>
        <Button onClick={() => window.print()}>{t('accounts:receipt.print')}</Button>
      </div>
    </div>
  );
}

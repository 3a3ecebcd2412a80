import type { HistoryEntry } from '@orchard/shared';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '../../../components/ui/bottom-sheet.tsx';
import { Button, Spinner } from '../../../components/ui/primitives.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../lib/paths.ts';
import { formatKstDate } from '../../../lib/format.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { useProjectReferenceName } from '../../../lib/project-reference.ts';
import { formatPoints } from '../../../lib/points-text.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useCharge } from '../api/get-charge.ts';
import { useRefundCharge } from '../api/refund-charge.ts';
import { useActionKey } from '../hooks/use-action-key.ts';
import { refundRefusal } from '@orchard/shared/points-rules';
import { KrwAmount } from './krw-amount.tsx';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="detail-list__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The refund of the charge an Orange charge entry belongs to, or why there is none (docs/product.md#refunds). */
function RefundSection({ chargeId }: { chargeId: string }) {
  const { t } = useTranslation(['myPage', 'common']);
  const charge = useCharge(chargeId);
  const refund = useRefundCharge();
  const actionKey = useActionKey();
  const [confirming, setConfirming] = useState(false);
  if (charge.isPending) return <Spinner label={t('common:loading')} />;
  if (charge.isError) return <p className="form-message form-message--error">{apiErrorMessage(t, charge.error)}</p>;
  const { status, paidAt, refundable } = charge.data;
  // The server's `refundable` decides; the shared rule only names why not (the one reason the
  // page cannot see itself, points used, is what is left when the others do not apply).
  const refusal = refundable ? null : refundRefusal({ status, paidAt: paidAt === null ? null : new Date(paidAt), pointsUsed: true }, new Date());
  if (refusal) {
    const reason = refusal === 'in_progress' ? t('myPage:refund.inProgress') : t(`common:errors.points.refund_${refusal}`);
    return (
      <p className="notice" data-testid="refund-refusal">
        {reason}
      </p>
    );
  }
  const run = () => {
    refund.mutate(
      { chargeId, idempotencyKey: actionKey.keyFor(`refund:${chargeId}`) },
      {
        onSuccess: () => {
          actionKey.settle(null);
          setConfirming(false);
          showToast({ message: t('myPage:refund.done') });
        },
        onError: (cause) => actionKey.settle(cause),
      },
    );
  };
  return (
    <div className="stack stack--tight">
      {refund.isError ? (
        <p className="form-message form-message--error" role="alert">
          {apiErrorMessage(t, refund.error)}
        </p>
      ) : null}
      {confirming ? (
        <>
          <p className="notice">{t('myPage:refund.confirm')}</p>
          <div className="button-row">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button variant="danger" disabled={refund.isPending} onClick={run}>
              {refund.isPending ? t('myPage:refund.working') : t('myPage:refund.confirmAction')}
            </Button>
          </div>
        </>
      ) : (
        <Button variant="secondary" block onClick={() => setConfirming(true)}>
          {t('myPage:refund.action')}
        </Button>
      )}
    </div>
  );
}

/**
 * An entry's type, date, content, amount and transaction id, and of the payment, charge date,
 * usable date, charge method and project those it has: an exchange lists no empty rows.
 */
export function HistoryEntrySheet({ entry, onClose }: { entry: HistoryEntry | null; onClose(): void }) {
  const { t } = useTranslation(['myPage', 'common', 'support', 'accounts']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const projectName = useProjectReferenceName();
  if (!entry) return null;
  const date = (value: string) => formatKstDate(value, language, { withTime: true });
  const canRefund = entry.currency === 'orange' && entry.type === 'charge' && entry.payment !== null;
  return (
    <BottomSheet open onClose={onClose} title={t('myPage:history.detail.title')} closeLabel={t('common:actions.close')}>
      <dl className="detail-list detail-list--sheet">
        <Row label={t('myPage:history.detail.type')}>{t(`myPage:history.types.${entry.type}`)}</Row>
        <Row label={t('myPage:history.detail.date')}>{date(entry.date)}</Row>
        <Row label={t('myPage:history.detail.content')}>{t(`myPage:history.reasons.${entry.content}`)}</Row>
        <Row label={t('myPage:history.detail.amount')}>{formatPoints(t, language, entry.amount, entry.currency, { signed: true })}</Row>
        {entry.payment ? (
          <Row label={t('myPage:history.detail.payment')}>
            <KrwAmount amountKrw={entry.payment.amountKrw} />
          </Row>
        ) : null}
        {entry.chargeMethod ? <Row label={t('myPage:history.detail.chargeMethod')}>{t(`myPage:payment.methods.${entry.chargeMethod}`)}</Row> : null}
        {entry.chargeDate ? <Row label={t('myPage:history.detail.chargeDate')}>{date(entry.chargeDate)}</Row> : null}
        {entry.usableDate ? <Row label={t('myPage:history.detail.usableDate')}>{date(entry.usableDate)}</Row> : null}
        <Row label={t('myPage:history.detail.transactionId')}>
          <span className="detail-list__mono">{entry.transactionId}</span>
        </Row>
        {entry.project ? (
          <Row label={t('myPage:history.detail.project')}>
            <Link to={paths.project(entry.project.id)} className="text-link">
              {projectName(entry.project)}
            </Link>
          </Row>
        ) : null}
      </dl>
      {entry.type === 'charge' && entry.payment ? (
        <Link to={paths.receipt(entry.payment.chargeId)} className="button button--secondary button--block">
          {t('accounts:links.receipt')}
        </Link>
      ) : null}
      {canRefund && entry.payment ? <RefundSection chargeId={entry.payment.chargeId} /> : null}
      {/* An inquiry about this entry, linked to it (docs/product.md#inquiries). */}
      <Link to={`${paths.inquiry}?${new URLSearchParams({ transactionId: entry.transactionId, category: 'FAQC002' }).toString()}`} className="button button--secondary button--block">
        {t('support:entry.ask')}
      </Link>
    </BottomSheet>
  );
}

import type { GuardianRefundPreview, GuardianRefundSpent, OperatorCharge } from '@orchard/shared';
import { guardianRefundReasonMax } from '@orchard/shared';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Button, Card, EmptyState, Spinner } from '../../../components/ui/primitives.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { formatKrw, formatKstDate } from '../../../lib/format.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { usePointsText } from '../../../lib/points-text.ts';
import { useProjectReferenceName } from '../../../lib/project-reference.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useChargeSearch, useGuardianRefund, useGuardianRefundPreview } from '../api/guardian-refunds.ts';

const chargeStatuses = ['pending', 'confirmed', 'declined', 'refunding', 'refunded'] as const;

function SpentPlace({ place }: { place: GuardianRefundSpent }) {
  const { t } = useTranslation('operator');
  const orangeText = usePointsText('orange');
  const projectName = useProjectReferenceName();
  const amount = orangeText(place.orange);
  if (place.project && (place.kind === 'project' || place.kind === 'event')) {
    return (
      <li className="guardian-spent__item">
        <Link to={paths.project(place.project.id)}>{t(`guardianRefunds.spentKind.${place.kind}`, { name: projectName(place.project) })}</Link>
        <span>{amount}</span>
      </li>
    );
  }
  return (
    <li className="guardian-spent__item">
      <span>{t(`guardianRefunds.spentKind.${place.kind}`, { name: '' })}</span>
      <span>{amount}</span>
    </li>
  );
}

/** What the refund takes now, what was spent and where, and the refunds so far (docs/product.md#guardian-cancellation). */
function PreviewSummary({ preview }: { preview: GuardianRefundPreview }) {
  const { t } = useTranslation(['operator', 'common']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const orangeText = usePointsText('orange');
  const { refundable, spent, refunds, refusal } = preview;
  return (
    <div className="stack stack--tight" data-testid="guardian-refund-preview">
      {refusal === null ? (
        <p className="guardian-refundable">
          {t('guardianRefunds.refundable', {
            amount: formatKrw(refundable.amountKrw, language),
            orange: orangeText(refundable.orange),
            bonus: orangeText(refundable.bonusOrange),
          })}
        </p>
      ) : (
        <p className="notice" role="status">
          {t('guardianRefunds.cannot')} {t(`common:errors.${refusal}`)}
        </p>
      )}
      {spent.items.length === 0 ? (
        <p className="request-card__meta">{t('guardianRefunds.spentNone')}</p>
      ) : (
        <>
          <h4 className="field-label guardian-heading">{t('guardianRefunds.spentTitle', { orange: orangeText(spent.orange) })}</h4>
          <ul className="guardian-spent">
            {spent.items.map((place) => (
              <SpentPlace key={place.project ? `p${place.project.id}` : place.kind} place={place} />
            ))}
          </ul>
        </>
      )}
      {refunds.length > 0 ? (
        <>
          <h4 className="field-label guardian-heading">{t('guardianRefunds.history')}</h4>
          <ul className="guardian-spent">
            {refunds.map((refund) => (
              <li key={refund.id} className="request-card__meta">
                {t('guardianRefunds.historyLine', {
                  date: formatKstDate(refund.requestedAt, language, { withTime: true }),
                  amount: formatKrw(refund.amountKrw, language),
                  status: t(`guardianRefunds.refundStatus.${refund.status}`),
                  operator: refund.operator.nickname ?? t('guardianRefunds.operatorDeleted'),
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

function RefundForm({ charge }: { charge: OperatorCharge }) {
  const { t } = useTranslation(['operator', 'common']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const preview = useGuardianRefundPreview(charge.id);
  const refund = useGuardianRefund(charge.id);
  const orangeText = usePointsText('orange');
  const [reason, setReason] = useState('');
  const [inquiry, setInquiry] = useState('');
  const [confirming, setConfirming] = useState(false);
  const reasonId = useId();
  const inquiryId = useId();
  if (preview.isPending) return <Spinner label={t('common:loading')} />;
  if (preview.isError) return <p className="notice notice--error">{apiErrorMessage(t, preview.error)}</p>;
  const data = preview.data;
  const trimmed = reason.trim();
  const inquiryValid = inquiry.trim() === '' || /^[1-9]\d{0,9}$/.test(inquiry.trim());
  const inquiryNumber = inquiry.trim() === '' ? undefined : Number(inquiry.trim());
  const amount = formatKrw(data.refundable.amountKrw, language);
  const canRefund = data.refusal === null && trimmed.length > 0 && inquiryValid && !refund.isPending;
  return (
    <div className="stack stack--tight">
      <PreviewSummary preview={data} />
      {data.refusal === null ? (
        <>
          <label htmlFor={reasonId} className="field-label">
            {t('guardianRefunds.reason')}
          </label>
          <textarea id={reasonId} className="text-field reason-field" maxLength={guardianRefundReasonMax} value={reason} onChange={(event) => setReason(event.target.value)} />
          <label htmlFor={inquiryId} className="field-label">
            {t('guardianRefunds.inquiry')}
          </label>
          <input
            id={inquiryId}
            className="text-field"
            inputMode="numeric"
            value={inquiry}
            aria-invalid={!inquiryValid}
            onChange={(event) => setInquiry(event.target.value)}
          />
          {inquiryValid ? null : <p className="field-message field-message--error">{t('guardianRefunds.inquiryInvalid')}</p>}
          <Button variant="danger" disabled={!canRefund} onClick={() => setConfirming(true)}>
            {t('guardianRefunds.refund', { amount })}
          </Button>
        </>
      ) : null}
      {refund.isError ? (
        <p className="notice notice--error" role="alert">
          {apiErrorMessage(t, refund.error)}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('guardianRefunds.confirm.title')}
        message={
          <div className="stack stack--tight">
            <p>
              {t('guardianRefunds.confirm.message', {
                amount,
                orange: orangeText(data.refundable.orange),
                bonus: orangeText(data.refundable.bonusOrange),
                nickname: charge.fan.nickname ?? t('guardianRefunds.deletedFan'),
              })}
            </p>
            <blockquote className="ops-quote">{trimmed}</blockquote>
          </div>
        }
        confirmLabel={t('guardianRefunds.confirm.confirm')}
        cancelLabel={t('guardianRefunds.confirm.keep')}
        tone="danger"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          refund.mutate(
            { reason: trimmed, ...(inquiryNumber === undefined ? {} : { inquiryId: inquiryNumber }) },
            {
              onSuccess: (answer) => {
                setReason('');
                setInquiry('');
                showToast({ message: t('guardianRefunds.done', { amount: formatKrw(answer.refund.amountKrw, language) }) });
              },
            },
          );
        }}
      />
    </div>
  );
}

function ChargeCard({ charge }: { charge: OperatorCharge }) {
  const { t } = useTranslation('operator');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const orangeText = usePointsText('orange');
  const [open, setOpen] = useState(false);
  const status = (chargeStatuses as readonly string[]).includes(charge.status) ? charge.status : 'pending';
  return (
    <Card className="request-card">
      <p className="request-card__waited">{t(`guardianRefunds.status.${status}`)}</p>
      <h3 className="request-card__title">
        {t('guardianRefunds.chargeLine', {
          orange: orangeText(charge.orange),
          amount: formatKrw(charge.amountKrw, language),
          date: formatKstDate(charge.paidAt ?? charge.createdAt, language, { withTime: true }),
        })}
      </h3>
      <p className="request-card__meta">
        {t('guardianRefunds.fan', { nickname: charge.fan.nickname ?? t('guardianRefunds.deletedFan') })}
        <br />
        <span className="guardian-order-id">{charge.orderId}</span>
      </p>
      <Button variant={open ? 'ghost' : 'secondary'} aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? t('guardianRefunds.close') : t('guardianRefunds.open')}
      </Button>
      {open ? <RefundForm charge={charge} /> : null}
    </Card>
  );
}

/**
 * A guardian's cancellation (docs/product.md#guardian-cancellation): find the fan's charge, see
 * what is refundable and what was spent where, then refund with the reason and the inquiry.
 */
export function GuardianRefunds() {
  const { t } = useTranslation(['operator', 'common']);
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const searchId = useId();
  const charges = useChargeSearch(query);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(draft.trim());
  };
  return (
    <section className="stack" aria-labelledby="ops-guardian-title">
      <h2 id="ops-guardian-title" className="section-title">
        {t('guardianRefunds.title')}
      </h2>
      <p className="request-card__meta">{t('guardianRefunds.intro')}</p>
      <form className="stack stack--tight" role="search" onSubmit={submit}>
        <label htmlFor={searchId} className="field-label">
          {t('guardianRefunds.searchLabel')}
        </label>
        <div className="guardian-search">
          <input id={searchId} className="text-field" maxLength={200} value={draft} onChange={(event) => setDraft(event.target.value)} />
          <Button type="submit" variant="secondary" disabled={draft.trim().length === 0}>
            {t('guardianRefunds.search')}
          </Button>
        </div>
      </form>
      {query.length === 0 ? null : charges.isPending ? (
        <Spinner label={t('common:loading')} />
      ) : charges.isError ? (
        <p className="notice notice--error">{apiErrorMessage(t, charges.error)}</p>
      ) : charges.data.length === 0 ? (
        <EmptyState message={t('guardianRefunds.noResults')} />
      ) : (
        <ul className="ops-queue">
          {charges.data.map((charge) => (
            <li key={charge.id}>
              <ChargeCard charge={charge} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

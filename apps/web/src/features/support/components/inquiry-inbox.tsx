import type { OperatorInquiry } from '@orchard/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { Button, Card, EmptyState, Spinner, Tabs } from '../../../components/ui/primitives.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { formatKstDate } from '../../../lib/format.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useAnswerInquiry } from '../api/answer-inquiry.ts';
import { useInquiryInbox } from '../api/get-inquiry-inbox.ts';
import './support.css';

const statuses = ['open', 'answered'] as const;

/** "2 d 3 h", "3 h 5 m", "4 m": how long an inquiry has waited. */
function waited(seconds: number, t: (key: string, values: Record<string, number>) => string) {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return t('inbox.waitedDays', { days, hours });
  if (hours > 0) return t('inbox.waitedHours', { hours, minutes });
  return t('inbox.waitedMinutes', { minutes });
}

function InquiryCard({ inquiry }: { inquiry: OperatorInquiry }) {
  const { t } = useTranslation(['support', 'common']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const answer = useAnswerInquiry();
  const [draft, setDraft] = useState('');
  const answerId = useId();
  return (
    <Card className="stack stack--tight inquiry-item">
      <div className="row-between">
        <span className={`inquiry-status inquiry-status--${inquiry.status}`}>{t(`status.${inquiry.status}`)}</span>
        <span className="form-hint">{waited(inquiry.waitingSeconds, t)}</span>
      </div>
      <strong className="inquiry-item__title">{inquiry.title}</strong>
      <p className="form-hint">
        {t(`categories.${inquiry.category}`)} · {inquiry.nickname} · {inquiry.email} ·{' '}
        <time dateTime={inquiry.createdAt}>{formatKstDate(inquiry.createdAt, language, { withTime: true })}</time>
      </p>
      <p className="inquiry-item__content">{inquiry.content}</p>
      {inquiry.images.length > 0 ? (
        <ul className="inquiry-images" aria-label={t('inbox.images')}>
          {inquiry.images.map((image, index) => (
            <li key={image.id}>
              <a href={image.url} target="_blank" rel="noopener noreferrer">
                <img src={image.url} alt={t('form.imageAlt', { number: index + 1 })} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {inquiry.projectId !== null ? (
        <Link className="text-link" to={paths.project(inquiry.projectId)}>
          {t('inbox.project', { title: inquiry.projectTitle ?? `#${inquiry.projectId}` })}
        </Link>
      ) : null}
      {inquiry.transaction ? (
        <details className="inquiry-transaction">
          <summary>{t('inbox.transaction', { id: inquiry.transactionId })}</summary>
          <p>
            {t('inbox.transactionLine', {
              type: inquiry.transaction.type,
              reason: inquiry.transaction.reason,
              amount: inquiry.transaction.amount,
              currency: inquiry.transaction.currency,
              date: formatKstDate(inquiry.transaction.createdAt, language, { withTime: true }),
            })}
          </p>
          {inquiry.transaction.projectId !== null ? (
            <Link className="text-link" to={paths.project(inquiry.transaction.projectId)}>
              {t('inbox.transactionProject')}
            </Link>
          ) : null}
        </details>
      ) : null}
      {inquiry.category === 'FAQC002' ? (
        // A guardian's cancellation arrives as a payment-and-refunds inquiry (docs/product.md#guardian-cancellation).
        <Link className="text-link" to={paths.opsSection('refunds')}>
          {t('inbox.guardianRefund', { id: inquiry.id })}
        </Link>
      ) : null}
      {inquiry.status === 'answered' ? (
        <div className="inquiry-answer">
          <strong>{t('mine.answer')}</strong>
          <p className="inquiry-item__content">{inquiry.answer}</p>
        </div>
      ) : (
        <form
          className="stack stack--tight"
          onSubmit={(event) => {
            event.preventDefault();
            if (draft.trim() === '' || answer.isPending) return;
            answer.mutate({ inquiryId: inquiry.id, answer: draft.trim() }, { onSuccess: () => showToast({ message: t('inbox.answered') }) });
          }}
        >
          <label htmlFor={answerId} className="field-label">
            {t('inbox.answerLabel')}
          </label>
          <textarea id={answerId} className="text-field inquiry-form__content" rows={4} value={draft} onChange={(event) => setDraft(event.target.value)} />
          {answer.isError ? (
            <p className="form-message form-message--error" role="alert">
              {apiErrorMessage(t, answer.error)}
            </p>
          ) : null}
          <Button type="submit" disabled={draft.trim() === '' || answer.isPending}>
            {t('inbox.send')}
          </Button>
        </form>
      )}
    </Card>
  );
}

/** The console's inquiries (docs/product.md#inquiries): oldest unanswered first, answered by mail and notification. */
export function InquiryInbox() {
  const { t } = useTranslation(['support', 'common']);
  const [status, setStatus] = useState<(typeof statuses)[number]>('open');
  const inbox = useInquiryInbox(status);
  const items = inbox.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="stack" aria-labelledby="ops-inquiries-title">
      <h2 id="ops-inquiries-title" className="section-title">
        {t('inbox.title')}
      </h2>
      <Tabs idPrefix="ops-inquiries" label={t('inbox.title')} value={status} onChange={setStatus} items={statuses.map((value) => ({ value, label: t(`inbox.tabs.${value}`) }))} />
      <div id="ops-inquiries-panel" role="tabpanel" aria-labelledby={`ops-inquiries-tab-${status}`} className="stack">
      {inbox.isPending ? <Spinner label={t('common:loading')} /> : null}
      {inbox.isError ? (
        <p className="form-message form-message--error" role="alert">
          {apiErrorMessage(t, inbox.error)}
        </p>
      ) : null}
      {inbox.isSuccess && items.length === 0 ? <EmptyState message={t(`inbox.empty.${status}`)} /> : null}
      <ul className="stack">
        {items.map((inquiry) => (
          <li key={inquiry.id}>
            <InquiryCard inquiry={inquiry} />
          </li>
        ))}
      </ul>
      {inbox.hasNextPage ? (
        <Button variant="secondary" disabled={inbox.isFetchingNextPage} onClick={() => void inbox.fetchNextPage()}>
          {t('mine.more')}
        </Button>
      ) : null}
      </div>
    </section>
  );
}

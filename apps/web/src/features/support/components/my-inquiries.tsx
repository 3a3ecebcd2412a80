import { useTranslation } from 'react-i18next';
import { Button, Card, EmptyState, Spinner } from '../../../components/ui/primitives.tsx';
import { formatKstDate } from '../../../lib/format.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useMyInquiries } from '../api/get-my-inquiries.ts';

/** The fan's inquiries, newest first, each with its status and, once answered, the answer. */
export function MyInquiries() {
  const { t } = useTranslation(['support', 'common']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const inquiries = useMyInquiries();
  const items = inquiries.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="stack" aria-labelledby="my-inquiries-title">
      <h2 id="my-inquiries-title" className="section-title">
        {t('mine.title')}
      </h2>
      {inquiries.isPending ? <Spinner label={t('common:loading')} /> : null}
      {inquiries.isError ? (
        <p className="form-message form-message--error" role="alert">
          {apiErrorMessage(t, inquiries.error)}
        </p>
      ) : null}
      {inquiries.isSuccess && items.length === 0 ? <EmptyState message={t('mine.empty')} /> : null}
      <ul className="stack inquiry-list">
        {items.map((inquiry) => (
          <li key={inquiry.id}>
            <Card className="stack stack--tight inquiry-item">
              <div className="row-between">
                <span className={`inquiry-status inquiry-status--${inquiry.status}`}>{t(`status.${inquiry.status}`)}</span>
                <time className="form-hint" dateTime={inquiry.createdAt}>
                  {formatKstDate(inquiry.createdAt, language, { withTime: true })}
                </time>
              </div>
              <strong className="inquiry-item__title">{inquiry.title}</strong>
              <p className="form-hint">{t(`categories.${inquiry.category}`)}</p>
              <p className="inquiry-item__content">{inquiry.content}</p>
              {inquiry.images.length > 0 ? <p className="form-hint">{t('mine.images', { count: inquiry.images.length })}</p> : null}
              {inquiry.answer ? (
                <div className="inquiry-answer" aria-label={t('mine.answerLabel')}>
                  <strong>{t('mine.answer')}</strong>
                  <p className="inquiry-item__content">{inquiry.answer}</p>
                </div>
              ) : (
                <p className="form-hint">{t('mine.waiting')}</p>
              )}
            </Card>
          </li>
        ))}
      </ul>
      {inquiries.hasNextPage ? (
        <Button variant="secondary" disabled={inquiries.isFetchingNextPage} onClick={() => void inquiries.fetchNextPage()}>
          {t('mine.more')}
        </Button>
      ) : null}
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { Button, EmptyState, Spinner } from '../../../components/ui/primitives.tsx';
import { formatKstDate } from '../../../lib/format.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useMails } from '../api/get-mails.ts';

/**
 * The latest mails (docs/architecture.md#mail-outbox): to whom, which template in which language,
 * and where each stands (waiting, sent, refused), newest first. With no SMTP server configured the
 * mails are .eml files in DATA_DIR/outbox, and the console says so.
 */
export function MailOutbox() {
  const { t } = useTranslation(['operator', 'common']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const mails = useMails();
  if (mails.isPending) return <Spinner label={t('common:loading')} />;
  if (mails.isError) {
    return (
      <p className="notice notice--error" role="alert">
        {apiErrorMessage(t, mails.error)}
      </p>
    );
  }
  const items = mails.data.pages.flatMap((page) => page.items);
  const transport = mails.data.pages[0]?.transport ?? 'file';
  return (
    <section className="stack" aria-labelledby="ops-mails-title">
      <h2 id="ops-mails-title" className="section-title">
        {t('mails.title')}
      </h2>
      <p className="ops-mails__transport">{t(`mails.transport.${transport}`)}</p>
      {items.length === 0 ? (
        <EmptyState message={t('mails.empty')} />
      ) : (
        <ul className="ops-mails" aria-label={t('mails.listLabel')}>
          {items.map((mail) => (
            <li key={mail.id} className="ops-mails__item">
              <span className="ops-mails__line">
                <span className={`ops-mails__status ops-mails__status--${mail.status}`}>{t(`mails.status.${mail.status}`)}</span>
                <span className="ops-mails__template">
                  {mail.template} · {mail.language}
                </span>
              </span>
              <span className="ops-mails__recipient">{mail.recipient}</span>
              <span className="ops-mails__meta">
                {mail.sentAt
                  ? t('mails.sentAt', { at: formatKstDate(mail.sentAt, language, { withTime: true }) })
                  : t('mails.nextAttemptAt', { at: formatKstDate(mail.nextAttemptAt, language, { withTime: true }) })}
                {' · '}
                {t('mails.attempts', { count: mail.attempts })}
              </span>
              {mail.lastError && mail.status !== 'sent' ? <span className="ops-mails__error">{mail.lastError}</span> : null}
            </li>
          ))}
        </ul>
      )}
      {mails.hasNextPage ? (
        <Button variant="secondary" block onClick={() => void mails.fetchNextPage()} disabled={mails.isFetchingNextPage}>
          {t('mails.more')}
        </Button>
      ) : null}
    </section>
  );
}

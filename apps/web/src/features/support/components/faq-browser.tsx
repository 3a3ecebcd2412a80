import type { FaqCategory } from '@orchard/shared';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { Button, EmptyState, Spinner } from '../../../components/ui/primitives.tsx';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useFaq } from '../api/get-faq.ts';
import { MyInquiries } from './my-inquiries.tsx';
import './support.css';

/** The inquiry form's address, with the category (and any link) it opens with. */
export function inquiryPath(prefill: { category?: FaqCategory; projectId?: number; transactionId?: string } = {}) {
  const search = new URLSearchParams();
  if (prefill.category) search.set('category', prefill.category);
  if (prefill.projectId !== undefined) search.set('projectId', String(prefill.projectId));
  if (prefill.transactionId !== undefined) search.set('transactionId', prefill.transactionId);
  const query = search.toString();
  return `${paths.inquiry}${query ? `?${query}` : ''}`;
}

/**
 * Customer support (docs/product.md#faq): a category, then a question of it, then its answer and
 * "additional inquiry"; each step is its own history entry (`?category=`, `&question=`), so Back
 * goes one step back. The fan's own inquiries follow, with their status and answer.
 */
export function FaqBrowser() {
  const { t } = useTranslation(['support', 'common']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const faq = useFaq(language);
  const [search, setSearch] = useSearchParams();
  const categoryCode = search.get('category');
  const questionId = Number(search.get('question'));

  if (faq.isPending) return <Spinner label={t('common:loading')} />;
  if (faq.isError)
    return (
      <div className="notice notice--error stack stack--tight" role="alert">
        <p>{apiErrorMessage(t, faq.error)}</p>
        <Button variant="secondary" onClick={() => void faq.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </div>
    );

  const category = faq.data.categories.find((entry) => entry.code === categoryCode);
  const question = category?.questions.find((entry) => entry.id === questionId);

  if (category && question) {
    return (
      <article className="stack faq-answer" aria-labelledby="faq-question">
        <p className="form-hint">{category.name}</p>
        <h2 id="faq-question" className="section-title">
          {question.question}
        </h2>
        <div className="card faq-answer__body">
          {question.answer.split('\n').map((line, index) => (
            <p key={index}>{line}</p>
          ))}
        </div>
        <p className="muted">{t('faq.notAnswered')}</p>
        <Link to={inquiryPath({ category: category.code })} className="button button--primary button--block">
          {t('faq.additionalInquiry')}
        </Link>
      </article>
    );
  }

  if (category) {
    return (
      <section className="stack" aria-labelledby="faq-category">
        <h2 id="faq-category" className="section-title">
          {category.name}
        </h2>
        {category.questions.length === 0 ? <EmptyState message={t('faq.noQuestions')} /> : null}
        <ul className="menu-list" aria-label={t('faq.questionsLabel', { category: category.name })}>
          {category.questions.map((entry) => (
            <li key={entry.id}>
              <button type="button" className="menu-list__item faq-row" onClick={() => setSearch({ category: category.code, question: String(entry.id) })}>
                <span className="menu-list__label">{entry.question}</span>
                <ChevronRightIcon width={18} height={18} />
              </button>
            </li>
          ))}
        </ul>
        <Link to={inquiryPath({ category: category.code })} className="button button--secondary button--block">
          {t('faq.additionalInquiry')}
        </Link>
      </section>
    );
  }

  return (
    <div className="stack">
      <p className="page-lead">{t('faq.lead')}</p>
      <ul className="menu-list" aria-label={t('faq.categoriesLabel')}>
        {faq.data.categories.map((entry) => (
          <li key={entry.code}>
            <button type="button" className="menu-list__item faq-row" onClick={() => setSearch({ category: entry.code })}>
              <span className="menu-list__label">{entry.name}</span>
              <span className="menu-list__count">{entry.questions.length}</span>
              <ChevronRightIcon width={18} height={18} />
            </button>
          </li>
        ))}
      </ul>
      <Link to={inquiryPath()} className="button button--secondary button--block">
        <span>{t('faq.additionalInquiry')}</span>
        <ChevronRightIcon width={18} height={18} />
      </Link>
      <MyInquiries />
    </div>
  );
}

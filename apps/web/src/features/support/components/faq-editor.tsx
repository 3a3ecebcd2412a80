import { faqAnswerMax, faqCategories, faqQuestionMax, languages, type Language, type OperatorFaqEntry } from '@orchard/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Spinner, Tabs } from '../../../components/ui/primitives.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { useOperatorFaq } from '../api/get-operator-faq.ts';
import { useUpdateFaqEntry } from '../api/update-faq-entry.ts';
import './support.css';

type Texts = OperatorFaqEntry['question'];

/** One entry's question and answer in the five languages, with a preview of what fans read in the chosen one. */
function FaqEntryEditor({ entry, onDone }: { entry: OperatorFaqEntry; onDone(): void }) {
  const { t } = useTranslation(['support', 'common']);
  const [language, setLanguage] = useState<Language>('ko');
  const [question, setQuestion] = useState<Texts>(entry.question);
  const [answer, setAnswer] = useState<Texts>(entry.answer);
  const update = useUpdateFaqEntry();
  const ids = { question: useId(), answer: useId() };
  const missing = languages.filter((code) => question[code].trim() === '' || answer[code].trim() === '');
  return (
    <Card className="stack faq-editor">
      <Tabs idPrefix={`faq-${entry.id}`} label={t('faqEditor.language')} value={language} onChange={setLanguage} items={languages.map((value) => ({ value, label: t(`common:languageCurrency.languages.${value}`) }))} />
      <div id={`faq-${entry.id}-panel`} role="tabpanel" aria-labelledby={`faq-${entry.id}-tab-${language}`} className="stack stack--tight">
        <label htmlFor={ids.question} className="field-label">
          {t('faqEditor.question')}
        </label>
        <input id={ids.question} className="text-field" maxLength={faqQuestionMax} value={question[language]} onChange={(event) => setQuestion({ ...question, [language]: event.target.value })} />
        <label htmlFor={ids.answer} className="field-label">
          {t('faqEditor.answer')}
        </label>
        <textarea id={ids.answer} className="text-field inquiry-form__content" rows={6} maxLength={faqAnswerMax} value={answer[language]} onChange={(event) => setAnswer({ ...answer, [language]: event.target.value })} />
      </div>
      <section className="faq-preview stack stack--tight" aria-label={t('faqEditor.preview')}>
        <span className="form-hint">{t('faqEditor.preview')}</span>
        <strong>{question[language]}</strong>
        <div className="card faq-answer__body">
          {answer[language].split('\n').map((line, index) => (
            <p key={index}>{line}</p>
          ))}
        </div>
      </section>
      {missing.length > 0 ? <p className="form-message form-message--error">{t('faqEditor.missing', { languages: missing.map((code) => t(`common:languageCurrency.languages.${code}`)).join(', ') })}</p> : null}
      {update.isError ? (
        <p className="form-message form-message--error" role="alert">
          {apiErrorMessage(t, update.error)}
        </p>
      ) : null}
      <div className="button-pair">
        <Button variant="secondary" onClick={onDone}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          disabled={missing.length > 0 || update.isPending}
          onClick={() =>
            update.mutate(
              { id: entry.id, question, answer },
              {
                onSuccess: () => {
                  showToast({ message: t('faqEditor.saved') });
                  onDone();
                },
              },
            )
          }
        >
          {t('common:actions.save')}
        </Button>
      </div>
    </Card>
  );
}

/** The console's FAQ (docs/product.md#faq): every entry by category; one is edited at a time. */
export function FaqEditor() {
  const { t } = useTranslation(['support', 'common']);
  const faq = useOperatorFaq();
  const [editing, setEditing] = useState<number | null>(null);
  if (faq.isPending) return <Spinner label={t('common:loading')} />;
  if (faq.isError)
    return (
      <p className="form-message form-message--error" role="alert">
        {apiErrorMessage(t, faq.error)}
      </p>
    );
  return (
    <section className="stack" aria-labelledby="ops-faq-title">
      <h2 id="ops-faq-title" className="section-title">
        {t('faqEditor.title')}
      </h2>
      {faqCategories.map((category) => (
        <div key={category} className="stack stack--tight">
          <h3 className="field-label">{t(`categories.${category}`)}</h3>
          <ul className="stack stack--tight">
            {faq.data.items
              .filter((entry) => entry.category === category)
              .map((entry) => (
                <li key={entry.id}>
                  {editing === entry.id ? (
                    <FaqEntryEditor entry={entry} onDone={() => setEditing(null)} />
                  ) : (
                    <button type="button" className="menu-list__item faq-row faq-editor__row" onClick={() => setEditing(entry.id)}>
                      <span className="menu-list__label">{entry.question.ko}</span>
                      <span className="form-hint">{t('faqEditor.edit')}</span>
                    </button>
                  )}
                </li>
              ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

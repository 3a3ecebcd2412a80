import { currentTermsVersion, legalDocuments, type LegalDocument } from '@orchard/shared/terms';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { formatKstCalendarDay } from '../../../lib/format.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import './terms.css';

/** The translation key of each document (the address says `unique-identification`, the join form `uniqueIdentification`). */
export const documentKey: Record<LegalDocument, 'service' | 'privacy' | 'uniqueIdentification'> = {
  service: 'service',
  privacy: 'privacy',
  'unique-identification': 'uniqueIdentification',
};

/**
 * One legal document as a readable page (docs/product.md#terms): its version (the one the join
 * stores with each agreement), its sections, the other documents and how to reach us.
 */
export function TermsDocument({ document }: { document: LegalDocument }) {
  const { t } = useTranslation('terms');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const key = documentKey[document];
  const sections = t(`documents.${key}.sections`, { returnObjects: true }) as Record<string, { heading: string; body: string }>;
  return (
    <article className="terms" aria-labelledby="terms-title">
      <h2 id="terms-title" className="terms__title">
        {t(`documents.${key}.title`)}
      </h2>
      <p className="terms__version">{t('page.version', { version: currentTermsVersion, date: formatKstCalendarDay(currentTermsVersion, language) })}</p>
      {Object.entries(sections).map(([id, section]) => (
        <section key={id} className="terms__section" aria-labelledby={`terms-${id}`}>
          <h3 id={`terms-${id}`} className="terms__heading">
            {section.heading}
          </h3>
          {section.body.split('\n').map((paragraph, index) => (
            <p key={index} className="terms__paragraph">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
      <p className="terms__contact">{t('page.contact')}</p>
      <nav className="terms__others" aria-label={t('page.documentsLabel')}>
        <ul>
          {legalDocuments
            .filter((other) => other !== document)
            .map((other) => (
              <li key={other}>
                <Link to={paths.terms(other)} replace className="text-link">
                  {t(`documents.${documentKey[other]}.title`)}
                </Link>
              </li>
            ))}
        </ul>
      </nav>
    </article>
  );
}

import type { StatementTotals } from '@orchard/shared';
import { kstYearOf } from '@orchard/shared/receipt-rules';
import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, Spinner } from '../../../components/ui/primitives.tsx';
import { formatKrw, formatKstDate } from '../../../lib/format.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { formatPoints } from '../../../lib/points-text.ts';
import { useProjectReferenceName } from '../../../lib/project-reference.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { statementCsvUrl, useStatement } from '../api/get-statement.ts';
import './receipt.css';

const moneyTotals = ['chargedKrw', 'refundedKrw'] as const;
const orangeTotals = ['spentOrange', 'returnedOrange', 'exchangedOrange', 'expiredOrange'] as const;
const berryTotals = ['spentBerry', 'returnedBerry', 'expiredBerry'] as const;

/** The years offered: from the account's first (as the statement says) to this one, newest first. */
function yearsFrom(firstYear: number, thisYear: number): number[] {
  return Array.from({ length: Math.max(0, thisYear - firstYear) + 1 }, (_, index) => thisYear - index);
}

/**
 * The yearly statement (docs/decisions/106-yearly-statement.md): a KST year, its totals and
 * entries, and its CSV. `year` rides in the address; `onYearChange` puts another there.
 */
export function Statement({ year, onYearChange }: { year: number; onYearChange(year: number): void }) {
  const { t } = useTranslation(['accounts', 'myPage', 'common']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const projectName = useProjectReferenceName();
  const yearId = useId();
  const statement = useStatement(year);
  const thisYear = kstYearOf(new Date());
  if (statement.isPending) return <Spinner label={t('common:loading')} />;
  if (statement.isError) return <p className="form-message form-message--error">{apiErrorMessage(t, statement.error)}</p>;
  const { totals, entries, firstYear } = statement.data;
  const total = (name: keyof StatementTotals) => {
    const value = totals[name];
    if (name === 'chargedKrw' || name === 'refundedKrw') return formatKrw(value, language);
    return formatPoints(t, language, value, name.endsWith('Berry') ? 'berry' : 'orange');
  };
  const totalRows = (names: readonly (keyof StatementTotals)[]) =>
    names.map((name) => (
      <div key={name} className="receipt__row">
        <dt>{t(`accounts:statement.${name}`)}</dt>
        <dd data-testid={`total-${name}`}>{total(name)}</dd>
      </div>
    ));
  return (
    <div className="stack statement">
      <div className="statement__controls">
        <label htmlFor={yearId} className="statement__label">
          {t('accounts:statement.year')}
        </label>
        <select id={yearId} className="text-field" value={year} onChange={(event) => onYearChange(Number(event.target.value))}>
          {yearsFrom(Math.min(firstYear, year), Math.max(thisYear, year)).map((option) => (
            <option key={option} value={option}>
              {t('accounts:statement.yearOption', { year: option })}
            </option>
          ))}
        </select>
        <a className="button button--secondary" href={statementCsvUrl(year)} download>
          {t('accounts:statement.download')}
        </a>
      </div>
      <p className="receipt__note">{t('accounts:statement.range', { year })}</p>
      <section className="receipt" aria-labelledby="statement-totals">
        <h2 id="statement-totals" className="receipt__party-title">
          {t('accounts:statement.totals')}
        </h2>
        <dl className="receipt__list">
          {totalRows(moneyTotals)}
          {totalRows(orangeTotals)}
          {totalRows(berryTotals)}
        </dl>
      </section>
      <section aria-labelledby="statement-entries">
        <h2 id="statement-entries" className="receipt__party-title">
          {t('accounts:statement.entries')}
        </h2>
        {entries.length === 0 ? (
          <EmptyState message={t('accounts:statement.empty')} />
        ) : (
          <ul className="statement__entries">
            {[...entries].reverse().map((entry) => (
              <li key={entry.transactionId} className="statement__entry">
                <span className="statement__date">{formatKstDate(entry.date, language, { withTime: true })}</span>
                <span className="statement__content">
                  {t(`myPage:history.reasons.${entry.reason}`)}
                  {entry.project ? <span className="statement__project">{projectName(entry.project)}</span> : null}
                </span>
                <span className="statement__amount">
                  {formatPoints(t, language, entry.amount, entry.currency, { signed: true })}
                  {entry.amountKrw !== null ? <span className="statement__money">{formatKrw(entry.amountKrw, language)}</span> : null}
                </span>
                {entry.reason === 'point_charge' && entry.chargeId ? (
                  <Link to={paths.receipt(entry.chargeId)} className="text-link statement__receipt">
                    {t('accounts:links.receipt')}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

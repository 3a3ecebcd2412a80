import type { Project, ProjectSettlement } from '@orchard/shared';
import { hasSettlement } from '@orchard/shared/settlement-rules';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../../lib/format.ts';
import { usePointsText } from '../../../../lib/points-text.ts';
import { useLanguageAndCurrencyStore } from '../../../../lib/stores/language-and-currency.ts';
import { settlementCsvUrl, useProjectSettlement } from '../../api/get-settlement.ts';
import { SummaryList } from '../common/flow-parts.tsx';

/**
 * The settlement section of a closed project's page (docs/product.md#funding-close, decision 107):
 * the goal and what was raised, each booked medium's frozen price × duration, the surplus and its
 * use, what went back and what was forfeited, and whether the ledger adds up; a CSV download.
 */
export function SettlementSection({ project }: { project: Project }) {
  const { t } = useTranslation('settlement');
  const shown = hasSettlement(project);
  const settlement = useProjectSettlement(project.id, { enabled: shown });
  if (!shown) return null;
  if (settlement.isPending) return <p className="muted">{t('loading')}</p>;
  if (settlement.isError) return null;
  return <SettlementBody project={project} settlement={settlement.data} />;
}

function SettlementBody({ project, settlement }: { project: Project; settlement: ProjectSettlement }) {
  const { t } = useTranslation('settlement');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const pointsText = usePointsText(settlement.currency);
  // The catalogue prices media in Orange; an event's figures are Berry (docs/product.md#goal).
  const orangeText = usePointsText('orange');
  return (
    <section className="stack stack--tight settlement-section" aria-labelledby="settlement-title" data-testid="settlement-section">
      <h3 id="settlement-title" className="section-title">
        {t('title')}
      </h3>
      <p className={`notice${settlement.ledgerMatches ? '' : ' notice--error'}`} data-testid="settlement-ledger">
        <span aria-hidden="true">{settlement.ledgerMatches ? '✓ ' : '! '}</span>
        {t(settlement.ledgerMatches ? 'ledger.matches' : 'ledger.mismatch')}
      </p>
      <p className="muted">{t('fromLedger')}</p>
      <SummaryList
        rows={[
          [t('goal'), pointsText(settlement.goal)],
          [t('raised'), pointsText(settlement.raised)],
          [t('participants'), t('participantCount', { count: settlement.participantCount, formatted: formatNumber(settlement.participantCount, language) })],
          ...(project.kind === 'event' ? [] : [[t('deposit'), pointsText(settlement.deposit)] as const]),
        ]}
      />
      <h4 className="settlement-section__subtitle">{t('media')}</h4>
      <ul className="participant-list" data-testid="settlement-lines">
        {settlement.lines.map((line) => (
          <li key={line.mediaId} className="settlement-lines__row">
            <span className="settlement-lines__name">{line.name}</span>
            <span className="muted">
              {t(`unit.${line.priceUnit}`, { price: orangeText(line.price), duration: formatNumber(line.duration, language), count: line.duration })}
            </span>
            <strong className="settlement-lines__amount">{orangeText(line.amount)}</strong>
          </li>
        ))}
      </ul>
      <SummaryList
        rows={[
          [t('mediaTotal'), orangeText(settlement.mediaTotal)],
          [t('surplus'), pointsText(settlement.surplus)],
          [t('surplusUseLabel'), t(`surplusUse.${settlement.surplusUse}`)],
          [t('returned'), pointsText(settlement.returned)],
          [t('forfeited'), pointsText(settlement.forfeited)],
        ]}
      />
      <a className="text-link" href={settlementCsvUrl(project.id, language)} download>
        {t('downloadCsv')}
      </a>
    </section>
  );
}

import type { HistoryEntry } from '@orchard/shared';
import { historyScreenTabs, type HistoryScreenTab, type PointCurrency } from '@orchard/shared/points-rules';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, EmptyState, Spinner, Tabs } from '../../../components/ui/primitives.tsx';
import { formatKstDate, formatNumber } from '../../../lib/format.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { useProjectReferenceName } from '../../../lib/project-reference.ts';
import { signedAmount } from '../../../lib/points-text.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { getHistoryQueryOptions, useHistory, type HistoryTab } from '../api/get-history.ts';
import { HistoryEntrySheet } from './history-entry-sheet.tsx';
import './points.css';

/** Calls `onVisible` when the element scrolls into view (infinite scroll); a no-op without IntersectionObserver. */
function useWhenVisible(onVisible: () => void, active: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });
  useEffect(() => {
    const element = ref.current;
    if (!active || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) callback.current();
    }, { rootMargin: '200px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [active]);
  return ref;
}

/**
 * The charges refunded so far, from the refund entries (the refund tab's pages, shared with that
 * tab's cache, and any refund among the entries shown), so a refunded charge's rows can say so.
 */
function useRefundedChargeIds(currency: PointCurrency, shown: readonly HistoryEntry[]): ReadonlySet<string> {
  const refunds = useInfiniteQuery({ ...getHistoryQueryOptions('orange', 'refund'), enabled: currency === 'orange' });
  return useMemo(() => {
    const entries = [...(refunds.data?.pages.flatMap((page) => page.items) ?? []), ...shown];
    // A guardian's cancellation refunds only the unspent part (docs/product.md#guardian-cancellation): the charge is not marked refunded.
    const wholeRefunds = entries.filter((entry) => entry.type === 'refund' && entry.payment && !entry.content.startsWith('guardian_refund'));
    return new Set(wholeRefunds.map((entry) => entry.payment!.chargeId));
  }, [refunds.data, shown]);
}

const noEntries: HistoryEntry[] = [];

function HistoryList({ currency, tab }: { currency: PointCurrency; tab: HistoryTab }) {
  const { t } = useTranslation(['myPage', 'common']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const history = useHistory(currency, tab);
  const projectName = useProjectReferenceName();
  const shown = useMemo(() => history.data?.pages.flatMap((page) => page.items) ?? noEntries, [history.data]);
  const refunded = useRefundedChargeIds(currency, shown);
  const [openEntry, setOpenEntry] = useState<HistoryEntry | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  const sentinel = useWhenVisible(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, Boolean(hasNextPage) && !isFetchingNextPage);

  if (history.isPending) return <Spinner label={t('common:loading')} />;
  // A failed next page keeps the pages already shown (the query is in error with its data).
  if (!history.data) return <p className="form-message form-message--error">{apiErrorMessage(t, history.error)}</p>;
  const entries = shown;
  if (entries.length === 0) return <EmptyState message={t('myPage:history.empty')} />;
  return (
    <>
      <ul className="history-list" aria-label={t('myPage:history.listLabel')}>
        {entries.map((entry) => (
          <li key={entry.transactionId}>
            <button type="button" className="history-row" onClick={() => setOpenEntry(entry)} aria-haspopup="dialog">
              <span className="history-row__main">
                <span className="history-row__content">{t(`myPage:history.reasons.${entry.content}`)}</span>
                {entry.project ? <span className="history-row__project">{projectName(entry.project)}</span> : null}
                <span className="history-row__meta">
                  {entry.type !== 'refund' && entry.payment && refunded.has(entry.payment.chargeId) ? (
                    <span className="history-row__mark">{t('myPage:history.refundedMark')}</span>
                  ) : null}
                  {t(`myPage:history.types.${entry.type}`)}
                  <span aria-hidden="true" className="balance-row__sep" />
                  {formatKstDate(entry.date, language, { withTime: true })}
                </span>
              </span>
              <span className={`history-row__amount${entry.amount > 0 ? ' history-row__amount--credit' : ''}`}>
                {signedAmount(entry.amount, formatNumber(Math.abs(entry.amount), language))}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <div ref={sentinel} className="history-more">
          {isFetchingNextPage ? (
            <Spinner label={t('common:loading')} />
          ) : (
            <Button variant="secondary" onClick={() => void fetchNextPage()}>
              {t('myPage:history.more')}
            </Button>
          )}
        </div>
      ) : null}
      {history.isFetchNextPageError ? <p className="form-message form-message--error">{apiErrorMessage(t, history.error)}</p> : null}
      <HistoryEntrySheet entry={openEntry} onClose={() => setOpenEntry(null)} />
    </>
  );
}

/**
 * Point history: tabs all, charge, spend, and refunds with returns, which Berry (never refunded)
 * calls returns (docs/decisions/009-points-history-tabs.md).
 */
export function PointHistory({ currency, onCurrencyChange }: { currency: PointCurrency; onCurrencyChange(currency: PointCurrency): void }) {
  const { t } = useTranslation(['myPage', 'common', 'accounts']);
  const [shownTab, setTab] = useState<HistoryScreenTab>('all');
  const tabLabel = (tab: HistoryScreenTab) => t(`myPage:history.tabs.${currency === 'berry' && tab === 'refund_return' ? 'return' : tab}`);
  return (
    <>
      <div className="segmented" role="group" aria-label={t('myPage:history.kindLabel')}>
        {(['orange', 'berry'] as const).map((option) => (
          <button key={option} type="button" className="segmented__option" aria-pressed={currency === option} onClick={() => onCurrencyChange(option)}>
            {t(`common:points.${option}`)}
          </button>
        ))}
      </div>
      <Link to={paths.statement} className="text-link history__statement">
        {t('accounts:links.statement')}
      </Link>
      <Tabs label={t('myPage:history.tabsLabel')} idPrefix="history" items={historyScreenTabs.map((value) => ({ value, label: tabLabel(value) }))} value={shownTab} onChange={setTab} />
      <div id="history-panel" role="tabpanel" aria-labelledby={`history-tab-${shownTab}`}>
        <HistoryList key={`${currency}-${shownTab}`} currency={currency} tab={shownTab} />
      </div>
    </>
  );
}

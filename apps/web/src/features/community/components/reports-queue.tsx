import type { OperatorReport, ReportDecisionAction } from '@orchard/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Button, Card, EmptyState, Spinner, Tabs } from '../../../components/ui/primitives.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { formatKstDate } from '../../../lib/format.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useDecideReport } from '../api/decide-report.ts';
import { useReportQueue } from '../api/get-reports.ts';
import './community.css';

const statuses = ['open', 'handled'] as const;

/** What an operator may do with a report: hide or dismiss while visible, restore once hidden. */
const actionsFor = (report: OperatorReport): ReportDecisionAction[] =>
  report.targetHidden ? ['restore'] : report.status === 'open' ? ['hide', 'dismiss'] : ['hide'];

function ReportCard({ report }: { report: OperatorReport }) {
  const { t } = useTranslation(['community', 'common']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const decide = useDecideReport();
  const [confirmingHide, setConfirmingHide] = useState(false);
  const run = (action: ReportDecisionAction) =>
    decide.mutate({ reportId: report.id, action }, { onSuccess: () => showToast({ message: t('queue.decided') }) });
  // Hiding withholds the item from everyone but operators: the operator reads what it does first.
  const choose = (action: ReportDecisionAction) => (action === 'hide' ? setConfirmingHide(true) : run(action));
  return (
    <Card className="report-queue__item">
      <div className="row-between">
        <strong>{t(`queue.target.${report.target.type}`, { id: report.target.id })}</strong>
        <time className="form-hint" dateTime={report.createdAt}>
          {formatKstDate(report.createdAt, language, { withTime: true })}
        </time>
      </div>
      <p>
        {t(`report.reasons.${report.reason}`)}
        {report.detail ? `: ${report.detail}` : ''}
      </p>
      <p className="report-queue__content">{report.content ?? t('queue.deletedContent')}</p>
      <p className="form-hint">
        {t('queue.reporter', { name: report.reporter.nickname ?? t('deletedUser') })}
        {report.targetHidden ? ` · ${t('queue.hiddenNow')}` : ''}
        {report.decision ? ` · ${t(`queue.decision.${report.decision}`)}` : ''}
      </p>
      {report.target.type === 'post' && report.target.artistId !== null ? (
        <Link className="text-link" to={`${paths.artist('solo', report.target.artistId)}?tab=community`}>
          {t('queue.viewCommunity')}
        </Link>
      ) : null}
      {report.target.type === 'film' ? (
        <Link className="text-link" to={paths.filmDetail(report.target.id)}>
          {t('queue.viewFilm')}
        </Link>
      ) : null}
      {report.target.projectId !== null ? (
        <Link className="text-link" to={report.target.type === 'project' ? paths.project(report.target.projectId) : paths.commentList(report.target.projectId)}>
          {t('queue.viewProject')}
        </Link>
      ) : null}
      {decide.isError ? (
        <p className="form-message form-message--error" role="alert">
          {apiErrorMessage(t, decide.error)}
        </p>
      ) : null}
      <div className="report-queue__actions">
        {actionsFor(report).map((action) => (
          <Button key={action} variant={action === 'hide' ? 'danger' : 'secondary'} disabled={decide.isPending} onClick={() => choose(action)}>
            {t(`queue.actions.${action}`)}
          </Button>
        ))}
      </div>
      <ConfirmDialog
        open={confirmingHide}
        title={t(`queue.hideConfirm.title.${report.target.type}`)}
        message={<p>{t(`queue.hideConfirm.body.${report.target.type}`)}</p>}
        confirmLabel={t('queue.hideConfirm.confirm')}
        cancelLabel={t('common:actions.cancel')}
        tone="danger"
        onCancel={() => setConfirmingHide(false)}
        onConfirm={() => {
          setConfirmingHide(false);
          run('hide');
        }}
      />
    </Card>
  );
}

/** The console's reports queue (docs/product.md#reports): open and handled, newest first. */
export function ReportsQueue() {
  const { t } = useTranslation(['community', 'common']);
  const [status, setStatus] = useState<(typeof statuses)[number]>('open');
  const queue = useReportQueue(status);
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="stack" aria-labelledby="ops-reports-title">
      <h2 id="ops-reports-title" className="section-title">
        {t('queue.tab')}
      </h2>
      <Tabs label={t('queue.statusLabel')} idPrefix="ops-reports" items={statuses.map((value) => ({ value, label: t(`queue.${value}`) }))} value={status} onChange={setStatus} />
      <div id="ops-reports-panel" role="tabpanel" aria-labelledby={`ops-reports-tab-${status}`} className="stack">
        {queue.isPending ? (
          <Spinner label={t('common:loading')} />
        ) : queue.isError ? (
          <p className="notice notice--error" role="alert">
            {apiErrorMessage(t, queue.error)}
          </p>
        ) : items.length === 0 ? (
          <EmptyState message={t('queue.empty')} />
        ) : (
          <ol className="stack" aria-label={t('queue.tab')}>
            {items.map((report) => (
              <li key={report.id}>
                <ReportCard report={report} />
              </li>
            ))}
          </ol>
        )}
        {queue.hasNextPage ? (
          <Button variant="secondary" block onClick={() => void queue.fetchNextPage()} disabled={queue.isFetchingNextPage}>
            {t('loadMore')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

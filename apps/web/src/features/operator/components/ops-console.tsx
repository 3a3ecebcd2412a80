import type { Project } from '@orchard/shared';
import { GuardianRefunds } from './guardian-refunds.tsx';
import { MailOutbox } from './mail-outbox.tsx';
import { ProjectOutcomes } from './project-outcomes.tsx';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Button, Card, EmptyState, Spinner } from '../../../components/ui/primitives.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { formatKstCalendarDay, formatKstDate } from '../../../lib/format.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { useDurationText } from '../../../lib/media-text.ts';
import { usePointsText } from '../../../lib/points-text.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useDecideProject } from '../api/decide-project.ts';
import { useProjectRequests } from '../api/get-project-requests.ts';
import { useAdvanceTestClock, useTestClock } from '../api/test-clock.ts';
import { opsSections, type OpsSection } from '../sections.ts';
import './operator.css';

/** How long a request has waited, in the largest whole unit: minutes, hours or days. */
export function waitedParts(seconds: number): { unit: 'minutes' | 'hours' | 'days'; count: number } {
  if (seconds >= 86_400) return { unit: 'days', count: Math.floor(seconds / 86_400) };
  if (seconds >= 3_600) return { unit: 'hours', count: Math.floor(seconds / 3_600) };
  return { unit: 'minutes', count: Math.max(0, Math.floor(seconds / 60)) };
}

/** The largest move of each unit the API takes (docs/architecture.md#test-clock). */
const clockMoveMax = { days: 400, hours: 400 * 24 } as const;

function TestClockControl() {
  const { t } = useTranslation(['operator', 'common']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const clock = useTestClock();
  const advance = useAdvanceTestClock();
  const [amount, setAmount] = useState('1');
  const [unit, setUnit] = useState<'days' | 'hours'>('days');
  const inputId = useId();
  const unitId = useId();
  if (clock.isPending) return <Spinner label={t('common:loading')} />;
  if (!clock.data?.enabled) return <EmptyState message={t('clock.off')} />;
  const parsed = Number(amount);
  const valid = Number.isInteger(parsed) && parsed >= 1 && parsed <= clockMoveMax[unit];
  const date = formatKstDate(clock.data.now, language, { withTime: true });
  const spareHours = clock.data.offsetHours % 24;
  return (
    <Card className="stack test-clock">
      <h2 className="card__title">{t('clock.title')}</h2>
      <p data-testid="test-clock-now">
        {spareHours === 0 ? t('clock.now', { date, offset: clock.data.offsetDays }) : t('clock.nowWithHours', { date, days: clock.data.offsetDays, hours: spareHours })}
      </p>
      <div className="test-clock__move">
        <label htmlFor={inputId} className="visually-hidden">
          {t(unit === 'days' ? 'clock.daysLabel' : 'clock.hoursLabel')}
        </label>
        <input id={inputId} className="text-field" inputMode="numeric" value={amount} onChange={(event) => setAmount(event.target.value)} />
        <label htmlFor={unitId} className="visually-hidden">
          {t('clock.unitLabel')}
        </label>
        <select id={unitId} className="text-field" value={unit} onChange={(event) => setUnit(event.target.value === 'hours' ? 'hours' : 'days')}>
          <option value="days">{t('clock.unitDays')}</option>
          <option value="hours">{t('clock.unitHours')}</option>
        </select>
        <Button
          variant="secondary"
          disabled={!valid || advance.isPending}
          onClick={() =>
            advance.mutate(unit === 'days' ? { days: parsed } : { hours: parsed }, {
              onSuccess: () => showToast({ message: t(unit === 'days' ? 'clock.moved' : 'clock.movedHours', { count: parsed }) }),
              onError: (error) => showToast({ message: apiErrorMessage(t, error) }),
            })
          }
        >
          {t(unit === 'days' ? 'clock.move' : 'clock.moveHours', { count: valid ? parsed : 0 })}
        </Button>
      </div>
    </Card>
  );
}

function RequestDetail({ project, onDone }: { project: Project; onDone(): void }) {
  const { t } = useTranslation(['operator', 'mediaDetail', 'requestFunding']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const durationText = useDurationText();
  const orangeText = usePointsText('orange');
  const decide = useDecideProject();
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const day = (value: string) => formatKstCalendarDay(value, language);
  // The promise, not mutate's callbacks: the decided request leaves the refreshed queue, and this
  // detail with it, before per-call callbacks would run.
  const [confirming, setConfirming] = useState<'approve' | 'reject' | null>(null);
  const send = (decision: 'approve' | 'reject') =>
    decide.mutateAsync(decision === 'approve' ? { projectId: project.id, decision } : { projectId: project.id, decision, reason: reason.trim() }).then(
      () => {
        showToast({ message: t(decision === 'approve' ? 'decision.approved' : 'decision.rejected') });
        onDone();
      },
      (error: unknown) => showToast({ message: apiErrorMessage(t, error) }),
    );
  return (
    <div className="stack">
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt>{t('detail.creator')}</dt>
          <dd>{project.creator.nickname ?? t('detail.unknownCreator')}</dd>
        </div>
        <div className="summary-list__row">
          <dt>{t('detail.package')}</dt>
          <dd>
            {t('detail.packageValue', {
              name: t(`mediaDetail:packages.${project.packageId}`),
              purpose: t(`requestFunding:purpose.${project.purpose}.label`),
              option: t(`requestFunding:option.${project.option}.label`),
            })}
          </dd>
        </div>
        <div className="summary-list__row">
          <dt>{t('detail.adPeriod')}</dt>
          <dd>{t('detail.range', { from: day(project.adStartDate), to: day(project.adEndDate) })}</dd>
        </div>
        <div className="summary-list__row">
          <dt>{t('detail.fundingPeriod')}</dt>
          <dd>{t('detail.range', { from: day(project.fundingStartDate), to: day(project.fundingEndDate) })}</dd>
        </div>
        <div className="summary-list__row">
          <dt>{t('detail.goal')}</dt>
          <dd>{orangeText(project.goal)}</dd>
        </div>
      </dl>
      <ul className="summary-media summary-media--in-card" aria-label={t('detail.media')}>
        {project.media.map((medium) => (
          <li key={medium.mediaId} className="summary-media__item">
            <span>{medium.name}</span>
            <span className="muted">
              {medium.address} · {durationText(medium.priceUnit, medium.duration)}
            </span>
          </li>
        ))}
      </ul>
      <Button block disabled={decide.isPending} onClick={() => setConfirming('approve')}>
        {t('decision.approve')}
      </Button>
      <label htmlFor={reasonId} className="field-label">
        {t('decision.reasonLabel')}
      </label>
      <textarea id={reasonId} className="text-field reason-field" maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
      <Button variant="danger" block disabled={decide.isPending || reason.trim().length === 0} onClick={() => setConfirming('reject')}>
        {t('decision.reject')}
      </Button>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'reject' ? t('decision.rejectConfirm.title', { id: project.id }) : t('decision.approveConfirm.title', { id: project.id })}
        message={
          confirming === 'reject' ? (
            <>
              <p>{t('decision.rejectConfirm.body')}</p>
              <blockquote className="ops-quote">{reason.trim()}</blockquote>
            </>
          ) : (
            <p>{t('decision.approveConfirm.body', { fundingEnd: day(project.fundingEndDate) })}</p>
          )
        }
        confirmLabel={confirming === 'reject' ? t('decision.rejectConfirm.confirm') : t('decision.approveConfirm.confirm')}
        cancelLabel={t('common:actions.cancel')}
        tone={confirming === 'reject' ? 'danger' : 'default'}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const decision = confirming;
          setConfirming(null);
          if (decision) void send(decision);
        }}
      />
    </div>
  );
}

/** Requests waiting for the inventory check, oldest first, and the decision. */
function RequestQueue() {
  const { t } = useTranslation(['operator', 'common']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const requests = useProjectRequests();
  const orangeText = usePointsText('orange');
  const [openId, setOpenId] = useState<number | null>(null);
  const items = requests.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="stack" aria-labelledby="ops-requests-title">
      <h2 id="ops-requests-title" className="section-title">
        {t('queue.title')}
      </h2>
      {requests.isPending ? (
        <Spinner label={t('common:loading')} />
      ) : requests.isError ? (
        <p className="notice notice--error" role="alert">
          {apiErrorMessage(t, requests.error)}
        </p>
      ) : items.length === 0 ? (
        <EmptyState message={t('queue.empty')} />
      ) : (
        <ol className="ops-queue" aria-label={t('queue.title')}>
          {items.map(({ project, waitedSeconds }) => {
            const waited = waitedParts(waitedSeconds);
            const open = openId === project.id;
            return (
              <li key={project.id}>
                <Card className="request-card">
                  <p className="request-card__waited">{t(`queue.waited.${waited.unit}`, { count: waited.count })}</p>
                  <h3 className="request-card__title">{t('queue.heading', { artist: project.artistNames[language] || project.artistNames.en, id: project.id })}</h3>
                  <p className="request-card__meta">
                    {t('queue.meta', { goal: orangeText(project.goal), count: project.media.length, date: formatKstDate(project.requestedAt, language, { withTime: true }) })}
                  </p>
                  <Button variant={open ? 'ghost' : 'secondary'} aria-expanded={open} onClick={() => setOpenId(open ? null : project.id)}>
                    {open ? t('queue.close') : t('queue.review', { id: project.id })}
                  </Button>
                  {open ? <RequestDetail project={project} onDone={() => setOpenId(null)} /> : null}
                </Card>
              </li>
            );
          })}
        </ol>
      )}
      {requests.hasNextPage ? (
        <Button variant="secondary" block onClick={() => void requests.fetchNextPage()} disabled={requests.isFetchingNextPage}>
          {t('queue.more')}
        </Button>
      ) : null}
    </section>
  );
}

/** The console's sections as links; the test clock's only where the server runs one (decision 050). */
function OpsNav({ current }: { current: OpsSection }) {
  const { t } = useTranslation('operator');
  const clock = useTestClock();
  const shown = opsSections.filter((section) => section !== 'clock' || clock.data?.enabled || current === 'clock');
  return (
    <nav aria-label={t('sections.label')}>
      <ul className="ops-nav">
        {shown.map((section) => (
          <li key={section}>
            <Link to={paths.opsSection(section)} className="ops-nav__link" aria-current={section === current ? 'page' : undefined}>
              {t(`sections.${section}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export type OpsConsoleProps = {
  section: OpsSection;
  /** The event form (projects and media, composed by the route: decision 053). */
  renderEvents(): ReactNode;
  /** The reports queue (community, composed by the route). */
  renderReports(): ReactNode;
  /** The inquiries inbox and the FAQ editor (support, composed by the route). */
  renderInquiries?(): ReactNode;
  renderFaq?(): ReactNode;
};

/**
 * The operator console (decision 053), one section per route: requests, ads (succeeded projects to
 * cancel, running ads waiting for photos), events, reports, guardian refunds and the test clock.
 */
export default function OpsConsole({ section, renderEvents, renderReports, renderInquiries, renderFaq }: OpsConsoleProps) {
  return (
    <div className="stack">
      <OpsNav current={section} />
      {section === 'requests' ? <RequestQueue /> : null}
      {section === 'ads' ? <ProjectOutcomes /> : null}
      {section === 'events' ? renderEvents() : null}
      {section === 'reports' ? renderReports() : null}
      {section === 'inquiries' ? renderInquiries?.() : null}
      {section === 'faq' ? renderFaq?.() : null}
      {section === 'refunds' ? <GuardianRefunds /> : null}
      {section === 'mails' ? <MailOutbox /> : null}
      {section === 'clock' ? <TestClockControl /> : null}
    </div>
  );
}

import type { Language, Notification } from '@orchard/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { BellIcon } from '../../../components/ui/icons.tsx';
import { Button, EmptyState, Spinner } from '../../../components/ui/primitives.tsx';
import { formatKrw, formatKstDate, formatNumber } from '../../../lib/format.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { useProjectReferenceName } from '../../../lib/project-reference.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { showToast } from '../../../components/ui/toast.tsx';
import { useNotifications } from '../api/get-notifications.ts';
import { useReadAllNotifications } from '../api/read-all-notifications.ts';
import { useReadNotification } from '../api/read-notification.ts';
import './notifications.css';

/**
 * Where a notification leads: before creation, the creator's status screen for the project (with
 * its button to create when approved); after it, the project itself.
 */
export function notificationTarget(notification: Pick<Notification, 'kind' | 'projectId'> & { params?: Notification['params'] }): string | null {
  const { projectId } = notification;
  // Points about to expire lead to the history of their currency; an answer to the inquiries.
  if (notification.kind === 'points_expiring') return paths.pointHistory(notification.params?.currency === 'berry' ? 'berry' : 'orange');
  if (notification.kind === 'inquiry_answered') return paths.customerSupport;
  // A guardian's cancellation leads to the Orange history, where its refund entry is.
  if (notification.kind === 'guardian_refund') return paths.pointHistory('orange');
  if (projectId === null) return null;
  switch (notification.kind) {
    case 'approved':
      return paths.projectInfoDetail('approved', projectId);
    case 'rejected':
      return paths.projectInfoDetail('rejected', projectId);
    case 'cancelled_deadline':
      return paths.projectInfoDetail('cancelled', projectId);
    default:
      return paths.project(projectId);
  }
}

/** The values a notification's text takes: its params as text, amounts written in the user's language. */
function paramText(key: string, value: string | number, language: Language): string {
  if ((key === 'amount' || key === 'orange' || key === 'bonusOrange') && typeof value === 'number') return formatNumber(value, language);
  // Money paid back (a guardian's cancellation: docs/product.md#guardian-cancellation), written as money paid is.
  if (key === 'amountKrw' && typeof value === 'number') return formatKrw(value, language);
  // The approval's creation deadline (docs/product.md#creation), an instant written in KST.
  if (key === 'creationDeadline' && typeof value === 'string') return formatKstDate(value, language, { withTime: true });
  // A lot's end (a date) and a funding's close (a time), in KST (docs/product.md#notifications).
  if (key === 'expiresAt' && typeof value === 'string') return formatKstDate(value, language);
  if ((key === 'closesAt' || key === 'dueAt') && typeof value === 'string') return formatKstDate(value, language, { withTime: true });
  return String(value);
}

/** A list of media names in five languages (a late proof's missing media), in the reader's, comma-separated. */
function namesText(value: unknown, language: Language): string | null {
  if (!Array.isArray(value)) return null;
  return value.map((names: Partial<Record<Language, string>>) => names?.[language] || names?.ko || '').filter(Boolean).join(', ');
}

function textParams(notification: Notification, language: Language): Record<string, string> {
  const params: Record<string, unknown> = notification.params;
  return Object.fromEntries(
    Object.entries(params).flatMap(([key, value]): [string, string][] => {
      if (typeof value === 'string' || typeof value === 'number') return [[key, paramText(key, value, language)]];
      const names = namesText(value, language);
      return names === null ? [] : [[key, names]];
    }),
  );
}

/**
 * The point currency a notification's text names (points returned or expiring carry it): its body
 * has one sentence per currency (`body_orange`, `body_berry`), picked as i18next's context.
 */
function currencyContext(notification: Notification): 'orange' | 'berry' | undefined {
  const currency = notification.params.currency;
  return currency === 'orange' || currency === 'berry' ? currency : undefined;
}

/**
 * The body's variant: per currency; for an approval that carries it, the one naming the creation
 * deadline; for a request cancelled at its funding end, that cause (docs/product.md#creation).
 */
function bodyContext(notification: Notification): string | undefined {
  if (notification.params.cause === 'funding_end') return 'funding_end';
  return currencyContext(notification) ?? (typeof notification.params.creationDeadline === 'string' ? 'deadline' : undefined);
}

/** The item's frame: a link to where the notification leads, or a button that only marks it read. */
function NotificationItem({ target, unread, onOpen, children }: { target: string | null; unread: boolean; onOpen(): void; children: ReactNode }) {
  const className = `notification-item${unread ? ' notification-item--unread' : ''}`;
  if (target === null) {
    return (
      <button type="button" className={className} onClick={onOpen}>
        {children}
      </button>
    );
  }
  return (
    <Link to={target} className={className} onClick={onOpen}>
      {children}
    </Link>
  );
}

/**
 * The user's notifications, newest first, each naming its project; opening one marks it read and
 * goes to its project. "Mark all read" clears every one and the header's dot.
 */
export function NotificationList() {
  const { t } = useTranslation(['notification', 'common']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const notifications = useNotifications();
  const read = useReadNotification();
  const readAll = useReadAllNotifications();
  const projectName = useProjectReferenceName();
  if (notifications.isPending) return <Spinner label={t('common:loading')} />;
  if (notifications.isError) {
    return (
      <p className="notice notice--error" role="alert">
        {apiErrorMessage(t, notifications.error)}
      </p>
    );
  }
  const items = notifications.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyState icon={<BellIcon width={32} height={32} />} message={t('empty')} />;
  const anyUnread = items.some((notification) => notification.readAt === null);
  const markAll = () =>
    readAll.mutate(undefined, {
      onSuccess: () => showToast({ message: t('allRead') }),
      onError: (error) => showToast({ message: apiErrorMessage(t, error) }),
    });
  return (
    <div className="stack">
      {anyUnread ? (
        <div className="notification-actions">
          <Button variant="ghost" onClick={markAll} disabled={readAll.isPending}>
            {t('markAllRead')}
          </Button>
        </div>
      ) : null}
      <ul className="notification-list" aria-label={t('listLabel')}>
        {items.map((notification) => {
          const unread = notification.readAt === null;
          const params = textParams(notification, language);
          return (
            <li key={notification.id}>
              <NotificationItem target={notificationTarget(notification)} unread={unread} onOpen={() => unread && read.mutate(notification.id)}>
                <span className="notification-item__dot" aria-hidden="true" />
                <span className="notification-item__text">
                  {notification.project ? <span className="notification-item__project">{projectName(notification.project)}</span> : null}
                  <span className="notification-item__title">
                    {unread ? <span className="visually-hidden">{t('unread')}</span> : null}
                    {t(`kinds.${notification.kind}.title`, params)}
                  </span>
                  <span className="notification-item__body">{t(`kinds.${notification.kind}.body`, { ...params, context: bodyContext(notification) })}</span>
                  <span className="notification-item__date">{formatKstDate(notification.createdAt, language, { withTime: true })}</span>
                </span>
              </NotificationItem>
            </li>
          );
        })}
      </ul>
      {notifications.hasNextPage ? (
        <Button variant="secondary" block onClick={() => void notifications.fetchNextPage()} disabled={notifications.isFetchingNextPage}>
          {t('more')}
        </Button>
      ) : null}
    </div>
  );
}

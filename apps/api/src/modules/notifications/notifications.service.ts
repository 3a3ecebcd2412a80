import { notificationParamSchemas, type Notification, type NotificationKind, type NotificationParams } from '@orchard/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import type { NotificationWithProject } from './notifications.repository.ts';
import type { NotificationRow } from './notifications.table.ts';

export type NotifyInput<K extends NotificationKind = NotificationKind> = {
  userId: string;
  kind: K;
  projectId: number | null;
  params: NotificationParams<K>;
};

/** A notification of any kind, its params checked against that kind's. */
export type AnyNotifyInput = { [K in NotificationKind]: NotifyInput<K> }[NotificationKind];

const notificationNotFound = () => notFound('notifications.not_found', 'There is no such notification.');

/** Cursors are opaque to clients: the last id of the page, wrapped so it can change shape later. */
export function encodeNotificationCursor(lastId: number): string {
  return Buffer.from(JSON.stringify({ before: lastId })).toString('base64url');
}

export function decodeNotificationCursor(cursor: string): number {
  try {
    const before = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { before?: unknown })?.before;
    if (typeof before === 'number' && Number.isInteger(before) && before >= 1 && before <= 2_147_483_647) return before;
  } catch {
    // falls through to the refusal below
  }
  throw badRequest('validation.invalid', 'The cursor is not valid.', [{ in: 'querystring', path: '/cursor' }]);
}

export function toNotification(row: NotificationRow | NotificationWithProject): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    projectId: row.projectId,
    project: 'project' in row ? row.project : null,
    params: row.params,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

export function createNotificationsService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /**
     * Writes a notification inside the caller's transaction, so it exists exactly when the
     * transition that caused it commits. The params are checked against the kind's schema: a
     * programming error surfaces here, not as a blank text on the user's screen.
     */
    async notifyWithin<K extends NotificationKind>(tx: DbOrTx, input: NotifyInput<K>): Promise<Notification> {
      const params = notificationParamSchemas[input.kind].parse(input.params) as Record<string, unknown>;
      const row = await createNotificationsRepository({ db: tx }).insert({
        userId: input.userId,
        kind: input.kind,
        projectId: input.projectId,
        params,
        createdAt: clock.now(),
      });
      return toNotification(row);
    },

    /**
     * Many notifications inside the caller's transaction as one insert (a close's chunk of
     * participants, decision 066), each checked against its kind's schema as notifyWithin checks
     * one; written in the order given.
     */
    async notifyManyWithin(tx: DbOrTx, inputs: readonly AnyNotifyInput[]): Promise<void> {
      const createdAt = clock.now();
      const rows = inputs.map((input) => ({
        userId: input.userId,
        kind: input.kind,
        projectId: input.projectId,
        params: notificationParamSchemas[input.kind].parse(input.params) as Record<string, unknown>,
        createdAt,
      }));
      await createNotificationsRepository({ db: tx }).insertMany(rows);
    },

    async list(userId: string, { cursor, limit }: { cursor?: string; limit: number }) {
      const beforeId = cursor === undefined ? undefined : decodeNotificationCursor(cursor);
      const rows = await createNotificationsRepository({ db }).listForUser(userId, beforeId, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map(toNotification),
        nextCursor: rows.length > limit && last ? encodeNotificationCursor(last.id) : null,
      };
    },

    /** Only the owner may mark a notification: another user's id answers 404, as if absent. */
    async markRead(userId: string, notificationId: number) {
      const repository = createNotificationsRepository({ db });
      const marked = await repository.markRead(userId, notificationId, clock.now());
      const row = marked && (await repository.findWithProject(userId, notificationId));
      if (!row) throw notificationNotFound();
      return { notification: toNotification(row), hasUnreadNotification: await repository.hasUnread(userId) };
    },

    /** Marks every unread notification read; calling it again marks nothing and keeps the first times. */
    async markAllRead(userId: string) {
      const repository = createNotificationsRepository({ db });
      const marked = await repository.markAllRead(userId, clock.now());
      return { marked, hasUnreadNotification: await repository.hasUnread(userId) };
    },

    hasUnread(userId: string, source: DbOrTx = db): Promise<boolean> {
      return createNotificationsRepository({ db: source }).hasUnread(userId);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  mailableNotificationKinds,
  notificationParamSchemas,
  type Language,
  type LocalizedName,
  type MailableNotificationKind,
  type Notification,
  type NotificationKind,
  type NotificationParams,
  type NotificationPreferences,
} from '@orchard/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { followerIdsOf } from '../artists/artists.service.ts';
import type { EnqueueMailInput, MailService } from '../mail/mail.service.ts';
import { projectReferencesAmong } from '../projects/projects.service.ts';
import { users } from '../users/users.table.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
export { unreadNotificationText } from './notifications.repository.ts';
import { notificationMailPreferences, type NotificationRow } from './notifications.table.ts';

export type NotifyInput<K extends NotificationKind = NotificationKind> = {
  userId: string;
  kind: K;
  projectId: number | null;
  params: NotificationParams<K>;
  /** A once-only notice's key (the sweeps'): a second notice with the same key is not written, nor mailed. */
  dedupeKey?: string;
};

/** A notification of any kind, its params checked against that kind's. */
export type AnyNotifyInput = { [K in NotificationKind]: NotifyInput<K> }[NotificationKind];

/** docs/product.md#notifications: a notification is kept 180 days. */
export const notificationRetentionMs = 180 * 86_400_000;

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

/** The project a notification is about, as it stands when it is read: a hidden one without its title. */
export type NotificationProject = { id: number; title: string | null; hidden: boolean; artistNames: LocalizedName };
export type NotificationWithProject = NotificationRow & { project: NotificationProject | null };

/** The projects of these ids as notifications name them now (docs/product.md#notifications), one read of the projects module. */
async function notificationProjectsOf(source: DbOrTx, projectIds: readonly number[]): Promise<Map<number, NotificationProject>> {
  const references = await projectReferencesAmong(source, [...new Set(projectIds)]);
  return new Map(
    references.map(({ id, title, hidden, artistNames }) => [id, { id, title: hidden ? null : title, hidden, artistNames }]),
  );
}

/** Notifications with their projects: the page's rows, then their projects by id. */
async function withProjects(source: DbOrTx, rows: NotificationRow[]): Promise<NotificationWithProject[]> {
  const projectOf = await notificationProjectsOf(source, rows.flatMap((row) => (row.projectId === null ? [] : [row.projectId])));
  return rows.map((row) => ({ ...row, project: row.projectId === null ? null : (projectOf.get(row.projectId) ?? null) }));
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

/** Followers told per insert when a project opens (a statement's parameters stay well under PostgreSQL's 65,535). */
const followerChunk = 2_000;

function isMailable(kind: string): kind is MailableNotificationKind {
  return (mailableNotificationKinds as string[]).includes(kind);
}

export function createNotificationsService({ db, clock, mail }: { db: Db; clock: Clock; mail?: Pick<MailService, 'enqueueManyWithin'> }) {
  /**
   * The mails of notifications just written, in the same transaction (docs/product.md#notifications):
   * one per notification whose user has an address and has not turned the kind's mail off, in the
   * user's language, naming the project as the list does: by its title, as hidden, or (a request,
   * untitled) by its artist.
   */
  async function mailWithin(tx: DbOrTx, rows: NotificationRow[]): Promise<void> {
    const mailable = rows.filter((row) => isMailable(row.kind));
    if (!mail || mailable.length === 0) return;
    const userIds = [...new Set(mailable.map((row) => row.userId))];
    const recipients = await tx
      .select({ id: users.id, email: users.email, language: users.language })
      .from(users)
      .where(and(inArray(users.id, userIds), isNotNull(users.email), isNull(users.deletedAt)));
    if (recipients.length === 0) return;
    const recipientOf = new Map(recipients.map((recipient) => [recipient.id, recipient]));
    const off = await tx
      .select({ userId: notificationMailPreferences.userId, kind: notificationMailPreferences.kind })
      .from(notificationMailPreferences)
      .where(and(inArray(notificationMailPreferences.userId, [...recipientOf.keys()]), eq(notificationMailPreferences.mail, false)));
    const offKeys = new Set(off.map((row) => `${row.userId}:${row.kind}`));
    const projectOf = await notificationProjectsOf(tx, mailable.flatMap((row) => (row.projectId === null ? [] : [row.projectId])));
    const inputs = mailable.flatMap((row): EnqueueMailInput[] => {
      const recipient = recipientOf.get(row.userId);
      if (!recipient?.email || offKeys.has(`${row.userId}:${row.kind}`)) return [];
      const project = row.projectId === null ? null : (projectOf.get(row.projectId) ?? null);
      return [
        {
          to: recipient.email,
          userId: row.userId,
          language: recipient.language as Language,
          template: row.kind as MailableNotificationKind,
          data: { ...row.params, project } as EnqueueMailInput['data'],
        },
      ];
    });
    await mail.enqueueManyWithin(tx, inputs);
  }

  async function insertAndMailWithin(tx: DbOrTx, rows: Parameters<ReturnType<typeof createNotificationsRepository>['insertMany']>[0]) {
    const written = await createNotificationsRepository({ db: tx }).insertMany(rows);
    await mailWithin(tx, written);
    return written;
  }

  return {
    /**
     * Writes a notification inside the caller's transaction, so it exists exactly when the
     * transition that caused it commits. The params are checked against the kind's schema: a
     * programming error surfaces here, not as a blank text on the user's screen.
     */
    async notifyWithin<K extends NotificationKind>(tx: DbOrTx, input: NotifyInput<K>): Promise<Notification | null> {
      const params = notificationParamSchemas[input.kind].parse(input.params) as Record<string, unknown>;
      const [row] = await insertAndMailWithin(tx, [
        { userId: input.userId, kind: input.kind, projectId: input.projectId, params, createdAt: clock.now(), dedupeKey: input.dedupeKey ?? null },
      ]);
      // Null only for a once-only notice already written (its dedupe key taken).
      return row ? toNotification(row) : null;
    },

    /**
     * Many notifications inside the caller's transaction as one insert (a close's chunk of
     * participants, decision 066), each checked against its kind's schema as notifyWithin checks
     * one; written in the order given.
     */
    async notifyManyWithin(tx: DbOrTx, inputs: readonly AnyNotifyInput[]): Promise<number> {
      const createdAt = clock.now();
      const rows = inputs.map((input) => ({
        userId: input.userId,
        kind: input.kind,
        projectId: input.projectId,
        params: notificationParamSchemas[input.kind].parse(input.params) as Record<string, unknown>,
        createdAt,
        dedupeKey: input.dedupeKey ?? null,
      }));
      return (await insertAndMailWithin(tx, rows)).length;
    },

    /**
     * A project that opened for funding, told to every follower of its artist but its creator, once
     * each (the dedupe key), inside the caller's transaction (docs/product.md#notifications).
     */
    async notifyFollowersOfOpeningWithin(tx: DbOrTx, input: { projectId: number; artistId: number; creatorId: string }): Promise<number> {
      const followers = await followerIdsOf(tx, input.artistId);
      const createdAt = clock.now();
      const rows = followers
        .filter((userId) => userId !== input.creatorId)
        .map((userId) => ({
          userId,
          kind: 'project_opened',
          projectId: input.projectId,
          params: {},
          createdAt,
          dedupeKey: `project_opened:${input.projectId}:${userId}`,
        }));
      let written = 0;
      for (let start = 0; start < rows.length; start += followerChunk) written += (await insertAndMailWithin(tx, rows.slice(start, start + followerChunk))).length;
      return written;
    },

    /** Mail on or off for every mailable kind (on unless turned off). */
    async preferences(userId: string): Promise<NotificationPreferences> {
      const rows = await db.select().from(notificationMailPreferences).where(eq(notificationMailPreferences.userId, userId));
      const stored = new Map(rows.map((row) => [row.kind, row.mail]));
      return { mail: Object.fromEntries(mailableNotificationKinds.map((kind) => [kind, stored.get(kind) ?? true])) as NotificationPreferences['mail'] };
    },

    /** Changes the kinds named, keeps the rest; answers every kind's setting. */
    async updatePreferences(userId: string, patch: { mail: Partial<Record<MailableNotificationKind, boolean>> }): Promise<NotificationPreferences> {
      const now = clock.now();
      const rows = Object.entries(patch.mail).map(([kind, on]) => ({ userId, kind, mail: on === true, updatedAt: now }));
      if (rows.length > 0) {
        await db
          .insert(notificationMailPreferences)
          .values(rows)
          .onConflictDoUpdate({
            target: [notificationMailPreferences.userId, notificationMailPreferences.kind],
            set: { mail: sql`excluded.mail`, updatedAt: sql`excluded.updated_at` },
          });
      }
      return this.preferences(userId);
    },

    /** Retention (docs/product.md#notifications): notifications older than 180 days deleted, in batches. */
    async purgeOld(): Promise<{ deleted: number }> {
      const before = new Date(clock.now().getTime() - notificationRetentionMs);
      let deleted = 0;
      for (;;) {
        const count = await createNotificationsRepository({ db }).deleteCreatedBefore(before, 1_000);
        deleted += count;
        if (count < 1_000) return { deleted };
      }
    },

    async list(userId: string, { cursor, limit }: { cursor?: string; limit: number }) {
      const beforeId = cursor === undefined ? undefined : decodeNotificationCursor(cursor);
      const rows = await createNotificationsRepository({ db }).listForUser(userId, beforeId, limit + 1);
      const page = await withProjects(db, rows.slice(0, limit));
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
      if (!marked) throw notificationNotFound();
      const [row] = await withProjects(db, [marked]);
      return { notification: toNotification(row!), hasUnreadNotification: await repository.hasUnread(userId) };
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

import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notifications, type NotificationRow } from './notifications.table.ts';

export type NewNotification = {
  userId: string;
  kind: string;
  projectId: number | null;
  params: Record<string, unknown>;
  createdAt: Date;
  /** Once-only notices (the sweeps'): a second row with the same key is not written. */
  dedupeKey?: string | null;
};

/**
 * Whether the user whose id is `userId` (SQL text of the caller's named statement, `queryNamed`) has
 * an unread notification: one probe of the partial index notifications_unread_idx.
 */
export const unreadNotificationText = (userId: string) => `exists (select 1 from notifications n where n.user_id = ${userId} and n.read_at is null)`;

export function createNotificationsRepository({ db }: { db: DbOrTx }) {
  return {
    async insert(row: NewNotification): Promise<NotificationRow> {
      const [inserted] = await db.insert(notifications).values(row).returning();
      return inserted!;
    },

    /**
     * Rows in one statement, in the order given (their ids follow it); answers the rows written. A
     * row whose dedupe key is already taken is left out, whichever process wrote it first.
     */
    async insertMany(rows: NewNotification[]): Promise<NotificationRow[]> {
      if (rows.length === 0) return [];
      return db.insert(notifications).values(rows).onConflictDoNothing().returning();
    },

    /** Notifications created before `before` deleted (retention, docs/product.md#notifications); answers how many. */
    async deleteCreatedBefore(before: Date, limit: number): Promise<number> {
      const { rows } = await db.execute<{ id: number }>(
        sql`delete from ${notifications} where ${notifications.id} in (select ${notifications.id} from ${notifications} where ${notifications.createdAt} < ${before.toISOString()}::timestamptz limit ${limit}) returning ${notifications.id}`,
      );
      return rows.length;
    },

    /** The user's notifications with id below `beforeId`, newest first. */
    async listForUser(userId: string, beforeId: number | undefined, limit: number): Promise<NotificationRow[]> {
      return db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), beforeId === undefined ? undefined : lt(notifications.id, beforeId)))
        .orderBy(desc(notifications.id))
        .limit(limit);
    },

    /** Which of these once-only keys are taken already (one probe of the unique index each). */
    async takenDedupeKeys(keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .select({ key: notifications.dedupeKey })
        .from(notifications)
        .where(inArray(notifications.dedupeKey, [...keys]));
      return new Set(rows.map((row) => row.key!));
    },

    /** Marks every unread notification of the user read; answers how many it marked. */
    async markAllRead(userId: string, now: Date): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: now })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    async findForUser(userId: string, id: number): Promise<NotificationRow | undefined> {
      const [row] = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
      return row;
    },

    /** Marks read once: a second call keeps the first time. */
    async markRead(userId: string, id: number, now: Date): Promise<NotificationRow | undefined> {
      const [row] = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning();
      return row;
    },

    async hasUnread(userId: string): Promise<boolean> {
      const rows = await db
        .select({ one: sql<number>`1` })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .limit(1);
      return rows.length > 0;
    },
  };
}

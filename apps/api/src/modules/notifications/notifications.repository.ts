import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notifications, type NotificationRow } from './notifications.table.ts';

export type NewNotification = {
  userId: string;
  kind: string;
  projectId: number | null;
  params: Record<string, unknown>;
  createdAt: Date;
};

export function createNotificationsRepository({ db }: { db: DbOrTx }) {
  return {
    async insert(row: NewNotification): Promise<NotificationRow> {
      const [inserted] = await db.insert(notifications).values(row).returning();
      return inserted!;
    },

    /** The user's notifications with id below `beforeId`, newest first. */
    async listForUser(userId: string, beforeId: number | undefined, limit: number): Promise<NotificationRow[]> {
      return db
        .select()
        .from(notifications)
        .where(beforeId === undefined ? eq(notifications.userId, userId) : and(eq(notifications.userId, userId), lt(notifications.id, beforeId)))
        .orderBy(desc(notifications.id))
        .limit(limit);
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

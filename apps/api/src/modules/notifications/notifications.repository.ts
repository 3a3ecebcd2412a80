import { and, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { LocalizedName } from '@orchard/shared';
import type { DbOrTx } from '../../db/client.ts';
import { artists } from '../artists/artists.table.ts';
import { hiddenProjects } from '../community/community.table.ts';
import { projects } from '../projects/projects.table.ts';
import { notifications, type NotificationRow } from './notifications.table.ts';

/** The project a notification is about, as it stands when the list is read. */
export type NotificationProjectRow = { id: number; title: string | null; hidden: boolean; artistNames: LocalizedName };
export type NotificationWithProject = NotificationRow & { project: NotificationProjectRow | null };

export type NewNotification = {
  userId: string;
  kind: string;
  projectId: number | null;
  params: Record<string, unknown>;
  createdAt: Date;
  /** Once-only notices (the sweeps'): a second row with the same key is not written. */
  dedupeKey?: string | null;
};

/** Whether a project is hidden after a report, read where it is named. */
const projectHidden = sql<boolean>`exists (select 1 from ${hiddenProjects} where ${hiddenProjects.projectId} = ${projects.id})`;

export function createNotificationsRepository({ db }: { db: DbOrTx }) {
  return {
    /** Projects as a notification names them now (a hidden one without its title), for their mails. */
    async projectReferences(projectIds: readonly number[]): Promise<NotificationProjectRow[]> {
      if (projectIds.length === 0) return [];
      const rows = await db
        .select({ id: projects.id, title: projects.title, artistNames: artists.names, hidden: projectHidden })
        .from(projects)
        .innerJoin(artists, eq(artists.id, projects.artistId))
        .where(inArray(projects.id, [...projectIds]));
      return rows.map((row) => ({ ...row, title: row.hidden ? null : row.title }));
    },

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

    /**
     * The user's notifications with id below `beforeId`, newest first, each with its project's
     * title read now (docs/product.md#notifications): one primary-key probe per row of the page.
     */
    async listForUser(userId: string, beforeId: number | undefined, limit: number): Promise<NotificationWithProject[]> {
      const where = beforeId === undefined ? eq(notifications.userId, userId) : and(eq(notifications.userId, userId), lt(notifications.id, beforeId));
      return withProjects(db, where!, limit);
    },

    async findWithProject(userId: string, id: number): Promise<NotificationWithProject | undefined> {
      const [row] = await withProjects(db, and(eq(notifications.id, id), eq(notifications.userId, userId))!, 1);
      return row;
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

/** Notifications matching `where`, newest first, joined to their project (absent: null). */
async function withProjects(db: DbOrTx, where: SQL, limit: number): Promise<NotificationWithProject[]> {
  const rows = await db
    .select({
      notification: notifications,
      projectId: projects.id,
      title: projects.title,
      artistNames: artists.names,
      hidden: projectHidden,
    })
    .from(notifications)
    .leftJoin(projects, eq(projects.id, notifications.projectId))
    .leftJoin(artists, eq(artists.id, projects.artistId))
    .where(where)
    .orderBy(desc(notifications.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row.notification,
    project:
      row.projectId === null || row.artistNames === null
        ? null
        : { id: row.projectId, title: row.hidden ? null : row.title, hidden: row.hidden, artistNames: row.artistNames },
  }));
}

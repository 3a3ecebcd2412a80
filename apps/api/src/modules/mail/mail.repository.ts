import { and, desc, eq, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mailOutbox, type MailOutboxRow } from './mail.table.ts';

export type NewMail = Pick<MailOutboxRow, 'recipient' | 'userId' | 'language' | 'template' | 'data' | 'nextAttemptAt' | 'createdAt'>;

export function createMailRepository({ db }: { db: DbOrTx }) {
  return {
    async insert(row: NewMail): Promise<MailOutboxRow> {
      const [inserted] = await db.insert(mailOutbox).values(row).returning();
      return inserted!;
    },

    async insertMany(rows: NewMail[]): Promise<{ id: number; nextAttemptAt: Date }[]> {
      return db.insert(mailOutbox).values(rows).returning({ id: mailOutbox.id, nextAttemptAt: mailOutbox.nextAttemptAt });
    },

    /** How many mails wait to be sent, and how many of them are due by `now` (the metrics' outbox depth). */
    async depth(now: Date): Promise<{ pending: number; due: number }> {
      const [row] = await db
        .select({
          pending: sql<number>`count(*)::int`,
          due: sql<number>`(count(*) filter (where ${mailOutbox.nextAttemptAt} <= ${now.toISOString()}::timestamptz))::int`,
        })
        .from(mailOutbox)
        .where(eq(mailOutbox.status, 'pending'));
      return { pending: Number(row!.pending), due: Number(row!.due) };
    },

    /** Ids of pending rows due by `now`, oldest due first. */
    async dueIds(now: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
        .orderBy(mailOutbox.nextAttemptAt, mailOutbox.id)
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * Claims a due row for one attempt: counts the attempt and moves its next attempt to the end of
     * the lease, in one statement, so a second drainer (or a second run) finds it not due. Answers
     * the row, or nothing when another took it first or it is no longer due.
     */
    async claim(id: number, now: Date, leaseUntil: Date): Promise<MailOutboxRow | undefined> {
      const [row] = await db
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
        .returning();
      return row;
    },

    async markSent(id: number, at: Date): Promise<void> {
      await db.update(mailOutbox).set({ status: 'sent', sentAt: at, lastError: null }).where(eq(mailOutbox.id, id));
    },

    async markRetry(id: number, nextAttemptAt: Date, error: string): Promise<void> {
      await db.update(mailOutbox).set({ nextAttemptAt, lastError: error }).where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
    },

    /** Puts a claimed row back until `until` without counting the attempt it did not make (the night rule). */
    async hold(id: number, until: Date): Promise<void> {
      await db
        .update(mailOutbox)
        .set({ nextAttemptAt: until, attempts: sql`${mailOutbox.attempts} - 1` })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
    },

    async markFailed(id: number, error: string): Promise<void> {
      await db.update(mailOutbox).set({ status: 'failed', lastError: error }).where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
    },

    /** The latest mails, newest first, keyset on id. */
    async latest(beforeId: number | undefined, limit: number): Promise<MailOutboxRow[]> {
      return db
        .select()
        .from(mailOutbox)
        .where(beforeId === undefined ? undefined : lt(mailOutbox.id, beforeId))
        .orderBy(desc(mailOutbox.id))
        .limit(limit);
    },
  };
}

import { and, eq, type SQL } from 'drizzle-orm';
import { mailOutbox } from '../src/modules/mail/mail.table.ts';
import type { TestContext } from './harness.ts';

/**
 * The mail outbox's rows, oldest first, of a template, to a user, or one by id: the one place tests
 * of other modules look at what was queued, so none of them imports the mail module's table.
 */
export function queuedMails(t: TestContext, filter: { template?: string; userId?: string; id?: number } = {}) {
  const conditions: SQL[] = [];
  if (filter.template !== undefined) conditions.push(eq(mailOutbox.template, filter.template));
  if (filter.userId !== undefined) conditions.push(eq(mailOutbox.userId, filter.userId));
  if (filter.id !== undefined) conditions.push(eq(mailOutbox.id, filter.id));
  return t.database.db.select().from(mailOutbox).where(and(...conditions)).orderBy(mailOutbox.id);
}

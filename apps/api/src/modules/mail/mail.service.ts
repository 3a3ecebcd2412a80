import { and, eq, inArray } from 'drizzle-orm';
import { languages, type Language, type OperatorMail } from '@orchard/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { users } from '../users/users.table.ts';
import { mailSendableFrom } from './mail.night.ts';
import { createMailRepository } from './mail.repository.ts';
import type { MailOutboxRow } from './mail.table.ts';
import { isPromotionalMail, mailTemplateDataSchemas, renderMail, type MailTemplate, type MailTemplateData } from './mail.templates.ts';
import { isPermanentRefusal, type MailTransport } from './mail.transport.ts';

export type EnqueueMailInput<T extends MailTemplate = MailTemplate> = {
  /** The recipient's address. */
  to: string;
  /** The user it is for, when there is one: their night-time consent decides when a promotional mail may leave. */
  userId?: string | null;
  language: Language;
  template: T;
  data: MailTemplateData<T>;
};

/** A claimed attempt's lease: a drainer that dies mid-send leaves the row to be tried again after it. */
const defaultLeaseMs = 10 * 60_000;
const firstRetryMs = 60_000;
const maxRetryMs = 60 * 60_000;
const drainBatch = 50;

/** The wait before the next attempt after `attempts` failed ones: 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(maxRetryMs, firstRetryMs * 2 ** Math.max(0, Math.min(attempts - 1, 20)));
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500);
}

function toOutboxMail(row: MailOutboxRow): OperatorMail {
  return {
    id: row.id,
    recipient: row.recipient,
    language: row.language,
    template: row.template,
    status: row.status as OperatorMail['status'],
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    lastError: row.lastError,
  };
}

/**
 * The mail outbox (docs/architecture.md#mail-outbox). A mail is a row written in the transaction
 * that caused it (`enqueueWithin`), so it exists exactly when that commits; the drain sweep sends
 * due rows one at a time: claim (an attempt counted and a lease set, in one statement), send, then
 * mark sent only after the server accepted it. A failure waits with exponential backoff; a crash
 * between the server's acceptance and the mark sends the mail once more after the lease (at most
 * one duplicate per crash, with the same Message-ID).
 */
export function createMailService({
  db,
  clock,
  transport,
  publicUrl,
  leaseMs = defaultLeaseMs,
}: {
  db: Db;
  clock: Clock;
  transport: MailTransport;
  publicUrl: URL;
  leaseMs?: number;
}) {
  /** The recipient's night-time consent: off when there is no user (an inquiry's address). */
  async function nightConsentOf(source: DbOrTx, userId: string | null | undefined): Promise<boolean> {
    if (!userId) return false;
    const [row] = await source.select({ consent: users.nightNotificationConsent }).from(users).where(eq(users.id, userId));
    return row?.consent ?? false;
  }

  async function enqueueManyWithin(tx: DbOrTx, inputs: readonly EnqueueMailInput[]): Promise<{ id: number; nextAttemptAt: Date }[]> {
    if (inputs.length === 0) return [];
    const now = clock.now();
    const userIds = [...new Set(inputs.flatMap((input) => (input.userId && isPromotionalMail(input.template) ? [input.userId] : [])))];
    const consenting = new Set(
      userIds.length === 0
        ? []
        : (await tx.select({ id: users.id }).from(users).where(and(inArray(users.id, userIds), eq(users.nightNotificationConsent, true)))).map((row) => row.id),
    );
    const rows = inputs.map((input) => {
      if (!languages.includes(input.language)) throw new Error(`mail language ${String(input.language)} is not one of ${languages.join(', ')}`);
      return {
        recipient: input.to,
        userId: input.userId ?? null,
        language: input.language,
        template: input.template,
        data: mailTemplateDataSchemas[input.template].parse(input.data) as Record<string, unknown>,
        nextAttemptAt: mailSendableFrom(now, { promotional: isPromotionalMail(input.template), nightConsent: input.userId ? consenting.has(input.userId) : false }),
        createdAt: now,
      };
    });
    return createMailRepository({ db: tx }).insertMany(rows);
  }

  async function attempt(id: number): Promise<'sent' | 'retry' | 'failed' | 'held' | 'skipped'> {
    const repository = createMailRepository({ db });
    const now = clock.now();
    const row = await repository.claim(id, now, new Date(now.getTime() + leaseMs));
    if (!row) return 'skipped';
    // The night rule holds at sending time too: a promotional retry that falls in the night, or a
    // consent turned off after it was queued, waits for 08:00 KST (docs/product.md#night-time).
    const promotional = isPromotionalMail(row.template as MailTemplate);
    const sendableFrom = mailSendableFrom(now, { promotional, nightConsent: promotional && (await nightConsentOf(db, row.userId)) });
    if (sendableFrom > now) {
      await repository.hold(row.id, sendableFrom);
      return 'held';
    }
    let rendered;
    try {
      rendered = renderMail(row.template as MailTemplate, row.language as Language, row.data, publicUrl);
    } catch (error) {
      await repository.markFailed(row.id, `render: ${errorText(error)}`);
      return 'failed';
    }
    try {
      await transport.send({ id: row.id, to: row.recipient, language: row.language, template: row.template, ...rendered });
    } catch (error) {
      if (isPermanentRefusal(error)) {
        await repository.markFailed(row.id, errorText(error));
        return 'failed';
      }
      await repository.markRetry(row.id, new Date(clock.now().getTime() + retryDelayMs(row.attempts)), errorText(error));
      return 'retry';
    }
    await repository.markSent(row.id, clock.now());
    return 'sent';
  }

  return {
    transportKind: transport.kind,

    /**
     * Queues a mail inside the caller's transaction (docs/architecture.md#mail-outbox): it leaves
     * only if that transaction commits, at once or, for a promotional mail at night without the
     * recipient's consent, at 08:00 KST. The data is checked against the template's schema here. Every mail Orchard sends
     * goes through here (the inquiries module's answer included).
     */
    async enqueueWithin<T extends MailTemplate>(tx: DbOrTx, input: EnqueueMailInput<T>): Promise<{ id: number; nextAttemptAt: Date }> {
      const [queued] = await enqueueManyWithin(tx, [input as EnqueueMailInput]);
      return queued!;
    },

    /** Many mails in one statement (a close's chunk, a project's followers), each as enqueueWithin queues one. */
    enqueueManyWithin,

    /**
     * The drain sweep: every due mail once, one at a time. Safe beside another drainer (the
     * claim is one conditional statement) and after a crash (the lease runs out).
     */
    async drainDue(stop?: AbortSignal): Promise<{ sent: number; retried: number; failed: number; held: number }> {
      const result = { sent: 0, retried: 0, failed: 0, held: 0 };
      const seen = new Set<number>();
      for (;;) {
        const ids = (await createMailRepository({ db }).dueIds(clock.now(), drainBatch)).filter((id) => !seen.has(id));
        if (ids.length === 0) return result;
        for (const id of ids) {
          // Shutdown (decision 084): the mails left stay due for the next drain.
          if (stop?.aborted) return result;
          seen.add(id);
          const outcome = await attempt(id);
          if (outcome === 'sent') result.sent += 1;
          else if (outcome === 'retry') result.retried += 1;
          else if (outcome === 'failed') result.failed += 1;
          else if (outcome === 'held') result.held += 1;
        }
      }
    },

    /** The outbox's depth, read when the metrics are scraped (decision 081). */
    outboxDepth: () => createMailRepository({ db }).depth(clock.now()),

    /** The operator console's list: the latest mails, newest first. */
    async listLatest({ beforeId, limit }: { beforeId?: number; limit: number }) {
      const rows = await createMailRepository({ db }).latest(beforeId, limit + 1);
      const page = rows.slice(0, limit);
      return { items: page.map(toOutboxMail), nextBeforeId: rows.length > limit ? (page.at(-1)?.id ?? null) : null, transport: transport.kind };
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;

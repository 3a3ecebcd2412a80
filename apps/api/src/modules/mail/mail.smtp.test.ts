import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { Language } from '@orchard/shared';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness.ts';
import { users } from '../users/users.table.ts';
import { mailOutbox } from './mail.table.ts';
import { mailTemplates, renderMail, type MailTemplate } from './mail.templates.ts';
import { createSmtpTransport } from './mail.transport.ts';

type Received = { to: string[]; raw: string };

/** A real SMTP server on loopback that keeps what it accepts (docs/architecture.md#mail-outbox). */
function startSmtp(port = 0): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve({ server, port: (server.server.address() as AddressInfo).port, received }));
  });
}

const stopSmtp = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

/** A header's value, unfolded, with RFC 2047 encoded words decoded. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  if (line === undefined) return undefined;
  const value = line.slice(name.length + 1).trim();
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

const dataFor: Record<MailTemplate, unknown> = {
  charge_receipt: { chargeId: '00000000-0000-4000-8000-000000000001', number: 'OR-2026-00000042', approvedAt: '2026-12-01T03:04:05.000Z', item: 'Orange 1,000 + bonus 50', amountKrw: 100000, supplyKrw: 90909, vatKrw: 9091, method: 'card', orderId: 'ord_abc', paymentKeyMasked: 'tviv****6789', merchant: { name: '오차드', businessNumber: '123-45-67890', address: 'Seoul' } },
  approved: { project: { id: 1, title: '생일 광고' }, creationDeadline: '2026-12-08T14:59:59.999Z' },
  rejected: { project: { id: 1, title: '생일 광고' }, reason: 'no inventory' },
  cancelled_deadline: { project: { id: 1, title: '생일 광고' } },
  created: { project: { id: 1, title: '생일 광고' } },
  succeeded: { project: { id: 1, title: '생일 광고' } },
  failed: { project: { id: 1, title: '생일 광고' } },
  cancelled: { project: { id: 1, title: '생일 광고' } },
  awarded: { project: { id: 1, title: '생일 광고' } },
  proof_overdue: { project: { id: 1, title: '생일 광고' }, dueAt: '2027-03-12T14:59:59.999Z', bookedCount: 1, missing: [{ ko: '강남역', en: 'Gangnam', zh: '江南站', ja: '江南駅', es: 'Gangnam' }] },
  points_returned: { project: { id: 1, title: '생일 광고' }, amount: 1200, currency: 'orange' },
  points_expiring: { amount: 300, currency: 'berry', expiresAt: '2026-12-31T14:59:59.999Z' },
  project_opened: { project: { id: 1, title: '생일 광고' } },
  closing_soon: { project: { id: 1, title: '생일 광고' }, closesAt: '2026-12-02T15:00:00.000Z' },
  guardian_refund: { amountKrw: 9900, orange: 90, bonusOrange: 9 },
  inquiry_answered: { inquiryTitle: '환불 문의', answer: '처리했습니다.', nickname: 'fan' },
};

const languages: Language[] = ['ko', 'en', 'zh', 'ja', 'es'];
const origin = 'http://localhost:3000';

describe('mail over SMTP to a loopback server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestContext;
  let fans: Map<Language, TestUser>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestContext({ mailTransport: createSmtpTransport({ url: `smtp://127.0.0.1:${smtp.port}`, from: 'Orchard <no-reply@orchard.localhost>', host: 'orchard.localhost', timeoutMs: 3_000 }) });
    fans = new Map();
    for (const language of languages) {
      const fan = await t.createUser();
      await t.database.db.update(users).set({ email: `${language}@example.test`, language, nightNotificationConsent: true }).where(eq(users.id, fan.id));
      fans.set(language, fan);
    }
    t.clock.set(new Date('2026-12-01T03:00:00Z')); // 12:00 KST
  });
  afterAll(async () => {
    await t.close();
    await stopSmtp(smtp.server);
  });

  it('delivers every template once, in the recipient language, and nothing more on the next drain', async () => {
    const expected = mailTemplates.map((template, index) => {
      const language = languages[index % languages.length]!;
      return { template, language, to: `${language}@example.test`, subject: renderMail(template, language, dataFor[template], new URL(origin)).subject };
    });
    await t.database.db.transaction(async (tx) => {
      for (const mail of expected) {
        await t.services.mail.enqueueWithin(tx, { to: mail.to, userId: fans.get(mail.language)!.id, language: mail.language, template: mail.template, data: dataFor[mail.template] as never });
      }
    });
    expect(await t.services.mail.drainDue()).toEqual({ sent: expected.length, retried: 0, failed: 0, held: 0 });
    expect(await t.services.mail.drainDue()).toEqual({ sent: 0, retried: 0, failed: 0, held: 0 });
    expect(smtp.received).toHaveLength(expected.length);
    for (const mail of expected) {
      const got = smtp.received.filter((received) => header(received.raw, 'X-Orchard-Template') === mail.template);
      expect(got, mail.template).toHaveLength(1);
      expect(got[0]!.to).toEqual([mail.to]);
      expect(header(got[0]!.raw, 'Content-Language')).toBe(mail.language);
      expect(header(got[0]!.raw, 'Subject')).toBe(mail.subject);
    }
    smtp.received.length = 0;
  });

  it('a notification reaches its user by SMTP in their language', async () => {
    const fan = fans.get('zh')!;
    await t.database.db.transaction((tx) => t.services.notifications.notifyWithin(tx, { userId: fan.id, kind: 'points_expiring', projectId: null, params: { amount: 300, currency: 'orange', expiresAt: '2026-12-31T14:59:59.999Z' } }));
    await t.services.mail.drainDue();
    expect(smtp.received.map((received) => [received.to[0], header(received.raw, 'Content-Language'), header(received.raw, 'Subject')])).toEqual([
      ['zh@example.test', 'zh', '[Orchard] 300 橙子 将于 2026-12-31 过期'],
    ]);
    smtp.received.length = 0;
  });

  it('keeps the mail while the server is down and delivers it exactly once when it is back', async () => {
    const port = smtp.port;
    await stopSmtp(smtp.server);
    const fan = fans.get('es')!;
    const { id } = await t.database.db.transaction((tx) =>
      t.services.mail.enqueueWithin(tx, { to: 'es@example.test', userId: fan.id, language: 'es', template: 'failed', data: { project: { id: 9, title: 'Valla en Seúl' } } }),
    );
    expect(await t.services.mail.drainDue()).toMatchObject({ sent: 0, retried: 1 });
    const [waiting] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(waiting!.lastError).toBeTruthy();
    // Not due again before its backoff: a drain now sends nothing and counts nothing.
    expect(await t.services.mail.drainDue()).toMatchObject({ sent: 0, retried: 0 });
    t.clock.advance(60_000);
    expect(await t.services.mail.drainDue()).toMatchObject({ retried: 1 });
    const second = (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
    expect(second.attempts).toBe(2);
    expect(second.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(120_000);
    smtp = await startSmtp(port);
    t.clock.advance(120_000);
    expect(await t.services.mail.drainDue()).toMatchObject({ sent: 1 });
    expect(await t.services.mail.drainDue()).toMatchObject({ sent: 0 });
    // Past any lease and backoff: a sent mail is never due again.
    t.clock.advance(2 * 3_600_000);
    expect(await t.services.mail.drainDue()).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(header(smtp.received[0]!.raw, 'Subject')).toBe('[Orchard] La financiación no alcanzó su meta: Valla en Seúl');
    expect(header(smtp.received[0]!.raw, 'Message-ID')).toBe(`<outbox-${id}@orchard.localhost>`);
    const [sent] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('marks a mail the server refuses for good as failed, without retrying it', async () => {
    const refusing = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('no such mailbox'), { responseCode: 550 }));
      },
    });
    const port = await new Promise<number>((resolve) => refusing.listen(0, '127.0.0.1', () => resolve((refusing.server.address() as AddressInfo).port)));
    const other = await createTestContext({ mailTransport: createSmtpTransport({ url: `smtp://127.0.0.1:${port}`, from: 'Orchard <no-reply@orchard.localhost>', host: 'orchard.localhost', timeoutMs: 3_000 }) });
    try {
      other.clock.set(new Date('2026-12-01T03:00:00Z'));
      const { id } = await other.database.db.transaction((tx) =>
        other.services.mail.enqueueWithin(tx, { to: 'gone@example.test', language: 'en', template: 'inquiry_answered', data: { inquiryTitle: 't', answer: 'a', nickname: 'n' } }),
      );
      expect(await other.services.mail.drainDue()).toMatchObject({ failed: 1 });
      const [row] = await other.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row!.lastError).toContain('no such mailbox');
    } finally {
      await other.close();
      await stopSmtp(refusing);
    }
  });
});

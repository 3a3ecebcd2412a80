import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';

/** One mail ready to leave: addresses, rendered bodies, and its outbox id (its Message-ID). */
export type OutgoingMail = { id: number; to: string; language: string; template: string; subject: string; text: string; html: string };

/**
 * Where mails go (docs/architecture.md#mail-outbox): an SMTP server when SMTP_URL is set, otherwise
 * .eml files in DATA_DIR/outbox. `send` resolves only once the server accepted the mail (or the file
 * is written); a rejection carries the server's response code when there was one.
 */
export type MailTransport = { kind: 'smtp' | 'file'; send(mail: OutgoingMail): Promise<void>; close(): void };

/** The Message-ID of an outbox row: the same on a retry, so a receiver can tell a duplicate. */
function messageIdOf(mail: OutgoingMail, host: string): string {
  return `<outbox-${mail.id}@${host}>`;
}

function messageOf(mail: OutgoingMail, from: string, host: string) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: messageIdOf(mail, host),
    headers: { 'Content-Language': mail.language, 'X-Orchard-Template': mail.template },
  };
}

export function createSmtpTransport({ url, from, host, timeoutMs = 15_000 }: { url: string; from: string; host: string; timeoutMs?: number }): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  } as unknown as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail(messageOf(mail, from, host));
    },
    close: () => transporter.close(),
  };
}

/** Each mail as `<outbox id>-<random>.eml` in `folder` (development and tests without SMTP). */
export function createFileTransport({ folder, from, host }: { folder: string; from: string; host: string }): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(mail) {
      const info = await builder.sendMail(messageOf(mail, from, host));
      await fs.mkdir(folder, { recursive: true });
      const name = `${String(mail.id).padStart(8, '0')}-${randomBytes(4).toString('hex')}.eml`;
      await fs.writeFile(path.join(folder, name), info.message as Buffer, { flag: 'wx' });
    },
    close: () => builder.close(),
  };
}

export function createMailTransport(config: { dataDir: string; publicUrl: URL; mail: { smtpUrl?: string; from: string } }): MailTransport {
  const host = config.publicUrl.hostname;
  if (config.mail.smtpUrl) return createSmtpTransport({ url: config.mail.smtpUrl, from: config.mail.from, host });
  return createFileTransport({ folder: path.join(config.dataDir, 'outbox'), from: config.mail.from, host });
}

/** A refusal the server will give again (5xx): retrying would not help. */
export function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

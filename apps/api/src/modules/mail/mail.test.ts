import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness.ts';
import { users } from '../users/users.table.ts';
import { mailSendableFrom } from './mail.night.ts';
import { retryDelayMs } from './mail.service.ts';
import { escapeHtml, isPromotionalMail, mailTemplates, renderMail } from './mail.templates.ts';
import { mailOutbox } from './mail.table.ts';

/** An instant given as KST wall time. */
const kst = (wall: string) => new Date(`${wall}+09:00`);
const origin = new URL('http://localhost:3000');

describe('the night-time rule (docs/product.md#night-time)', () => {
  const promotional = (nightConsent: boolean) => ({ promotional: true, nightConsent });
  it('holds a promotional mail from 21:00 until 08:00 KST without consent, and never with it', () => {
    expect(mailSendableFrom(kst('2026-12-01T20:59:59.999'), promotional(false))).toEqual(kst('2026-12-01T20:59:59.999'));
    expect(mailSendableFrom(kst('2026-12-01T21:00:00'), promotional(false))).toEqual(kst('2026-12-02T08:00:00'));
    expect(mailSendableFrom(kst('2026-12-01T23:59:00'), promotional(false))).toEqual(kst('2026-12-02T08:00:00'));
    expect(mailSendableFrom(kst('2026-12-02T00:00:00'), promotional(false))).toEqual(kst('2026-12-02T08:00:00'));
    expect(mailSendableFrom(kst('2026-12-02T07:59:59.999'), promotional(false))).toEqual(kst('2026-12-02T08:00:00'));
    expect(mailSendableFrom(kst('2026-12-02T08:00:00'), promotional(false))).toEqual(kst('2026-12-02T08:00:00'));
    for (const wall of ['2026-12-01T20:59:00', '2026-12-01T21:00:00', '2026-12-02T07:59:00', '2026-12-02T08:00:00']) {
      expect(mailSendableFrom(kst(wall), promotional(true))).toEqual(kst(wall));
    }
  });

  it('lets a transactional mail leave at once, night or not, consent or not', () => {
    for (const wall of ['2026-12-01T21:00:00', '2026-12-02T00:00:00', '2026-12-02T06:40:00', '2026-12-02T07:59:59.999']) {
      expect(mailSendableFrom(kst(wall), { promotional: false, nightConsent: false })).toEqual(kst(wall));
    }
  });

  it('counts only new projects of followed artists and closing-soon reminders as promotional', () => {
    expect(mailTemplates.filter(isPromotionalMail)).toEqual(['project_opened', 'closing_soon']);
  });
});

describe('mail templates', () => {
  it('renders every template in every language, each different from English, with the values escaped in HTML', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const samples = {
      approved: { project: { id: 3, title: hostile }, creationDeadline: '2026-12-08T14:59:59.999Z' },
      rejected: { project: { id: 3, title: hostile }, reason: hostile },
      cancelled_deadline: { project: { id: 3, title: hostile } },
      created: { project: { id: 3, title: hostile } },
      succeeded: { project: { id: 3, title: hostile } },
      failed: { project: { id: 3, title: hostile } },
      cancelled: { project: { id: 3, title: hostile }, reason: hostile },
      awarded: { project: { id: 3, title: hostile } },
      proof_overdue: {
        project: { id: 3, title: hostile },
        dueAt: '2027-03-12T14:59:59.999Z',
        bookedCount: 2,
        missing: [{ ko: `강남역 ${hostile}`, en: `Gangnam ${hostile}`, zh: `江南站 ${hostile}`, ja: `江南駅 ${hostile}`, es: `Gangnam ${hostile}` }],
      },
      points_returned: { project: { id: 3, title: hostile }, amount: 12345, currency: 'orange' },
      points_expiring: { amount: 700, currency: 'berry', expiresAt: '2026-12-31T14:59:59.999Z' },
      project_opened: { project: { id: 3, title: hostile } },
      closing_soon: { project: { id: 3, title: hostile }, closesAt: '2026-12-02T15:00:00.000Z' },
      guardian_refund: { amountKrw: 9900, orange: 900, bonusOrange: 0 },
      charge_receipt: { chargeId: '00000000-0000-4000-8000-000000000001', number: 'OR-2026-00000042', approvedAt: '2026-12-01T03:04:05.000Z', item: 'Orange 1,000 + bonus 50', amountKrw: 100000, supplyKrw: 90909, vatKrw: 9091, method: 'card', orderId: 'ord_abc', paymentKeyMasked: 'tviv****6789', merchant: { name: hostile, businessNumber: '123-45-67890', address: 'Seoul' } },
      inquiry_answered: { inquiryTitle: hostile, answer: `line one\n${hostile}`, nickname: 'fan' },
    } as const;
    for (const template of mailTemplates) {
      const english = renderMail(template, 'en', samples[template], origin);
      for (const language of ['ko', 'zh', 'ja', 'es'] as const) {
        const mail = renderMail(template, language, samples[template], origin);
        expect(mail.subject, `${template} ${language}`).not.toBe(english.subject);
        expect(mail.html).toContain(`lang="${language}"`);
      }
      for (const language of ['ko', 'en', 'zh', 'ja', 'es'] as const) {
        const mail = renderMail(template, language, samples[template], origin);
        expect(mail.html).not.toContain('<img');
        if (template !== 'points_expiring' && template !== 'guardian_refund') expect(mail.html).toContain(escapeHtml(hostile));
        expect(mail.text).toContain('http://localhost:3000/');
      }
    }
    const returned = renderMail('points_returned', 'ko', samples.points_returned, origin);
    expect(returned.text).toContain('12,345 오렌지');
    expect(returned.text).toContain('http://localhost:3000/project/3');
    expect(renderMail('points_expiring', 'en', samples.points_expiring, origin).subject).toBe('[Orchard] 700 Berry expire on 2026-12-31');
    expect(renderMail('closing_soon', 'es', samples.closing_soon, origin).text).toContain('2026-12-03 00:00');
    // A receipt: its figures grouped in the reader's language, the method named, its page linked, no opt-out footer.
    const receipt = renderMail('charge_receipt', 'ja', { ...samples.charge_receipt, merchant: { name: 'オーチャード', businessNumber: '123-45-67890', address: 'ソウル' } }, origin);
    expect(receipt.subject).toBe('[Orchard] チャージの領収書 OR-2026-00000042：₩100,000');
    expect(receipt.text).toContain('本体価格 ₩90,909、付加価値税 ₩9,091');
    expect(receipt.text).toContain('お支払い方法：カード');
    expect(receipt.text).toContain('決済日時：2026-12-01 12:04（韓国時間）');
    expect(receipt.text).toContain('http://localhost:3000/my-page/receipt/00000000-0000-4000-8000-000000000001');
    expect(receipt.text).not.toContain('プロフィール編集');
    expect(renderMail('charge_receipt', 'es', samples.charge_receipt, origin).text).toContain('₩100.000');
    // The overdue notice names the missing media in the reader's language, at the due time in KST.
    const overdue = renderMail('proof_overdue', 'ja', samples.proof_overdue, origin).text;
    expect(overdue).toContain(`江南駅 ${hostile}`);
    expect(overdue).toContain('2027-03-12 23:59');
  });

  it('names an untitled request by its artist and a hidden project as hidden, as the notification list does', () => {
    const artistNames = { ko: '루미나', en: 'Lumina', zh: '露米娜', ja: 'ルミナ', es: 'Lumina' };
    const request = { id: 3, title: null, hidden: false, artistNames };
    expect(renderMail('approved', 'ko', { project: request }, origin).subject).toBe('[Orchard] 요청이 승인되었어요: 루미나 광고 요청');
    expect(renderMail('approved', 'ja', { project: request }, origin).text).toContain('「ルミナの広告リクエスト」');
    expect(renderMail('approved', 'en', { project: request }, origin).text).not.toContain('untitled');
    expect(renderMail('succeeded', 'en', { project: { id: 3, title: null, hidden: true, artistNames } }, origin).subject).toBe('[Orchard] Funding succeeded: A project hidden by the operator');
    expect(renderMail('created', 'en', { project: { id: 3, title: 'Subway ad', hidden: false, artistNames } }, origin).subject).toBe('[Orchard] Your project is open: Subway ad');
  });

  it('gives a request cancelled at its deadline its real cause: the 7 days, or a funding end that came first', () => {
    const project = { id: 3, title: null, hidden: false, artistNames: { ko: '루미나', en: 'Lumina', zh: '露米娜', ja: 'ルミナ', es: 'Lumina' } };
    const window = renderMail('cancelled_deadline', 'en', { project, cause: 'creation_window' }, origin).text;
    const fundingEnd = renderMail('cancelled_deadline', 'en', { project, cause: 'funding_end' }, origin).text;
    expect(window).toContain('"Ad request for Lumina" was cancelled: it was not created within 7 days of approval.');
    expect(fundingEnd).toContain('"Ad request for Lumina" was cancelled: its funding end date passed before it was created.');
    expect(fundingEnd).not.toContain('7 days');
    for (const language of ['ko', 'zh', 'ja', 'es'] as const) {
      expect(renderMail('cancelled_deadline', language, { project, cause: 'funding_end' }, origin).text).not.toBe(renderMail('cancelled_deadline', language, { project, cause: 'creation_window' }, origin).text);
    }
  });

  it('greets once in an inquiry’s answer, and its footer offers no way to turn it off (it is always mailed)', () => {
    const data = { inquiryTitle: 'Refund', answer: 'It is refunded.', nickname: 'mina' };
    for (const language of ['ko', 'en', 'zh', 'ja', 'es'] as const) {
      const answer = renderMail('inquiry_answered', language, data, origin);
      const notice = renderMail('succeeded', language, { project: { id: 3, title: 'Ad' } }, origin);
      const [noticeGreeting, , , , , , , noticeFooter] = notice.text.split('\n');
      expect(answer.text.startsWith(noticeGreeting!), language).toBe(false);
      expect(answer.html).not.toContain(escapeHtml(noticeGreeting!));
      expect(answer.text.split('\n')[0]).toContain('mina');
      expect(answer.text).not.toContain(noticeFooter!);
      expect(answer.html).not.toContain(escapeHtml(noticeFooter!));
    }
  });

  it('refuses data that does not fit the template', () => {
    expect(() => renderMail('points_returned', 'en', { project: null, amount: 1.5, currency: 'orange' }, origin)).toThrow();
    expect(() => renderMail('inquiry_answered', 'en', { inquiryTitle: 'x' }, origin)).toThrow();
  });
});

describe('the outbox with the file transport', () => {
  let t: TestContext;
  let fan: TestUser;
  const outboxDir = () => path.join(t.dataDir, 'outbox');
  const emls = () => (fs.existsSync(outboxDir()) ? fs.readdirSync(outboxDir()) : []);
  beforeAll(async () => {
    t = await createTestContext();
    fan = await t.createUser();
    await t.database.db.update(users).set({ email: 'fan@example.test', language: 'ja' }).where(eq(users.id, fan.id));
  });
  afterAll(() => t.close());

  const enqueue = (userId: string | null = fan.id) =>
    t.database.db.transaction((tx) =>
      t.services.mail.enqueueWithin(tx, { to: 'fan@example.test', userId, language: 'ja', template: 'inquiry_answered', data: { inquiryTitle: '返金', answer: '承知しました。', nickname: 'fan' } }),
    );
  /** A promotional mail (docs/product.md#night-time): a closing-soon reminder. */
  const enqueueReminder = (userId: string | null = fan.id) =>
    t.database.db.transaction((tx) =>
      t.services.mail.enqueueWithin(tx, { to: 'fan@example.test', userId, language: 'ja', template: 'closing_soon', data: { project: null, closesAt: '2026-12-05T15:00:00.000Z' } }),
    );

  it('writes nothing when the caller rolls back, and one .eml per mail once drained', async () => {
    t.clock.set(kst('2026-12-01T12:00:00'));
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.services.mail.enqueueWithin(tx, { to: 'a@example.test', language: 'en', template: 'inquiry_answered', data: { inquiryTitle: 't', answer: 'a', nickname: 'n' } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await enqueue();
    expect(await t.services.mail.drainDue()).toMatchObject({ sent: 1 });
    expect(await t.services.mail.drainDue()).toMatchObject({ sent: 0 });
    const files = emls();
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(outboxDir(), files[0]!), 'utf8');
    expect(eml).toContain('To: fan@example.test');
    expect(eml).toContain('Content-Language: ja');
  });

  it('stops between two mails at shutdown, leaving the rest due for the next drain (decision 084)', async () => {
    t.clock.set(kst('2026-12-01T12:00:00'));
    await enqueue();
    await enqueue();
    const stop = new AbortController();
    stop.abort();
    expect(await t.services.mail.drainDue(stop.signal)).toEqual({ sent: 0, retried: 0, failed: 0, held: 0 });
    expect(await t.services.mail.drainDue()).toMatchObject({ sent: 2 });
  });

  it('holds a night-time promotional mail until 08:00 KST unless the user consents, at 20:59, 21:00, 07:59 and 08:00', async () => {
    const hold = async (wall: string, consent: boolean) => {
      await t.database.db.update(users).set({ nightNotificationConsent: consent }).where(eq(users.id, fan.id));
      t.clock.set(kst(wall));
      return (await enqueueReminder()).nextAttemptAt;
    };
    expect(await hold('2026-12-01T20:59:00', false)).toEqual(kst('2026-12-01T20:59:00'));
    expect(await hold('2026-12-01T21:00:00', false)).toEqual(kst('2026-12-02T08:00:00'));
    expect(await hold('2026-12-02T07:59:00', false)).toEqual(kst('2026-12-02T08:00:00'));
    expect(await hold('2026-12-02T08:00:00', false)).toEqual(kst('2026-12-02T08:00:00'));
    expect(await hold('2026-12-01T21:00:00', true)).toEqual(kst('2026-12-01T21:00:00'));
    // An address without a user has no consent: a promotional mail to it waits too, a transactional one does not.
    t.clock.set(kst('2026-12-01T23:00:00'));
    expect((await enqueueReminder(null)).nextAttemptAt).toEqual(kst('2026-12-02T08:00:00'));
    expect((await enqueue(null)).nextAttemptAt).toEqual(kst('2026-12-01T23:00:00'));
  });

  it('drains a held promotional mail only from 08:00 KST, and re-holds one whose consent was turned off', async () => {
    await t.database.db.execute(sql`update mail_outbox set status = 'sent' where status = 'pending'`);
    await t.database.db.update(users).set({ nightNotificationConsent: true }).where(eq(users.id, fan.id));
    t.clock.set(kst('2026-12-03T22:00:00'));
    const consented = await enqueueReminder();
    await t.database.db.update(users).set({ nightNotificationConsent: false }).where(eq(users.id, fan.id));
    const held = await enqueueReminder();
    expect(await t.services.mail.drainDue()).toEqual({ sent: 0, retried: 0, failed: 0, held: 1 });
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, consented.id));
    expect(row).toMatchObject({ status: 'pending', attempts: 0, nextAttemptAt: kst('2026-12-04T08:00:00') });
    t.clock.set(kst('2026-12-04T07:59:59'));
    expect(await t.services.mail.drainDue()).toMatchObject({ sent: 0 });
    t.clock.set(kst('2026-12-04T08:00:00'));
    expect(await t.services.mail.drainDue()).toMatchObject({ sent: 2 });
    const sent = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, held.id));
    expect(sent[0]).toMatchObject({ status: 'sent', attempts: 1, sentAt: kst('2026-12-04T08:00:00') });
  });

  it('at 06:40 KST sends an inquiry’s answer at once and holds a closing-soon reminder until 08:00 (docs/product.md#night-time)', async () => {
    await t.database.db.execute(sql`update mail_outbox set status = 'sent' where status = 'pending'`);
    await t.database.db.update(users).set({ nightNotificationConsent: false }).where(eq(users.id, fan.id));
    const operator = await t.createUser({ roles: ['operator'] });
    t.clock.set(kst('2026-12-07T06:10:00'));
    const inquiry = await t.services.support.createInquiry(fan.id, { nickname: 'fan', email: 'fan@example.test', category: 'FAQC002', title: '返金', content: '返金はいつですか？' }, []);
    t.clock.set(kst('2026-12-07T06:40:00'));
    await t.services.support.answer(operator.id, inquiry.id, '本日中に返金されます。');
    await t.database.db.transaction((tx) =>
      t.services.notifications.notifyWithin(tx, { userId: fan.id, kind: 'closing_soon', projectId: null, params: { closesAt: '2026-12-07T15:00:00.000Z' } }),
    );
    expect(await t.services.mail.drainDue()).toMatchObject({ sent: 1, held: 0 });
    const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'sent')).orderBy(mailOutbox.id);
    expect(rows.at(-1)).toMatchObject({ template: 'inquiry_answered', sentAt: kst('2026-12-07T06:40:00') });
    const [reminder] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'pending'));
    expect(reminder).toMatchObject({ template: 'closing_soon', nextAttemptAt: kst('2026-12-07T08:00:00') });
    t.clock.set(kst('2026-12-07T08:00:00'));
    expect(await t.services.mail.drainDue()).toMatchObject({ sent: 1 });
  });

  it('backs off 1, 2, 4 … minutes, at most an hour', () => {
    expect([1, 2, 3, 4, 7, 8, 30].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000, 3_600_000, 3_600_000, 3_600_000]);
  });
});

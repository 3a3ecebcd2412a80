import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqCategories, languages, type FaqResponse, type Inquiry, type OperatorInquiry } from '@orchard/shared';
import { createTestContext, errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { creditOrange, requestProject, validRequestBody } from '../../../test/projects-kit.ts';
import { multipart, pixelFloodPng, type Part } from '../../../test/uploads-kit.ts';
import { ensureFaqSeeded, faqSeed } from './faq.seed.ts';

const photo = (width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: '#ff7a45' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'secret-owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 33/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '126/1 58/1 0/1' },
    })
    .toBuffer();

const fields = (overrides: Record<string, string | undefined> = {}): Part[] =>
  Object.entries({ nickname: 'fan one', email: 'fan@example.com', category: 'FAQC002', title: 'Refund question', content: 'Line one\nLine two', ...overrides })
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, content]) => ({ name, content }));
const image = (content: Buffer, filename = 'a.jpg'): Part => ({ name: 'images', filename, contentType: 'image/jpeg', content });

describe('customer support: FAQ, inquiries, the inbox, retention (docs/product.md#faq, docs/product.md#inquiries)', () => {
  let t: TestContext;
  let operator: TestUser;
  let fan: TestUser;
  let other: TestUser;

  const send = (user: TestUser | undefined, parts: Part[]) => {
    const form = multipart(parts);
    return t.request({ method: 'POST', url: '/api/inquiries', cookie: user?.cookie, headers: form.headers, payload: form.payload });
  };
  const mine = async (user: TestUser, query = '') => {
    const response = await t.request({ url: `/api/inquiries${query}`, cookie: user.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { items: Inquiry[]; nextCursor: string | null };
  };
  const inbox = async (query = '?status=open') => {
    const response = await t.request({ url: `/api/operator/inquiries${query}`, cookie: operator.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { items: OperatorInquiry[]; nextCursor: string | null };
  };
  const answer = (inquiryId: number | string, body: unknown, user = operator) =>
    t.request({ method: 'POST', url: `/api/operator/inquiries/${inquiryId}/answer`, cookie: user.cookie, payload: body as object });

  beforeAll(async () => {
    t = await createTestContext({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000', RATE_LIMIT_UPLOADS_PER_MINUTE: '100000' } });
    await ensureFaqSeeded(t.database.db, t.clock.now());
    operator = await t.createUser({ roles: ['operator'] });
    fan = await t.createUser();
    other = await t.createUser();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('FAQ', () => {
    it('answers the five categories in each language, every seeded question in it, and seeding twice adds nothing', async () => {
      await ensureFaqSeeded(t.database.db, t.clock.now());
      const seen = new Map<string, string>();
      for (const lang of languages) {
        const response = await t.request({ url: `/api/faq?lang=${lang}` });
        expect(response.statusCode).toBe(200);
        const faq = response.json() as FaqResponse;
        expect(faq.categories.map((category) => category.code)).toEqual([...faqCategories]);
        expect(faq.categories.flatMap((category) => category.questions)).toHaveLength(faqSeed.length);
        for (const category of faq.categories) expect(category.questions.length).toBeGreaterThan(0);
        const first = faq.categories[0]!.questions[0]!;
        expect(first.answer.length).toBeGreaterThan(40);
        seen.set(lang, first.answer);
      }
      expect(new Set(seen.values()).size).toBe(languages.length);
      expect(seen.get('ko')).toContain('5%');
      // Accept-Language without ?lang=.
      const spanish = (await t.request({ url: '/api/faq', headers: { 'accept-language': 'es-ES,es;q=0.9' } })).json() as FaqResponse;
      expect(spanish.categories[1]!.name).toBe('Pagos y reembolsos');
    });

    it('says in every language that an inquiry’s answer is mailed at once, at night too (docs/product.md#night-time)', async () => {
      const night = { ko: '밤에도 바로', en: 'at night too', zh: '在夜间也会立即发送', ja: '夜間でもすぐに', es: 'también de noche' } as const;
      for (const lang of languages) {
        const faq = (await t.request({ url: `/api/faq?lang=${lang}` })).json() as FaqResponse;
        const other = faq.categories.find((category) => category.code === 'FAQC005')!;
        expect(other.questions.at(-1)!.answer, lang).toContain(night[lang]);
      }
    });

    it('refuses a bad language and unknown query fields', async () => {
      for (const query of ['?lang=fr', '?lang=', '?lang=ko&x=1', '?__proto__=1', `?lang=${'k'.repeat(5000)}`]) {
        const response = await t.request({ url: `/api/faq${query}` });
        expect(response.statusCode, query).toBe(400);
        expect(errorCode(response)).toBe('validation.invalid');
      }
    });

    it('lets only operators edit an entry, in all five languages, audit-logged, and the fans read the edit', async () => {
      const list = (await (await t.request({ url: '/api/operator/faq', cookie: operator.cookie })).json()) as { items: { id: number; question: Record<string, string>; answer: Record<string, string> }[] };
      const entry = list.items[0]!;
      const body = { question: { ...entry.question, es: '¿Pregunta <b>nueva</b>?' }, answer: { ...entry.answer, es: 'Respuesta nueva.\nSegunda línea.' } };
      for (const user of [undefined, fan]) {
        expect((await t.request({ url: '/api/operator/faq', cookie: user?.cookie })).statusCode).toBe(user ? 403 : 401);
        expect((await t.request({ method: 'PUT', url: `/api/operator/faq/${entry.id}`, cookie: user?.cookie, payload: body })).statusCode).toBe(user ? 403 : 401);
      }
      for (const bad of [{}, { question: body.question }, { ...body, extra: 1 }, { question: { ...body.question, es: '' }, answer: body.answer }, { question: { ...body.question, es: 'a\u0000b' }, answer: body.answer }, { question: { ...body.question, fr: 'x' }, answer: body.answer }]) {
        const response = await t.request({ method: 'PUT', url: `/api/operator/faq/${entry.id}`, cookie: operator.cookie, payload: bad });
        expect(response.statusCode, JSON.stringify(bad).slice(0, 60)).toBe(400);
      }
      expect(errorCode(await t.request({ method: 'PUT', url: '/api/operator/faq/999999', cookie: operator.cookie, payload: body }))).toBe('faq.not_found');
      expect((await t.request({ method: 'PUT', url: `/api/operator/faq/${entry.id}`, cookie: operator.cookie, payload: body })).statusCode).toBe(200);
      const faq = (await t.request({ url: '/api/faq?lang=es' })).json() as FaqResponse;
      expect(faq.categories.flatMap((category) => category.questions).find((question) => question.id === entry.id)).toMatchObject({ question: '¿Pregunta <b>nueva</b>?', answer: 'Respuesta nueva.\nSegunda línea.' });
      const audit = await t.database.db.execute<{ action: string }>(sql`select action from operator_audit_log where action = 'faq.update'`);
      expect(audit.rows).toHaveLength(1);
    });
  });

  describe('inquiries', () => {
    it('takes an inquiry with three images re-encoded as WebP without EXIF, stored privately, and lists it to its author only', async () => {
      const response = await send(fan, [...fields(), image(await photo()), image(await photo(900, 1600)), image(await photo(64, 64))]);
      expect(response.statusCode, response.body).toBe(201);
      const { inquiry } = response.json() as { inquiry: { id: number; status: string } };
      expect(inquiry).toEqual({ id: expect.any(Number), status: 'open' });
      const [listed] = (await mine(fan)).items;
      expect(listed).toMatchObject({ id: inquiry.id, status: 'open', title: 'Refund question', content: 'Line one\nLine two', email: 'fan@example.com', answer: null });
      expect(listed!.images).toHaveLength(3);
      for (const { url } of listed!.images) {
        expect(url).not.toContain('/api/files/');
        const own = await t.request({ url, cookie: fan.cookie });
        expect(own.statusCode).toBe(200);
        expect(own.headers['content-type']).toBe('image/webp');
        expect(own.headers['x-content-type-options']).toBe('nosniff');
        expect(own.headers['cache-control']).toContain('private');
        const metadata = await sharp(own.rawPayload).metadata();
        expect(metadata.format).toBe('webp');
        expect(metadata.exif).toBeUndefined();
        expect(own.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
        // docs/quality.md#s1: another fan and a stranger never see it; an operator does.
        expect((await t.request({ url, cookie: other.cookie })).statusCode).toBe(404);
        expect((await t.request({ url })).statusCode).toBe(401);
        expect((await t.request({ url, cookie: operator.cookie })).statusCode).toBe(200);
      }
      expect((await sharp((await t.request({ url: listed!.images[1]!.url, cookie: fan.cookie })).rawPayload).metadata()).height).toBe(1600);
      // Nothing of it lies under the public uploads folder.
      const publicRoot = path.join(t.dataDir, 'uploads', 'inquiry-images');
      expect(fs.existsSync(publicRoot)).toBe(false);
      expect((await mine(other)).items).toEqual([]);
      expect((await t.request({ url: `/api/inquiries/${inquiry.id}/images/999999`, cookie: fan.cookie })).statusCode).toBe(404);
    });

    it('links a project and the fan’s own transaction; another’s transaction or an unknown project is refused', async () => {
      const artistId = await t.createArtist();
      const project = await requestProject(t, other, await validRequestBody(t, artistId));
      await creditOrange(t, fan.id, 100);
      await creditOrange(t, other.id, 100);
      const ids = async (user: TestUser) =>
        (await t.database.db.execute<{ id: string }>(sql`select id::text from point_transactions where user_id = ${user.id} order by id`)).rows.map((row) => row.id);
      const [own] = await ids(fan);
      const [others] = await ids(other);
      const linked = await send(fan, fields({ projectId: String(project.id), transactionId: own }));
      expect(linked.statusCode, linked.body).toBe(201);
      expect((await mine(fan)).items[0]).toMatchObject({ projectId: project.id, transactionId: own });
      expect(errorCode(await send(fan, fields({ transactionId: others })))).toBe('inquiries.transaction_not_found');
      // A browser sends a textarea's line breaks as CRLF: they are stored as the LF typed.
      expect((await send(fan, fields({ title: 'Line breaks', content: 'one\r\ntwo\rthree' }))).statusCode).toBe(201);
      expect((await mine(fan)).items[0]).toMatchObject({ title: 'Line breaks', content: 'one\ntwo\nthree' });
      expect(errorCode(await send(fan, fields({ projectId: '2147483647' })))).toBe('inquiries.project_not_found');
    });

    it('refuses bad fields with coded errors and stores nothing', async () => {
      const before = (await mine(fan)).items.length;
      const cases: [Part[], string][] = [
        [fields({ email: 'not-an-email' }), 'inquiries.invalid_email'],
        [fields({ email: '' }), 'inquiries.invalid_email'],
        [fields({ email: `${'a'.repeat(250)}@example.com` }), 'inquiries.invalid_email'],
        [fields({ title: undefined }), 'inquiries.invalid'],
        [fields({ title: '   ' }), 'inquiries.invalid'],
        [fields({ title: 'x'.repeat(101) }), 'inquiries.invalid'],
        [fields({ content: 'a\u0000b' }), 'inquiries.invalid'],
        // One-line fields: a line or paragraph separator would break the mail subject (docs/product.md#creation).
        [fields({ title: 'Refund\u2028Bcc: x' }), 'inquiries.invalid'],
        [fields({ title: 'Refund\u2029please' }), 'inquiries.invalid'],
        [fields({ nickname: 'fan\u2028one' }), 'inquiries.invalid'],
        [fields({ category: 'FAQC006' }), 'inquiries.invalid'],
        [fields({ nickname: undefined }), 'inquiries.invalid'],
        [fields({ projectId: '-1' }), 'inquiries.invalid'],
        [fields({ projectId: '1.5' }), 'inquiries.invalid'],
        [fields({ transactionId: '1e3' }), 'inquiries.invalid'],
        [[...fields(), { name: 'extra', content: 'x' }], 'inquiries.invalid'],
        [[...fields(), { name: 'title', content: 'twice' }], 'inquiries.invalid'],
        [[...fields(), { name: '__proto__', content: 'x' }], 'validation.invalid'],
        [[...fields(), { name: 'avatar', filename: 'a.jpg', content: 'x' }], 'inquiries.invalid'],
      ];
      for (const [parts, code] of cases) {
        const response = await send(fan, parts);
        expect(response.statusCode, `${code} ${response.body}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(errorCode(response), response.body).toBe(code);
      }
      expect(errorCode(await send(fan, fields({ content: 'x'.repeat(30_000) })))).toMatch(/^inquiries\.invalid$|^request\.too_large$/);
      const json = await t.request({ method: 'POST', url: '/api/inquiries', cookie: fan.cookie, payload: { title: 'x' } });
      expect(json.statusCode).toBe(415);
      expect((await send(undefined, fields())).statusCode).toBe(401);
      expect((await mine(fan)).items.length).toBe(before);
    });

    it('docs/quality.md#s6: a 6th file, 20 MiB + 1 byte, wrong magic bytes, a pixel flood and an SVG are refused; nothing is stored', async () => {
      const before = (await mine(fan)).items.length;
      const ok = await photo(32, 32);
      const six = await send(fan, [...fields(), ...Array.from({ length: 6 }, () => image(ok))]);
      expect(six.statusCode).toBe(413);
      expect(six.json()).toMatchObject({ error: { code: 'inquiries.too_many_images', message: 'The number of attached files exceeds the limit.' } });
      const big = await send(fan, [...fields(), image(Buffer.concat([ok, Buffer.alloc(20 * 1024 * 1024 + 1 - ok.length)]))]);
      expect(big.statusCode).toBe(413);
      expect(big.json()).toMatchObject({ error: { code: 'inquiries.image_too_large', message: 'The size of the attached file exceeds the limit.' } });
      const exactly = await send(fan, [...fields(), image(Buffer.concat([ok, Buffer.alloc(20 * 1024 * 1024 - ok.length)]))]);
      expect(exactly.statusCode, exactly.body).toBe(201);
      expect(errorCode(await send(fan, [...fields(), image(Buffer.from('<?php echo 1; ?>'), 'a.jpg.php')]))).toBe('uploads.unsupported_type');
      expect(errorCode(await send(fan, [...fields(), image(pixelFloodPng(), 'flood.png')]))).toBe('uploads.dimensions_too_large');
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');
      expect(errorCode(await send(fan, [...fields(), { name: 'images', filename: '../../x.svg', contentType: 'image/svg+xml', content: svg }]))).toBe('uploads.unsupported_type');
      expect(errorCode(await send(fan, [...fields(), image(Buffer.alloc(0))]))).toBe('uploads.empty_file');
      expect((await mine(fan)).items.length).toBe(before + 1);
      const stored = fs.readdirSync(path.join(t.dataDir, 'private', 'inquiry-images'));
      const rows = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from inquiry_images`);
      expect(stored).toHaveLength(rows.rows[0]!.n);
    });

    it('pages the fan’s list by cursor and refuses a forged cursor', async () => {
      const first = await mine(fan, '?limit=2');
      expect(first.items).toHaveLength(2);
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = await mine(fan, `?limit=2&cursor=${first.nextCursor}`);
      expect(second.items[0]!.id).toBeLessThan(first.items[1]!.id);
      for (const query of ['?cursor=abc', `?cursor=${Buffer.from('{"before":-1}').toString('base64url')}`, '?limit=0', '?limit=51', '?x=1']) {
        const response = await t.request({ url: `/api/inquiries${query}`, cookie: fan.cookie });
        expect(response.statusCode, query).toBe(400);
      }
    });
  });

  describe('the operators’ inbox and answer', () => {
    it('lists open inquiries oldest first with their waiting time, to operators only', async () => {
      t.clock.advance(3_600_000);
      const { items } = await inbox();
      expect(items.length).toBeGreaterThan(1);
      expect(items.map((item) => item.id)).toEqual([...items.map((item) => item.id)].sort((a, b) => a - b));
      expect(items[0]!.waitingSeconds).toBeGreaterThanOrEqual(3600);
      expect(items.some((item) => item.projectId !== null)).toBe(true);
      expect(items.find((item) => item.transactionId !== null)?.transaction).toMatchObject({ type: 'charge', currency: 'orange', amount: 100 });
      // The linked project's title as the projects module has it now.
      const linkedProjectId = items.find((item) => item.projectId !== null)!.projectId!;
      await t.database.db.execute(sql`update projects set title = 'Inbox project title' where id = ${linkedProjectId}`);
      expect((await inbox()).items.find((item) => item.projectId === linkedProjectId)?.projectTitle).toBe('Inbox project title');
      expect((await t.request({ url: '/api/operator/inquiries?status=open', cookie: fan.cookie })).statusCode).toBe(403);
      expect((await t.request({ url: '/api/operator/inquiries?status=open' })).statusCode).toBe(401);
      for (const query of ['?status=closed', '?cursor=x', '?limit=100', '?status=open&y=1']) {
        expect((await t.request({ url: `/api/operator/inquiries${query}`, cookie: operator.cookie })).statusCode, query).toBe(400);
      }
      const page = await inbox('?status=open&limit=1');
      const next = await inbox(`?status=open&limit=1&cursor=${page.nextCursor}`);
      expect(next.items[0]!.id).toBeGreaterThan(page.items[0]!.id);
    });

    it('answers once: the fan sees the answer, is notified, the mail is queued to the inquiry’s email, and it is audited', async () => {
      const [first] = (await inbox()).items;
      for (const body of [{}, { answer: '' }, { answer: '  ' }, { answer: 'x'.repeat(10_001) }, { answer: 'a\u0000' }, { answer: 1 }, { answer: 'ok', extra: 1 }]) {
        expect((await answer(first!.id, body)).statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      }
      expect((await answer(first!.id, { answer: 'Hello' }, fan)).statusCode).toBe(403);
      expect(errorCode(await answer(2_147_483_647, { answer: 'Hello' }))).toBe('inquiries.not_found');
      expect((await answer('abc', { answer: 'Hello' })).statusCode).toBe(400);
      const response = await answer(first!.id, { answer: '  It is refunded within 7 days.\nThanks.  ' });
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as { inquiry: OperatorInquiry }).inquiry).toMatchObject({ status: 'answered', answer: 'It is refunded within 7 days.\nThanks.' });
      expect(errorCode(await answer(first!.id, { answer: 'Again' }))).toBe('inquiries.already_answered');
      const listed = (await mine(fan)).items.find((item) => item.id === first!.id);
      expect(listed).toMatchObject({ status: 'answered', answer: 'It is refunded within 7 days.\nThanks.', answeredAt: expect.any(String) });
      const notes = await t.database.db.execute<{ kind: string; params: { inquiryId?: number } }>(sql`select kind, params from notifications where user_id = ${fan.id}`);
      expect(notes.rows).toEqual([{ kind: 'inquiry_answered', params: { inquiryId: first!.id } }]);
      const mails = await t.database.db.execute<{ recipient: string; template: string; data: Record<string, string> }>(
        sql`select recipient, template, data from mail_outbox where template = 'inquiry_answered'`,
      );
      expect(mails.rows).toEqual([{ recipient: 'fan@example.com', template: 'inquiry_answered', data: { inquiryTitle: 'Refund question', answer: 'It is refunded within 7 days.\nThanks.', nickname: 'fan one' } }]);
      expect((await inbox()).items.map((item) => item.id)).not.toContain(first!.id);
      expect((await inbox('?status=answered')).items.map((item) => item.id)).toContain(first!.id);
      const audit = await t.database.db.execute(sql`select 1 from operator_audit_log where action = 'inquiry.answer'`);
      expect(audit.rows).toHaveLength(1);
    });
  });

  describe('retention', () => {
    it('deletes images 180 days after, and the inquiry 3 years after, exactly at their edges', async () => {
      const sent = await send(other, [...fields({ title: 'Kept for a while' }), image(await photo(40, 40))]);
      expect(sent.statusCode).toBe(201);
      const { id } = (sent.json() as { inquiry: { id: number } }).inquiry;
      const start = new Date((await mine(other)).items.find((item) => item.id === id)!.createdAt);
      const key = (await t.database.db.execute<{ storage_key: string }>(sql`select storage_key from inquiry_images where inquiry_id = ${id}`)).rows[0]!.storage_key;
      const file = path.join(t.dataDir, 'private', key);
      expect(fs.existsSync(file)).toBe(true);
      const sweep = async () => {
        for (const name of ['support.purge-inquiry-images', 'support.purge-inquiries']) await t.services.sweeps.find((s) => s.name === name)!.run();
      };
      // Sessions follow the clock too: the rows are read directly.
      const imagesOf = async () => (await t.database.db.execute(sql`select 1 from inquiry_images where inquiry_id = ${id}`)).rows.length;
      const exists = async () => (await t.database.db.execute(sql`select 1 from inquiries where id = ${id}`)).rows.length === 1;

      t.clock.set(new Date(start.getTime() + 180 * 86_400_000 - 1));
      await sweep();
      expect(await imagesOf()).toBe(1);
      expect(fs.existsSync(file)).toBe(true);
      t.clock.set(new Date(start.getTime() + 180 * 86_400_000));
      await sweep();
      await sweep();
      expect(await imagesOf()).toBe(0);
      expect(fs.existsSync(file)).toBe(false);
      expect(await exists()).toBe(true);

      const threeYears = new Date(start);
      threeYears.setUTCFullYear(threeYears.getUTCFullYear() + 3);
      t.clock.set(new Date(threeYears.getTime() - 1));
      await sweep();
      expect(await exists()).toBe(true);
      t.clock.set(threeYears);
      await sweep();
      expect(await exists()).toBe(false);
      const left = await t.database.db.execute(sql`select 1 from inquiries where id = ${id}`);
      expect(left.rows).toHaveLength(0);
    });
  });
});

describe('inquiries: the uploads rate limit (docs/quality.md#s8)', () => {
  it('answers 429 with Retry-After past the per-user limit, counted per user', async () => {
    const t = await createTestContext({ env: { RATE_LIMIT_UPLOADS_PER_MINUTE: '3' } });
    try {
      const fan = await t.createUser();
      const other = await t.createUser();
      const send = (user: TestUser) => {
        const form = multipart(fields());
        return t.request({ method: 'POST', url: '/api/inquiries', cookie: user.cookie, headers: { ...form.headers, 'x-forwarded-for': `10.0.0.${Math.floor(Math.random() * 200)}` }, payload: form.payload });
      };
      const statuses: number[] = [];
      for (let i = 0; i < 30; i += 1) statuses.push((await send(fan)).statusCode);
      expect(statuses.slice(0, 3)).toEqual([201, 201, 201]);
      expect(statuses.slice(3).every((status) => status === 429)).toBe(true);
      const limited = await send(fan);
      expect(limited.headers['retry-after']).toBeDefined();
      expect(errorCode(limited)).toBe('rate_limited');
      expect((await send(other)).statusCode).toBe(201);
      const rows = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from inquiries`);
      expect(rows.rows[0]!.n).toBe(4);
    } finally {
      await t.close();
    }
  });
});

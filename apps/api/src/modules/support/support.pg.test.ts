import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { multipart } from '../../../test/uploads-kit.ts';

/**
 * Answers racing each other and retention sweeps racing each other on real PostgreSQL
 * (api-postgres project only): the row lock on the inquiry, not a read before the write, decides
 * that one answer is recorded, notified and mailed once.
 */
describe('inquiries under concurrency (PostgreSQL)', () => {
  let t: TestContext;
  let operators: TestUser[];
  let fan: TestUser;

  const send = async (title: string) => {
    const form = multipart(
      Object.entries({ nickname: 'fan', email: 'fan@example.com', category: 'FAQC005', title, content: 'Hello' }).map(([name, content]) => ({ name, content })),
    );
    const response = await t.request({ method: 'POST', url: '/api/inquiries', cookie: fan.cookie, headers: form.headers, payload: form.payload });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { inquiry: { id: number } }).inquiry.id;
  };

  beforeAll(async () => {
    t = await createTestContext({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000', RATE_LIMIT_UPLOADS_PER_MINUTE: '100000' } });
    operators = [await t.createUser({ roles: ['operator'] }), await t.createUser({ roles: ['operator'] })];
    fan = await t.createUser();
  });
  afterAll(async () => {
    await t.close();
  });

  it('two operators answering one inquiry at once: one 200, one 409, one notification, one mail (10 rounds)', async () => {
    for (let round = 0; round < 10; round += 1) {
      const id = await send(`race ${round}`);
      const answers = await Promise.all(
        operators.map((operator, index) =>
          t.request({ method: 'POST', url: `/api/operator/inquiries/${id}/answer`, cookie: operator.cookie, payload: { answer: `answer ${index}` } }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(errorCode(answers.find((answer) => answer.statusCode === 409)!)).toBe('inquiries.already_answered');
      const notes = await t.database.db.execute(sql`select 1 from notifications where user_id = ${fan.id} and kind = 'inquiry_answered' and (params->>'inquiryId')::int = ${id}`);
      expect(notes.rows).toHaveLength(1);
      const mails = await t.database.db.execute<{ data: { answer: string } }>(sql`select data from mail_outbox where template = 'inquiry_answered' and data->>'inquiryTitle' = ${`race ${round}`}`);
      expect(mails.rows).toHaveLength(1);
      const [row] = (await t.database.db.execute<{ answer: string }>(sql`select answer from inquiries where id = ${id}`)).rows;
      expect(mails.rows[0]!.data.answer).toBe(row!.answer);
    }
  });

  it('two retention sweeps at once delete each inquiry once and leave nothing behind', async () => {
    for (let i = 0; i < 5; i += 1) await send(`old ${i}`);
    const sent = t.clock.now().getTime();
    t.clock.set(new Date(sent + 4 * 365 * 86_400_000));
    const purge = t.services.sweeps.find((sweep) => sweep.name === 'support.purge-inquiries')!;
    await Promise.all([purge.run(), purge.run(), t.services.support.purgeExpiredInquiries()]);
    const left = await t.database.db.execute(sql`select 1 from inquiries where title like 'old %'`);
    expect(left.rows).toHaveLength(0);
  });
});

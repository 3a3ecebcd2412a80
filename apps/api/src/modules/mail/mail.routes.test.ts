import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import type { OperatorMailsPage } from '@orchard/shared';

describe('GET /api/operator/mails', () => {
  let t: TestContext;
  let operator: TestUser;
  let fan: TestUser;
  beforeAll(async () => {
    t = await createTestContext();
    operator = await t.createUser({ roles: ['operator'] });
    fan = await t.createUser();
    await t.database.db.transaction(async (tx) => {
      for (const nickname of ['first', 'second', 'third']) {
        await t.services.mail.enqueueWithin(tx, { to: `${nickname}@example.test`, language: 'ko', template: 'inquiry_answered', data: { inquiryTitle: 't', answer: 'a', nickname } });
      }
    });
    await t.services.mail.drainDue();
  });
  afterAll(() => t.close());

  const list = (user: TestUser | null, query = '') => t.request({ url: `/api/operator/mails${query}`, cookie: user?.cookie });

  it('lists the latest mails newest first, a page at a time, with the transport', async () => {
    const first = await list(operator, '?limit=2');
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json() as OperatorMailsPage;
    expect(page.transport).toBe('file');
    expect(page.items.map((mail) => [mail.recipient, mail.status, mail.template])).toEqual([
      ['third@example.test', 'sent', 'inquiry_answered'],
      ['second@example.test', 'sent', 'inquiry_answered'],
    ]);
    const next = (await list(operator, `?limit=2&beforeId=${page.nextBeforeId}`)).json() as OperatorMailsPage;
    expect(next.items.map((mail) => mail.recipient)).toEqual(['first@example.test']);
    expect(next.nextBeforeId).toBeNull();
  });

  it('is for operators only', async () => {
    expect((await list(null)).statusCode).toBe(401);
    const refused = await list(fan);
    expect(refused.statusCode).toBe(403);
  });

  it('refuses bad queries with a coded 400', async () => {
    for (const query of ['?limit=0', '?limit=51', '?limit=1.5', '?limit=abc', '?beforeId=-1', '?beforeId=0', '?beforeId=99999999999', '?beforeId=1e3', '?x=1', `?limit=${'9'.repeat(5000)}`, '?__proto__=1']) {
      const response = await list(operator, query);
      expect(response.statusCode, `${query.slice(0, 40)} → ${response.body.slice(0, 120)}`).toBe(400);
      expect(errorCode(response)).toMatch(/^[a-z_]+\.[a-z_]+$/);
    }
  });
});

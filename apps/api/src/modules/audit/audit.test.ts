import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorAuditLogEntry, OperatorAuditLogPage } from '@orchard/shared';
import { sql } from 'drizzle-orm';
import { createdProject, hideProject } from '../../../test/community-kit.ts';
import { createTestContext, errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { expectLedgerClean } from '../../../test/points-fixtures.ts';
import { decide, eventBody, postEvent, requestProject, validRequestBody } from '../../../test/projects-kit.ts';

/** GET /api/operator/audit-log: operators read what operators did (docs/product.md#operators). */
describe('the operator audit log', () => {
  let t: TestContext;
  let alice: TestUser;
  let bob: TestUser;
  let artistId: number;

  beforeAll(async () => {
    t = await createTestContext({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000', RATE_LIMIT_UPLOADS_PER_MINUTE: '100000' } });
    alice = await t.createUser({ roles: ['operator'], nickname: 'ops_alice' });
    bob = await t.createUser({ roles: ['operator'], nickname: 'ops_bob' });
    artistId = await t.createArtist();
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  const read = async (query = '', user: TestUser = alice) => {
    const response = await t.request({ url: `/api/operator/audit-log${query}`, cookie: user.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as OperatorAuditLogPage;
  };

  it('answers each action with who, what, when and the state before and after, newest first', async () => {
    const creator = await t.createUser();
    const approved = await requestProject(t, creator, await validRequestBody(t, artistId));
    const approvedAt = t.clock.now().toISOString();
    expect((await decide(t, alice, approved.id, { decision: 'approve' })).statusCode).toBe(200);
    t.clock.advance(60_000);
    const rejected = await requestProject(t, creator, await validRequestBody(t, artistId));
    expect((await decide(t, bob, rejected.id, { decision: 'reject', reason: 'No inventory' })).statusCode).toBe(200);
    const event = await postEvent(t, alice, await eventBody(t, artistId));
    expect(event.statusCode, event.body).toBe(201);
    const eventId = (event.json() as { project: { id: number } }).project.id;

    const { items } = await read();
    expect(items.slice(0, 3).map((item) => [item.action, item.operator.nickname, item.projectId])).toEqual([
      ['event.create', 'ops_alice', eventId],
      ['project.reject', 'ops_bob', rejected.id],
      ['project.approve', 'ops_alice', approved.id],
    ]);
    const approval = items[2]!;
    expect(Object.keys(approval).sort()).toEqual(['action', 'after', 'at', 'before', 'id', 'operator', 'projectId']);
    expect(approval).toMatchObject({
      at: approvedAt,
      before: { status: 'requested', approvedAt: null },
      after: { status: 'approved', approvedAt, creationDeadline: expect.any(String) },
    });
    expect(items[1]).toMatchObject({ before: { status: 'requested' }, after: { status: 'rejected', rejectionReason: 'No inventory' } });
    expect(items[0]).toMatchObject({ before: null, after: { kind: 'event', status: expect.any(String) } });
    expect(items.map((item) => item.id)).toEqual([...items.map((item) => item.id)].sort((a, b) => b - a));
  });

  it("lists a report decision, and an action with no project; a deleted operator's nickname is null", async () => {
    const creator = await t.createUser();
    const project = await createdProject(t, creator, alice, artistId);
    await hideProject(t, await t.createUser(), bob, project.id);
    const carol = await t.createUser({ roles: ['operator'], nickname: 'ops_carol' });
    await t.services.audit.record(t.database.db, { operatorId: carol.id, action: 'test_clock.advance', projectId: null, before: { offsetDays: 0 }, after: { offsetDays: 3 } });
    await t.database.db.execute(sql`update users set deleted_at = now() where id = ${carol.id}`);
    const [clock, hide] = (await read()).items;
    expect(clock).toMatchObject({ action: 'test_clock.advance', operator: { nickname: null }, projectId: null, before: { offsetDays: 0 }, after: { offsetDays: 3 } });
    expect(hide).toMatchObject({
      action: 'report.hide',
      operator: { nickname: 'ops_bob' },
      projectId: project.id,
      before: { target: { type: 'project', id: project.id }, hidden: false },
      after: { target: { type: 'project', id: project.id }, hidden: true, status: 'handled' },
    });
  });

  it('pages by keyset: 20 a page, every entry once, the last page without a cursor', async () => {
    for (let i = 0; i < 45; i++) await t.services.audit.record(t.database.db, { operatorId: alice.id, action: 'test.page', projectId: null, before: { i }, after: { i: i + 1 } });
    const total = Number((await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from operator_audit_log`)).rows[0]!.n);
    const seen: OperatorAuditLogEntry[] = [];
    let page = await read();
    expect(page.items).toHaveLength(20);
    seen.push(...page.items);
    while (page.nextCursor) {
      page = await read(`?cursor=${page.nextCursor}`);
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.length).toBeLessThanOrEqual(20);
      seen.push(...page.items);
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((item) => item.id)).size).toBe(total);
    expect(seen.map((item) => item.id)).toEqual([...seen.map((item) => item.id)].sort((a, b) => b - a));
    // A write between pages does not shift the next page: the cursor is an id, not an offset.
    const first = await read();
    await t.services.audit.record(t.database.db, { operatorId: alice.id, action: 'test.page', projectId: null, before: null, after: null });
    const second = await read(`?cursor=${first.nextCursor}`);
    expect(second.items[0]!.id).toBe(first.items.at(-1)!.id - 1);
  });

  it('refuses bad cursors and unknown parameters, and everyone but operators', async () => {
    for (const cursor of ['zzz', Buffer.from('{"id":-1}').toString('base64url'), Buffer.from('{"id":1.5}').toString('base64url'), Buffer.from('[1]').toString('base64url'), 'x'.repeat(101), '%00']) {
      const response = await t.request({ url: `/api/operator/audit-log?cursor=${cursor}`, cookie: alice.cookie });
      expect(response.statusCode, cursor).toBe(400);
      expect(['projects.cursor_invalid', 'validation.invalid'], cursor).toContain(errorCode(response));
    }
    expect(errorCode(await t.request({ url: `/api/operator/audit-log?cursor=zzz`, cookie: alice.cookie }))).toBe('projects.cursor_invalid');
    expect(errorCode(await t.request({ url: '/api/operator/audit-log?limit=5', cookie: alice.cookie }))).toBe('validation.invalid');
    expect((await t.request({ url: '/api/operator/audit-log' })).statusCode).toBe(401);
    expect((await t.request({ url: '/api/operator/audit-log', cookie: (await t.createUser()).cookie })).statusCode).toBe(403);
  });
});

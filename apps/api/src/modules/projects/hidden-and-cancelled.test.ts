import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@orchard/shared';
import { addDays, startOfKstDay } from '@orchard/shared/project-rules';
import { errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { hideProject, postComment } from '../../../test/community-kit.ts';
import { idempotencyKey, transactionCount } from '../../../test/points-fixtures.ts';
import { closeWithCleanLedger, creditOrange, fundingProject, notificationKindsOf, projectsTestContext, validRequestBody } from '../../../test/projects-kit.ts';

describe('a hidden project and a repeated cancellation (docs/product.md#reports, #cancellation)', () => {
  let t: TestContext;
  let operator: TestUser;
  let artistId: number;

  const participate = (user: TestUser, projectId: number, amount: number, key = idempotencyKey()) =>
    t.request({ method: 'POST', url: `/api/projects/${projectId}/participations`, cookie: user.cookie, headers: { 'idempotency-key': key }, payload: { amount } });
  /** Where the public list and search (by its own title) show `user` the project: once each, or not at all. */
  const listedTo = async (user: TestUser | undefined, project: Project) => {
    const list = await t.request({ url: '/api/projects', cookie: user?.cookie });
    const search = await t.request({ url: `/api/search?q=${encodeURIComponent(project.title!)}`, cookie: user?.cookie });
    expect([list.statusCode, search.statusCode], `${list.body} ${search.body}`).toEqual([200, 200]);
    return [...(list.json() as { items: Project[] }).items, ...(search.json() as { projects: Project[] }).projects]
      .map((listed) => listed.id)
      .filter((id) => id === project.id);
  };
  const fan = async (orange: number) => {
    const user = await t.createUser();
    await creditOrange(t, user.id, orange);
    return user;
  };

  beforeAll(async () => {
    ({ t, operator, artistId } = await projectsTestContext({ longSessions: true }));
  });
  afterAll(() => closeWithCleanLedger(t));

  it('a hidden project takes no participation, like or comment from anyone; a like and a comment can still be taken back; restored, it takes them again', async () => {
    const project = await fundingProject(t, await t.createUser(), operator, { ...(await validRequestBody(t, artistId)), purpose: 'ongoing' });
    const liker = await fan(100);
    const backer = await fan(100);
    expect((await t.request({ method: 'PUT', url: `/api/projects/${project.id}/like`, cookie: liker.cookie })).statusCode).toBe(200);
    const comment = await postComment(t, liker, project.id, 'Before the report');
    expect(await listedTo(liker, project)).toEqual([project.id, project.id]);
    await hideProject(t, await t.createUser(), operator, project.id);
    // docs/product.md#discovery: out of every public list and search, but for operators.
    expect(await listedTo(undefined, project)).toEqual([]);
    expect(await listedTo(liker, project)).toEqual([]);
    expect(await listedTo(operator, project)).toEqual([project.id, project.id]);
    const ledgerBefore = await transactionCount(t.database.db);

    const key = idempotencyKey();
    for (const who of [backer, operator]) {
      const refused = await participate(who, project.id, 10, who === backer ? key : idempotencyKey());
      expect([refused.statusCode, errorCode(refused)]).toEqual([409, 'projects.hidden']);
    }
    // The refusal replays under its key like any other.
    const replayed = await participate(backer, project.id, 10, key);
    expect([replayed.statusCode, errorCode(replayed)]).toEqual([409, 'projects.hidden']);
    const liked = await t.request({ method: 'PUT', url: `/api/projects/${project.id}/like`, cookie: backer.cookie });
    expect([liked.statusCode, errorCode(liked)]).toEqual([409, 'projects.hidden']);
    const commented = await t.request({ method: 'POST', url: `/api/projects/${project.id}/comments`, cookie: backer.cookie, payload: { body: 'Hello' } });
    expect([commented.statusCode, errorCode(commented)]).toEqual([409, 'projects.hidden']);
    expect(await transactionCount(t.database.db)).toBe(ledgerBefore);

    expect((await t.request({ method: 'DELETE', url: `/api/projects/${project.id}/like`, cookie: liker.cookie })).json()).toMatchObject({ liked: false, likeCount: 0 });
    expect((await t.request({ method: 'DELETE', url: `/api/comments/${comment.id}`, cookie: liker.cookie })).statusCode).toBeLessThan(300);

    await hideProject(t, operator, operator, project.id, 'restore');
    expect(await listedTo(liker, project)).toEqual([project.id, project.id]);
    expect((await participate(backer, project.id, 10)).statusCode).toBe(201);
    expect((await t.request({ method: 'PUT', url: `/api/projects/${project.id}/like`, cookie: backer.cookie })).statusCode).toBe(200);
  });

  it('a repeated cancellation answers the same and moves nothing twice, whatever reason it carries', async () => {
    const project: Project = await fundingProject(t, await t.createUser(), operator, await validRequestBody(t, artistId), { title: 'A cancelled screen' });
    const backer = await fan(project.goal);
    expect((await participate(backer, project.id, project.perUserLimit)).statusCode).toBe(201);
    const other = await fan(project.goal);
    expect((await participate(other, project.id, project.perUserLimit)).statusCode).toBe(201);
    t.clock.set(startOfKstDay(addDays(project.adStartDate, -31)));
    const cancel = (reason: string) => t.request({ method: 'POST', url: `/api/operator/projects/${project.id}/cancellation`, cookie: operator.cookie, payload: { reason } });
    const first = await cancel('The screen is under repair.');
    expect(first.statusCode, first.body).toBe(200);
    // docs/product.md#discovery: a cancelled project leaves every public list and search, for operators too.
    for (const user of [undefined, backer, operator]) expect(await listedTo(user, project)).toEqual([]);
    const counts = async () => {
      const { rows } = await t.database.db.execute<{ ledger: number; audit: number }>(sql`
        select (select count(*) from point_transactions where project_id = ${project.id})::int as ledger,
          (select count(*) from operator_audit_log where project_id = ${project.id} and action = 'cancel')::int as audit`);
      return { ledger: Number(rows[0]!.ledger), audit: Number(rows[0]!.audit), notified: await notificationKindsOf(t, backer.id, project.id) };
    };
    const after = await counts();
    expect(after.audit).toBe(1);
    const again = await cancel('The screen is under repair.');
    const otherReason = await cancel('Another reason, sent later.');
    // Past the last cancellable day too: the cancellation already happened, so it is answered, not refused.
    t.clock.set(startOfKstDay(addDays(project.adStartDate, -1)));
    const late = await cancel('Too late for a first cancellation.');
    for (const response of [again, otherReason, late]) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual(first.json());
    }
    expect(await counts()).toEqual(after);
  });
});

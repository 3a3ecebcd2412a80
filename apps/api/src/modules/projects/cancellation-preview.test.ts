import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CancellationPreview, Project } from '@orchard/shared';
import { addDays, startOfKstDay } from '@orchard/shared/project-rules';
import { addKstMonths } from '../../lib/kst.ts';
import { createTestContext, errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { expectLedgerClean, idempotencyKey } from '../../../test/points-fixtures.ts';
import { creditOrange, fundingProject, requestProject, validRequestBody } from '../../../test/projects-kit.ts';

/** docs/product.md#cancellation: what a cancellation would return, read before the operator confirms it. */
describe('GET /api/operator/projects/:projectId/cancellation-preview', () => {
  let t: TestContext;
  let operator: TestUser;
  let creator: TestUser;
  let project: Project;
  const fans: TestUser[] = [];

  const preview = (projectId: number | string, who: TestUser = operator, query = '') =>
    t.request({ url: `/api/operator/projects/${projectId}/cancellation-preview${query}`, cookie: who.cookie });
  const participate = async (user: TestUser, amount: number) => {
    const response = await t.request({
      method: 'POST',
      url: `/api/projects/${project.id}/participations`,
      cookie: user.cookie,
      headers: { 'idempotency-key': idempotencyKey() },
      payload: { amount },
    });
    expect(response.statusCode, response.body).toBe(201);
  };

  beforeAll(async () => {
    t = await createTestContext({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000', RATE_LIMIT_UPLOADS_PER_MINUTE: '100000' } });
    operator = await t.createUser({ roles: ['operator'] });
    creator = await t.createUser();
    const artistId = await t.createArtist();
    project = await fundingProject(t, creator, operator, { ...(await validRequestBody(t, artistId)), purpose: 'ongoing' });
    for (let index = 0; index < 2; index += 1) {
      const fan = await t.createUser();
      await creditOrange(t, fan.id, project.goal);
      fans.push(fan);
    }
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  it('counts every participation (the deposit included), the people behind them and their sum; the cancellation returns exactly that', async () => {
    const unit = project.minimumUnit!;
    await participate(fans[0]!, unit);
    await participate(fans[0]!, unit * 2);
    await participate(fans[1]!, unit * 3);
    const funding = await preview(project.id);
    expect(funding.statusCode, funding.body).toBe(200);
    expect(funding.json()).toEqual({
      projectId: project.id,
      cancellable: false,
      cancellableThrough: addKstMonths(project.adStartDate, -1),
      participationCount: 4,
      participantCount: 3,
      returnTotal: project.deposit! + unit * 6,
      currency: 'orange',
    } satisfies Record<keyof CancellationPreview, unknown>);

    // Other fans take it past its goal (ongoing: no cap at the goal); closed, it succeeds, and a
    // month and more before the ad it is cancellable.
    let raised = project.deposit! + unit * 6;
    let participations = 4;
    let participants = 3;
    while (raised < project.goal) {
      const fan = await t.createUser();
      await creditOrange(t, fan.id, project.goal);
      const amount = Math.min(Math.ceil((project.goal - raised) / unit) * unit, Math.floor(project.goal / 2 / unit) * unit);
      await participate(fan, amount);
      raised += amount;
      participations += 1;
      participants += 1;
    }
    t.clock.set(startOfKstDay(addDays(project.fundingEndDate, 1)));
    await t.services.participations.closeFundingDue();
    const succeeded = (await preview(project.id)).json() as CancellationPreview;
    expect(succeeded).toMatchObject({ cancellable: true, participationCount: participations, participantCount: participants, returnTotal: raised });

    const before = await t.database.db.execute<{ total: string }>(sql`select coalesce(sum(amount), 0)::bigint as total from point_transactions where project_id = ${project.id} and reason = 'project_not_achieved'`);
    expect(Number(before.rows[0]!.total)).toBe(0);
    const cancelled = await t.request({ method: 'POST', url: `/api/operator/projects/${project.id}/cancellation`, cookie: operator.cookie, payload: { reason: 'The screen is under repair.' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const returned = await t.database.db.execute<{ total: string; count: string }>(
      sql`select coalesce(sum(amount), 0)::bigint as total, count(*) as count from point_transactions where project_id = ${project.id} and reason = 'project_not_achieved'`,
    );
    expect({ total: Number(returned.rows[0]!.total), count: Number(returned.rows[0]!.count) }).toEqual({ total: succeeded.returnTotal, count: succeeded.participationCount });
    expect((await preview(project.id)).json()).toMatchObject({ cancellable: false });
  });

  it('answers 404 for an unknown project or a request before creation, 403 for a fan, 400 for a bad id or a query', async () => {
    const requested = await requestProject(t, creator, await validRequestBody(t, project.artistId));
    for (const response of [await preview(2_000_000), await preview(requested.id)]) {
      expect([response.statusCode, errorCode(response)]).toEqual([404, 'projects.not_found']);
    }
    const fan = fans[0]!;
    const forbidden = await preview(project.id, fan);
    expect([forbidden.statusCode, errorCode(forbidden)]).toEqual([403, 'auth.forbidden']);
    for (const response of [await preview('abc'), await preview('-1'), await preview('99999999999'), await preview(project.id, operator, '?lang=ko')]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(errorCode(response)).toBe('validation.invalid');
    }
  });
});

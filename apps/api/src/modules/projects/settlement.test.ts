import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project, ProjectSettlement } from '@orchard/shared';
import { addDays, startOfKstDay } from '@orchard/shared/project-rules';
import { errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import {
  closeWithCleanLedger,
  creditOrange,
  fundingProject,
  postParticipation,
  projectRow,
  projectsTestContext,
  requestProject,
  validRequestBody,
} from '../../../test/projects-kit.ts';

/**
 * A closed project's settlement, from the ledger (docs/product.md#funding-close, decision 107):
 * every kind of close adds up; a request is only its creator's and operators'; the CSV download;
 * an altered escrow entry shows. Runs on PostgreSQL and on PGlite (vitest.config.ts).
 */
describe('the settlement of a closed project (decision 107)', () => {
  let t: TestContext;
  let operator: TestUser;
  let artistId: number;

  const settlementResponse = (projectId: number | string, who: TestUser | null = null, query = '') =>
    t.request({ url: `/api/projects/${projectId}/settlement${query}`, ...(who ? { cookie: who.cookie } : {}) });
  const settlementOf = async (projectId: number, who: TestUser | null = null) => {
    const response = await settlementResponse(projectId, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ProjectSettlement;
  };
  const fan = async (orange: number) => {
    const user = await t.createUser();
    await creditOrange(t, user.id, orange);
    return user;
  };
  const participate = async (user: TestUser, projectId: number, amount: number) => {
    const response = await postParticipation(t, user, projectId, amount);
    expect(response.statusCode, response.body).toBe(201);
  };
  const open = async (purpose: 'limited' | 'ongoing') => fundingProject(t, await t.createUser(), operator, { ...(await validRequestBody(t, artistId)), purpose });
  /** An ongoing project far from its goal: one fan puts in 30 and 20, another 40. */
  const failingWith90 = async () => {
    const project = await open('ongoing');
    const fans = [await fan(100), await fan(100)] as const;
    for (const [who, amount] of [[fans[0], 30], [fans[0], 20], [fans[1], 40]] as const) await participate(who, project.id, amount);
    return { project, fans };
  };
  /** 00:00 KST after the funding end date, and the close sweep. */
  const close = async (project: Project) => {
    t.clock.set(startOfKstDay(addDays(project.fundingEndDate, 1)));
    await t.services.participations.closeFundingDue();
  };
  /** Whole units of 10 (the kit's minimum unit), at most `share` of the goal. */
  const unitsOf = (project: Project, share: number) => Math.floor((project.goal * share) / 10) * 10;
  const linesOf = (project: Project) =>
    project.media.map((medium) => ({
      mediaId: medium.mediaId,
      name: medium.name,
      priceUnit: medium.priceUnit,
      price: medium.price,
      duration: medium.duration,
      amount: medium.price * medium.duration,
    }));

  beforeAll(async () => {
    ({ t, operator, artistId } = await projectsTestContext({ longSessions: true }));
  });
  afterAll(() => closeWithCleanLedger(t));

  it('a limited project that reached its goal: raised is the goal, nothing returned; still so once its ad runs and the escrow is spent', async () => {
    const project = await open('limited');
    const [first, second] = [await fan(project.goal), await fan(project.goal)];
    await participate(first, project.id, unitsOf(project, 0.5));
    // The last participation is capped to what the goal still needs.
    await participate(second, project.id, unitsOf(project, 0.5));
    const succeeded = await settlementOf(project.id);
    expect(succeeded).toEqual({
      status: 'succeeded',
      currency: 'orange',
      goal: project.goal,
      raised: project.goal,
      participantCount: 3,
      deposit: project.deposit,
      lines: linesOf(project),
      mediaTotal: project.goal,
      surplus: 0,
      surplusUse: 'none',
      returned: 0,
      forfeited: 0,
      ledgerMatches: true,
    });

    t.clock.set(startOfKstDay(project.adStartDate));
    await t.services.participations.startAdsDue();
    expect((await projectRow(t, project.id)).status).toBe('running');
    expect(await settlementOf(project.id)).toEqual({ ...succeeded, status: 'running' });
  });

  it('an ongoing project past its goal keeps the surplus as extra rewards', async () => {
    const project = await open('ongoing');
    const fans = [await fan(project.goal), await fan(project.goal), await fan(project.goal)];
    for (const each of fans) await participate(each, project.id, unitsOf(project, 0.4));
    await close(project);
    const raised = project.deposit! + 3 * unitsOf(project, 0.4);
    expect(raised).toBeGreaterThan(project.goal);
    expect(await settlementOf(project.id)).toMatchObject({
      status: 'succeeded',
      goal: project.goal,
      raised,
      participantCount: 4,
      deposit: project.deposit,
      mediaTotal: project.goal,
      surplus: raised - project.goal,
      surplusUse: 'extra_rewards',
      returned: 0,
      forfeited: 0,
      ledgerMatches: true,
    });
  });

  it('a failed project gave everything back, the deposit included', async () => {
    const { project } = await failingWith90();
    await close(project);
    const raised = project.deposit! + 90;
    expect(await settlementOf(project.id)).toMatchObject({
      status: 'failed',
      raised,
      participantCount: 3,
      deposit: project.deposit,
      lines: linesOf(project),
      surplus: 0,
      surplusUse: 'none',
      returned: raised,
      forfeited: 0,
      ledgerMatches: true,
    });
  });

  it('a cancelled project gave everything back', async () => {
    const project = await open('limited');
    const [first, second] = [await fan(project.goal), await fan(project.goal)];
    await participate(first, project.id, unitsOf(project, 0.5));
    await participate(second, project.id, unitsOf(project, 0.5));
    t.clock.set(startOfKstDay(addDays(project.adStartDate, -31)));
    const cancelled = await t.request({ method: 'POST', url: `/api/operator/projects/${project.id}/cancellation`, cookie: operator.cookie, payload: { reason: 'The screen is under repair.' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await settlementOf(project.id)).toMatchObject({
      status: 'cancelled',
      raised: project.goal,
      participantCount: 3,
      surplus: 0,
      surplusUse: 'none',
      returned: project.goal,
      forfeited: 0,
      ledgerMatches: true,
    });
  });

  it('a deleted participant’s return is forfeited, the others’ returned', async () => {
    const { project, fans: [leaving] } = await failingWith90();
    const deleted = await t.request({ method: 'DELETE', url: '/api/users/me', cookie: leaving.cookie, payload: { acknowledgePointForfeit: true } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await close(project);
    expect(await settlementOf(project.id)).toMatchObject({
      status: 'failed',
      raised: project.deposit! + 90,
      participantCount: 3,
      returned: project.deposit! + 40,
      forfeited: 50,
      ledgerMatches: true,
    });
  });

  it('before the close: 409 to everyone; a request only to its creator and operators, 404 to anyone else', async () => {
    const funding = await open('ongoing');
    for (const who of [null, await t.createUser(), operator]) {
      const response = await settlementResponse(funding.id, who);
      expect([response.statusCode, errorCode(response)]).toEqual([409, 'projects.not_closed']);
    }
    const creator = await t.createUser();
    const requested = await requestProject(t, creator, await validRequestBody(t, artistId));
    for (const who of [creator, operator]) {
      const response = await settlementResponse(requested.id, who);
      expect([response.statusCode, errorCode(response)]).toEqual([409, 'projects.not_closed']);
    }
    for (const who of [null, await t.createUser()]) {
      const response = await settlementResponse(requested.id, who);
      expect([response.statusCode, errorCode(response)]).toEqual([404, 'projects.not_found']);
    }
  });

  it('an unknown project is 404; an id that is no project id is 400, as on every projects route', async () => {
    for (const id of [2_000_000, 2_147_483_647]) {
      const response = await settlementResponse(id);
      expect([response.statusCode, errorCode(response)]).toEqual([404, 'projects.not_found']);
    }
    for (const id of ['abc', '-1', '99999999999', '1.5', '0', '1e3', '%00']) {
      const response = await settlementResponse(id);
      expect([response.statusCode, errorCode(response)], id).toEqual([400, 'validation.invalid']);
    }
    const project = await open('ongoing');
    for (const query of ['?format=xlsx', '?other=1', '?lang=xx']) {
      const response = await settlementResponse(project.id, null, query);
      expect([response.statusCode, errorCode(response)], query).toEqual([400, 'validation.invalid']);
    }
  });

  it('answers a CSV with a byte-order mark, CRLF rows, one per medium then one per figure', async () => {
    const project = await open('ongoing');
    await close(project);
    const settlement = (await settlementResponse(project.id, null, '?lang=en')).json() as ProjectSettlement;
    const response = await settlementResponse(project.id, null, '?format=csv&lang=en');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="settlement-${project.id}.csv"`);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const rows = response.body.slice(1).split('\r\n');
    expect(rows.at(-1)).toBe('');
    expect(rows[0]).toBe('line,mediaId,name,priceUnit,price,duration,amount');
    const lines = settlement.lines.map((line) => `medium,${line.mediaId},${line.name.includes(',') ? `"${line.name}"` : line.name},${line.priceUnit},${line.price},${line.duration},${line.amount}`);
    expect(rows.slice(1, 1 + lines.length)).toEqual(lines);
    expect(rows.slice(1 + lines.length, -1)).toEqual([
      `mediaTotal,,,,,,${settlement.mediaTotal}`,
      'status,,,,,,failed',
      'currency,,,,,,orange',
      `goal,,,,,,${settlement.goal}`,
      `raised,,,,,,${project.deposit}`,
      'participantCount,,,,,,1',
      `deposit,,,,,,${project.deposit}`,
      'surplus,,,,,,0',
      'surplusUse,,,,,,none',
      `returned,,,,,,${project.deposit}`,
      'forfeited,,,,,,0',
      'ledgerMatches,,,,,,true',
    ]);
  });

  it('an escrow entry altered in the database makes the ledger not match, and its figures show it', async () => {
    const project = await open('limited');
    const [first, second] = [await fan(project.goal), await fan(project.goal)];
    await participate(first, project.id, unitsOf(project, 0.5));
    await participate(second, project.id, unitsOf(project, 0.5));
    const escrowAccountId = Number((await projectRow(t, project.id)).escrow_account_id);
    const { rows } = await t.database.db.execute<{ id: string }>(sql`
      select p.id from point_postings p join point_transactions s on s.id = p.transaction_id
      where p.escrow_account_id = ${escrowAccountId} and s.user_id = ${first.id} limit 1`);
    const leg = Number(rows[0]!.id);
    await t.database.db.execute(sql`update point_postings set amount = amount + 10 where id = ${leg}`);
    try {
      expect(await settlementOf(project.id)).toMatchObject({ raised: project.goal + 10, ledgerMatches: false });
    } finally {
      await t.database.db.execute(sql`update point_postings set amount = amount - 10 where id = ${leg}`);
    }
    expect(await settlementOf(project.id)).toMatchObject({ raised: project.goal, ledgerMatches: true });
  });
});

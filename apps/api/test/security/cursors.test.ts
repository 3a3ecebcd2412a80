import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@orchard/shared';
import { createTestContext, errorCode, type TestContext, type TestUser } from '../harness.ts';
import { idempotencyKey } from '../points-fixtures.ts';
import { approve, creditOrange, fundingProject, requestProject, validRequestBody } from '../projects-kit.ts';
import { expectErrorShape } from './route-fixtures.ts';

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Keyset cursors come back from the client, so they are input like any other
 * (docs/architecture.md#api-conventions): a cursor the app did not make is a 400 naming the cursor,
 * never an instant or an id PostgreSQL refuses as out of range (a 500 that logged the SQL).
 */
describe('hostile cursors', () => {
  let t: TestContext;
  let operator: TestUser;
  let project: Project;

  beforeAll(async () => {
    t = await createTestContext({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000', RATE_LIMIT_UPLOADS_PER_MINUTE: '100000' } });
    operator = await t.createUser({ roles: ['operator'] });
    const artistId = await t.createArtist();
    project = await fundingProject(t, await t.createUser(), operator, await validRequestBody(t, artistId));
    const fan = await t.createUser();
    const unit = project.minimumUnit!;
    await creditOrange(t, fan.id, unit);
    const joined = await t.request({ method: 'POST', url: `/api/projects/${project.id}/participations`, cookie: fan.cookie, headers: { 'idempotency-key': idempotencyKey() }, payload: { amount: unit } });
    expect(joined.statusCode, joined.body).toBe(201);
    for (let count = 0; count < 2; count++) await requestProject(t, await t.createUser(), await validRequestBody(t, artistId));
    await approve(t, operator, (await requestProject(t, await t.createUser(), await validRequestBody(t, artistId))).id);
  });
  afterAll(() => t.close());

  const latestDate = '+275760-09-13T00:00:00.000Z';
  const earliestDate = '-271821-04-20T00:00:00.000Z';

  it.each([
    ['latestMs 1e300', { sort: 'latest', latestMs: 1e300, id: 1 }],
    ['latestMs -1e300', { sort: 'latest', latestMs: -1e300, id: 1 }],
    ['latestMs at the year 275760', { sort: 'latest', latestMs: Date.parse(latestDate), id: 1 }],
    ['an id past 32 bits', { sort: 'latest', latestMs: Date.now(), id: 2 ** 31 }],
    ['an amount past 53 bits', { sort: 'amount', amount: 2 ** 60, id: 1 }],
    ['an amount id past 32 bits', { sort: 'amount', amount: 10, id: 2 ** 40 }],
  ])('the participants list (no session) refuses a cursor with %s: 400 projects.cursor_invalid', async (_label, cursor) => {
    const sort = cursor.sort;
    const response = await t.request({ url: `/api/projects/${project.id}/participations?sort=${sort}&cursor=${cursorOf(cursor)}` });
    expectErrorShape(response.statusCode, response.body, _label);
    expect([response.statusCode, errorCode(response)]).toEqual([400, 'projects.cursor_invalid']);
  });

  it.each([
    ['the year 275760', { at: latestDate, id: 1 }],
    ['the year -271821', { at: earliestDate, id: 1 }],
    ['the year 10000', { at: '+010000-01-01T00:00:00.000Z', id: 1 }],
    ['a date before 1970', { at: '1969-12-31T23:59:59.999Z', id: 1 }],
  ])("the operator's request queue refuses a cursor at %s: 400 projects.cursor_invalid", async (_label, cursor) => {
    const response = await t.request({ url: `/api/operator/project-requests?cursor=${cursorOf(cursor)}`, cookie: operator.cookie });
    expectErrorShape(response.statusCode, response.body, _label);
    expect([response.statusCode, errorCode(response)]).toEqual([400, 'projects.cursor_invalid']);
  });

  it('still pages with the cursors it made', async () => {
    const first = (await t.request({ url: `/api/projects/${project.id}/participations?sort=latest&limit=1` })).json() as { nextCursor: string | null };
    expect(first.nextCursor).not.toBeNull();
    expect((await t.request({ url: `/api/projects/${project.id}/participations?sort=latest&limit=1&cursor=${first.nextCursor}` })).statusCode).toBe(200);
    const queue = await t.request({ url: '/api/operator/project-requests', cookie: operator.cookie });
    expect(queue.statusCode, queue.body).toBe(200);
    const made = cursorOf({ at: new Date().toISOString(), id: 1 });
    expect((await t.request({ url: `/api/operator/project-requests?cursor=${made}`, cookie: operator.cookie })).statusCode).toBe(200);
  });
});

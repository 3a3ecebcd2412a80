import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@orchard/shared';
import { createdProject, hideProject } from '../../../test/community-kit.ts';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness.ts';
import { expectLedgerClean } from '../../../test/points-fixtures.ts';
import { creditOrange } from '../../../test/projects-kit.ts';

type HistoryPage = { items: HistoryEntry[]; nextCursor: string | null };

/** docs/product.md#notifications: a history entry names its project by the title it has when read. */
describe('the project of a history entry', () => {
  let t: TestContext;
  let creator: TestUser;
  let operator: TestUser;
  let fan: TestUser;
  beforeAll(async () => {
    t = await createTestContext();
    creator = await t.createUser();
    operator = await t.createUser({ roles: ['operator'] });
    fan = await t.createUser();
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  const history = async (user: TestUser) =>
    ((await t.request({ url: '/api/points/history?currency=orange&tab=all', cookie: user.cookie })).json() as HistoryPage).items;
  const detail = async (user: TestUser, transactionId: string) =>
    (await t.request({ url: `/api/points/history/${transactionId}`, cookie: user.cookie })).json() as HistoryEntry;

  it('carries the title as it stands, withholds it once the project is hidden, and is null for a charge', async () => {
    const artistId = await t.createArtist('History Artist');
    const project = await createdProject(t, creator, operator, artistId, 'Subway birthday ad');
    const deposit = (await history(creator)).find((entry) => entry.project !== null)!;
    expect(deposit.project).toEqual({ id: project.id, title: 'Subway birthday ad', hidden: false, artistNames: expect.objectContaining({ en: 'History Artist' }) });
    const charges = (await history(creator)).filter((entry) => entry.type === 'charge');
    expect(charges.length).toBeGreaterThan(0);
    expect(charges.map((entry) => entry.project)).toEqual(charges.map(() => null));

    await t.database.db.execute(sql`update projects set title = 'Renamed birthday ad' where id = ${project.id}`);
    expect((await history(creator)).find((entry) => entry.transactionId === deposit.transactionId)!.project!.title).toBe('Renamed birthday ad');
    expect((await detail(creator, deposit.transactionId)).project!.title).toBe('Renamed birthday ad');

    await creditOrange(t, fan.id, 100);
    await hideProject(t, fan, operator, project.id);
    const hidden = (await history(creator)).find((entry) => entry.transactionId === deposit.transactionId)!;
    expect(hidden.project).toMatchObject({ id: project.id, title: null, hidden: true });
    expect((await detail(creator, deposit.transactionId)).project).toMatchObject({ title: null, hidden: true });
  });
});
